import type { ApiClient } from "../lib/api.server.ts";
import { answerOrThrow } from "./admin-data.server.ts";
import type { AuditTrailData } from "./audit-trail.tsx";

/** How many of a record's latest changes its page shows. */
const SHOWN = 10;

/** A record's audit trail for `AuditTrail`, from a back-office page's loader: `loadAuditTrail(api, "order", "BT-…")`. */
export async function loadAuditTrail(
  api: ApiClient,
  entityType: string,
  entityId: string | number,
): Promise<AuditTrailData> {
  const page = answerOrThrow(
    await api.call("adminAudit", { query: { entity_type: entityType, entity_id: String(entityId) } }),
  );
  return {
    entityType,
    entityId: String(entityId),
    entries: page.data.slice(0, SHOWN),
    total: page.meta.total,
  };
}
