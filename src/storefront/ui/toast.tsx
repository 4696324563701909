import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useLocation, useMatches } from "react-router";
import { AlertIcon, CheckIcon, CloseIcon } from "./icons.tsx";

export type ToastKind = "success" | "error";

interface Toast {
  id: string;
  message: string;
  kind: ToastKind;
}

interface ToastApi {
  show(message: string, kind?: ToastKind): void;
}

const ToastContext = createContext<ToastApi>({ show: () => {} });

/** Shows a toast (bottom-left, 320 px wide, closes itself after 5000 ms; hovering pauses it). */
export function useToast(): ToastApi {
  return useContext(ToastContext);
}

/**
 * Loader data may carry `notices`: load failures the page reports as error toasts ("Failed to load products").
 * They are derived from the current matches, so they render on the server too.
 */
export interface Notices {
  notices?: string[];
}

function noticesOf(loaderData: unknown): string[] {
  if (typeof loaderData !== "object" || loaderData === null || !("notices" in loaderData)) return [];
  const { notices } = loaderData as Notices;
  return Array.isArray(notices) ? notices : [];
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const matches = useMatches();
  const [added, setAdded] = useState<Toast[]>([]);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const counter = useRef(0);

  const fromLoaders: Toast[] = matches.flatMap((match) =>
    noticesOf(match.loaderData).map((message) => ({
      id: `${location.key}:${match.id}:${message}`,
      message,
      kind: "error" as const,
    })),
  );
  const toasts = [...fromLoaders.filter((toast) => !dismissed.has(toast.id)), ...added];

  const show = useCallback((message: string, kind: ToastKind = "success") => {
    counter.current += 1;
    const id = `toast-${counter.current}`;
    setAdded((list) => [...list, { id, message, kind }]);
  }, []);

  const dismiss = useCallback((id: string) => {
    setAdded((list) => list.filter((toast) => toast.id !== id));
    setDismissed((set) => new Set(set).add(id));
  }, []);

  const api = useMemo(() => ({ show }), [show]);

  return (
    <ToastContext value={api}>
      {children}
      <div className="toasts" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast--${toast.kind}`}>
            <span className="toast__icon">
              {toast.kind === "error" ? <AlertIcon size={20} /> : <CheckIcon size={20} />}
            </span>
            <p className="toast__message">{toast.message}</p>
            <button
              type="button"
              className="toast__close"
              aria-label="Dismiss notification"
              onClick={() => dismiss(toast.id)}
            >
              <CloseIcon size={16} />
            </button>
            {/* The bar's 5000 ms animation is the toast's clock: it pauses on hover and ends the toast. */}
            <span className="toast__timer" aria-hidden="true" onAnimationEnd={() => dismiss(toast.id)} />
          </div>
        ))}
      </div>
    </ToastContext>
  );
}

/** Shows `message` as a toast once when this renders on the client (for failures found after the page loads). */
export function ToastOnMount({ message, kind = "error" }: { message: string; kind?: ToastKind }) {
  const { show } = useToast();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    show(message, kind);
  }, [show, message, kind]);
  return null;
}
