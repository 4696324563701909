import type { Kysely } from "kysely";
import type { Database, Db } from "../../platform/db/schema.ts";
import { type AuditActor, recordAudit } from "../admin/audit.ts";
import {
  type CatalogueListener,
  catalogueWrite,
  markCatalogueChanged,
} from "../catalogue/catalogue-write.ts";
import { shopSettingsRepository } from "./shop-settings.repository.ts";

/**
 * Saves a setting the shop's public pages show (the search words, the shop's details): the value as JSON under
 * `key`, audited as `settings.<key>` with what `read` gave before, and marked as a catalogue change, so the kept
 * pages and every instance's per-process copy are dropped after the commit.
 */
export function savePublicSetting(
  db: Kysely<Database>,
  actor: AuditActor,
  key: string,
  read: (db: Db) => Promise<unknown>,
  value: object,
  onCatalogueChanged?: CatalogueListener,
): Promise<void> {
  const now = new Date();
  return catalogueWrite(
    db,
    async (trx) => {
      markCatalogueChanged(trx);
      const before = await read(trx);
      await shopSettingsRepository.write(trx, key, JSON.stringify(value), actor.email, now);
      await recordAudit(
        trx,
        { actor, action: `settings.${key}`, entityType: "settings", entityId: key, before, after: value },
        now,
      );
    },
    onCatalogueChanged,
  );
}
