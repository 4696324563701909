import type { ReactNode } from "react";

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
  return (
    <details
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
