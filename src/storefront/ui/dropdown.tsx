import { type ReactNode, useEffect, useRef } from "react";

/**
 * A header dropdown built on <details>, so it opens even before the page's JavaScript runs. Once it runs,
 * the header owns the open state (one dropdown at a time, closed on navigation, overlay click and Escape).
 */
export function Dropdown({
  open,
  onToggle,
  label,
  summary,
  className = "",
  children,
}: {
  open: boolean;
  onToggle: (open: boolean) => void;
  label: string;
  summary: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  // Opened before the page hydrated (React did not see that toggle): the header takes it over as open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only what the page showed when it hydrated
  useEffect(() => {
    if (details.current?.open) onToggle(true);
  }, []);
  return (
    <details
      ref={details}
      className={`dropdown ${className}`}
      open={open}
      onToggle={(event) => onToggle(event.currentTarget.open)}
    >
      <summary className="icon-button header-icon" aria-label={label}>
        {summary}
      </summary>
      <div className="dropdown__panel">{children}</div>
    </details>
  );
}
