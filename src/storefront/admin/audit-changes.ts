import { formatDateTime } from "../ui/format.ts";

/** One field an audit entry changed, both sides as text ("—" for nothing). */
export interface AuditChange {
  /** The field's name; empty when the snapshots are not records (a single value changed). */
  field: string;
  before: string;
  after: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A timestamp as the API stores them ("2026-01-05T10:00:00.000Z"). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function shown(value: unknown): string {
  if (value === undefined || value === null) return "—";
  if (typeof value === "string" && ISO_TIME.test(value)) return formatDateTime(value);
  if (typeof value === "string") return value === "" ? "(empty)" : value;
  return JSON.stringify(value);
}

/**
 * What an audit entry changed: for record snapshots, each field whose value differs (in the record's own order),
 * else the whole value before and after. A creation has nothing before, a removal nothing after.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  if ((isRecord(before) || before == null) && (isRecord(after) || after == null) && (before || after)) {
    const was = isRecord(before) ? before : {};
    const now = isRecord(after) ? after : {};
    const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
    return fields
      .filter((field) => JSON.stringify(was[field]) !== JSON.stringify(now[field]))
      .map((field) => ({ field, before: shown(was[field]), after: shown(now[field]) }));
  }
  return [{ field: "", before: shown(before), after: shown(after) }];
}

/**
 * What each kind of change is called on screen. A feature that records a new action adds its words here; an
 * action without them is shown as recorded.
 */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  "customer.disable": "Disabled the account",
  "customer.enable": "Enabled the account",
  "staff.create": "Created a staff account",
  "staff.role": "Changed the role",
  "staff.remove": "Took off the staff",
  "staff.invite": "Invited to the staff",
  "staff.invite_revoke": "Withdrew an invitation",
  "staff.accept": "Accepted an invitation",
  "order.status": "Changed the order's status",
  "order.cash_collected": "Recorded the cash collected",
  "order.refund": "Refunded money",
  "order.payment_received": "Marked the bank transfer paid",
  "order.payment_rejected": "Rejected the bank transfer",
};

export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

/**
 * The back-office page of a record an audit entry is about, where there is one; the others are shown by the
 * audit log's own filter. A feature with its own record pages adds its kind here.
 */
const RECORD_PAGES: Record<string, (id: string) => string> = {
  order: (id) => `/admin/orders/${encodeURIComponent(id)}`,
  product: (id) => `/admin/products/${encodeURIComponent(id)}`,
};

export function auditRecordHref(entityType: string, entityId: string): string {
  return (
    RECORD_PAGES[entityType]?.(entityId) ??
    `/admin/audit?${new URLSearchParams({ entity_type: entityType, entity_id: entityId })}`
  );
}
