import type { Insertable, Kysely } from "kysely";
import type { BlocklistTable, Database, Db } from "../../../platform/db/schema.ts";
import { newestFirst } from "../newest-first.repository.ts";

/** The blocklist's statements (migration 023); what counts as one phone, email or address is blocklist.service.ts's. */
export function blocklistRepository(db: Kysely<Database>) {
  return {
    ...newestFirst(db, "blocklist"),

    /** Inserts the entry unless the same kind and value is there; its id, or undefined when it was. */
    insert: async (values: Insertable<BlocklistTable>, trx: Db = db) =>
      (
        await trx
          .insertInto("blocklist")
          .values(values)
          .onConflict((oc) => oc.columns(["kind", "value"]).doNothing())
          .returning("id")
          .executeTakeFirst()
      )?.id,

    remove: (id: number, trx: Db = db) =>
      trx.deleteFrom("blocklist").where("id", "=", id).returningAll().executeTakeFirst(),

    /** The entries among these (kind, value) pairs. */
    matching: (keys: { kind: BlocklistTable["kind"]; value: string }[], trx: Db = db) =>
      keys.length === 0
        ? Promise.resolve([])
        : trx
            .selectFrom("blocklist")
            .selectAll()
            .where((eb) =>
              eb.or(keys.map((key) => eb.and([eb("kind", "=", key.kind), eb("value", "=", key.value)]))),
            )
            .execute(),
  };
}

export type BlocklistRepository = ReturnType<typeof blocklistRepository>;
