import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/** While `active`, Escape calls `onDismiss` (dropdowns, the mini cart and off-canvas panels close on it). */
export function useEscapeKey(active: boolean, onDismiss: () => void) {
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") onDismiss();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [active, onDismiss]);
}

/** True once the page has been scrolled `threshold` px or more. */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY >= threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return past;
}

/** False on the server and during hydration, true once the page's JavaScript runs. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Keeps the page behind an open panel from scrolling. */
export function useBodyScrollLock(locked: boolean) {
  useEffect(() => {
    if (!locked) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previous;
    };
  }, [locked]);
}

/**
 * Calls `onNavigate` after each navigation (a new location key), not when the page first renders or hydrates:
 * a panel the shopper opened before the page hydrated stays open.
 */
export function useAfterNavigation(onNavigate: () => void) {
  const { key } = useLocation();
  const shown = useRef(key);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location key is the trigger, not an input
  useEffect(() => {
    if (key === shown.current) return;
    shown.current = key;
    onNavigate();
  }, [key]);
}
