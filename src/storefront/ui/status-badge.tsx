import { statusLabel } from "./format.ts";

/** An order's or a review's status as a coloured label. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`status-badge status-badge--${status.replace(/[^a-z_-]/gi, "")}`}>
      {statusLabel(status)}
    </span>
  );
}
