import { Link } from "react-router";
import type { AuditEntry } from "../../shared/contracts/admin.ts";
import { AuditTable } from "./audit-table.tsx";

/** A record's latest audit entries and how many there are in all, as `loadAuditTrail` gives them. */
export interface AuditTrailData {
  entityType: string;
  entityId: string;
  entries: AuditEntry[];
  total: number;
}

/**
 * A record's history ("who changed what and when"), for the foot of any back-office record page. The page's
 * loader fetches it with `loadAuditTrail(api, "order", number)` (audit-trail.server.ts) and the page renders
 * `<AuditTrail trail={loaderData.trail} />`. The latest entries show here; the link opens the rest in the audit log.
 */
export function AuditTrail({ trail, title = "History" }: { trail: AuditTrailData; title?: string }) {
  const headingId = `audit-trail-${trail.entityType}-${trail.entityId}`;
  const everything = `/admin/audit?${new URLSearchParams({
    entity_type: trail.entityType,
    entity_id: trail.entityId,
  })}`;
  return (
    <section className="admin-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="admin-card__title">
        {title}
      </h2>
      {trail.entries.length === 0 ? (
        <p className="admin-empty">No changes have been recorded for this record yet.</p>
      ) : (
        <>
          <AuditTable
            entries={trail.entries}
            caption={`Changes to this ${trail.entityType}, newest first`}
            showRecord={false}
          />
          {trail.total > trail.entries.length && (
            <p>
              <Link to={everything}>All {trail.total} changes in the audit log</Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}
