import { type KeyboardEvent, type ReactNode, useEffect, useRef } from "react";
import { useBodyScrollLock, useEscapeKey, useHydrated } from "./hooks.ts";
import { CloseIcon } from "./icons.tsx";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex="0"]';

/**
 * A panel that slides in from the left over a dimmed overlay; the overlay, the close button and Escape close it.
 *
 * Before the page's JavaScript runs, the toggle and the close controls are plain in-page links and the panel
 * opens through CSS `:target`, so the shop's filters work without JavaScript too.
 */
export function OffCanvas({
  id,
  title,
  open,
  onClose,
  children,
}: {
  id: string;
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  useEscapeKey(open, onClose);
  useBodyScrollLock(open);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    return () => opener?.focus?.();
  }, [open]);

  const keepFocusInside = (event: KeyboardEvent) => {
    if (event.key !== "Tab" || !panel.current) return;
    const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div id={id} className={`offcanvas${open ? " is-open" : ""}`}>
      {hydrated ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: a pointer convenience; the close button and Escape close it too
        // biome-ignore lint/a11y/useKeyWithClickEvents: as above
        <div className="offcanvas__overlay" onClick={onClose} data-testid={`${id}-overlay`} />
      ) : (
        <a href="#top" className="offcanvas__overlay" tabIndex={-1}>
          <span className="visually-hidden">Close</span>
        </a>
      )}
      <div
        ref={panel}
        className="offcanvas__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        tabIndex={-1}
        onKeyDown={keepFocusInside}
      >
        <div className="offcanvas__head">
          <h2 id={`${id}-title`} className="offcanvas__title">
            {title}
          </h2>
          {hydrated ? (
            <button
              type="button"
              className="icon-button"
              onClick={onClose}
              aria-label={`Close ${title.toLowerCase()}`}
            >
              <CloseIcon />
            </button>
          ) : (
            <a href="#top" className="icon-button" aria-label={`Close ${title.toLowerCase()}`}>
              <CloseIcon />
            </a>
          )}
        </div>
        <div className="offcanvas__body">{children}</div>
      </div>
    </div>
  );
}

/** Opens an OffCanvas: a link to `#id` until the page's JavaScript runs, then a button. */
export function OffCanvasToggle({
  target,
  open,
  onOpen,
  className,
  label,
  children,
}: {
  target: string;
  open: boolean;
  onOpen: () => void;
  className?: string;
  label?: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  // Opened through the link before the page hydrated (the address ends in #target): it stays open, now as the
  // page's own state, since the hydrated page no longer opens panels through :target.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only what the page showed when it hydrated
  useEffect(() => {
    if (window.location.hash === `#${target}`) onOpen();
  }, []);
  if (!hydrated) {
    return (
      <a href={`#${target}`} className={className} aria-label={label}>
        {children}
      </a>
    );
  }
  return (
    <button
      type="button"
      className={className}
      aria-controls={target}
      aria-expanded={open}
      aria-label={label}
      onClick={onOpen}
    >
      {children}
    </button>
  );
}
