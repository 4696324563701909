import { Link } from "react-router";
import type { AuditEntry } from "../../shared/contracts/admin.ts";
import { formatDateTime } from "../ui/format.ts";
import { auditActionLabel, auditChanges, auditRecordHref } from "./audit-changes.ts";

/**
 * Audit entries as a table: when, who, what, the record (unless the table is about one record) and each field
 * before → after. Used by the audit log and by `AuditTrail` on a record's page.
 */
export function AuditTable({
  entries,
  caption,
  showRecord = true,
}: {
  entries: AuditEntry[];
  caption: string;
  showRecord?: boolean;
}) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-audit">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            {showRecord && <th scope="col">Record</th>}
            <th scope="col">Before → after</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="admin-audit__when">
                <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
              </td>
              <td className="admin-wrap">
                <Link to={`/admin/audit?${new URLSearchParams({ actor: entry.actor.email })}`}>
                  {entry.actor.email}
                </Link>
              </td>
              <td>{auditActionLabel(entry.action)}</td>
              {showRecord && (
                <td>
                  <Link to={auditRecordHref(entry.entity_type, entry.entity_id)}>
                    {entry.entity_type} {entry.entity_id}
                  </Link>
                </td>
              )}
              <td className="admin-wrap">
                <ul className="admin-audit__changes">
                  {auditChanges(entry.before, entry.after).map((change) => (
                    <li key={change.field}>
                      {change.field && <span className="admin-audit__field">{change.field}: </span>}
                      <del>{change.before}</del> <span aria-hidden="true">→</span>
                      <span className="visually-hidden"> changed to </span> <ins>{change.after}</ins>
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
