import type { Insertable, Kysely } from "kysely";
import type { Database, IdempotencyKeyTable } from "../../platform/db/schema.ts";

/** The `idempotency_keys` table's statements; the rules (claims, answers, 24 hours) are idempotency.ts's. */

/** Forgets this scope's key if it was stored before `expired`. */
export async function deleteExpiredKey(trx: Kysely<Database>, scope: string, key: string, expired: string) {
  await trx
    .deleteFrom("idempotency_keys")
    .where("scope", "=", scope)
    .where("key", "=", key)
    .where("created_at", "<", expired)
    .execute();
}

/** Inserts the key unless it is there; answers its id, or undefined when another request holds it. */
export async function insertKey(
  trx: Kysely<Database>,
  values: Insertable<IdempotencyKeyTable>,
): Promise<number | undefined> {
  const inserted = await trx
    .insertInto("idempotency_keys")
    .values(values)
    .onConflict((oc) => oc.columns(["scope", "key"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted?.id;
}

export function findKey(trx: Kysely<Database>, scope: string, key: string) {
  return trx
    .selectFrom("idempotency_keys")
    .select(["request_hash", "response_status", "response_body"])
    .where("scope", "=", scope)
    .where("key", "=", key)
    .executeTakeFirst();
}

export async function storeAnswer(trx: Kysely<Database>, id: number, status: number, body: string) {
  await trx
    .updateTable("idempotency_keys")
    .set({ response_status: status, response_body: body })
    .where("id", "=", id)
    .execute();
}

/** Deletes keys stored before `expired`; answers how many. */
export async function deleteKeysBefore(db: Kysely<Database>, expired: string): Promise<number> {
  const result = await db.deleteFrom("idempotency_keys").where("created_at", "<", expired).executeTakeFirst();
  return Number(result.numDeletedRows);
}
