import { createHash } from "node:crypto";
import { type Kysely, sql } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * The shop's own signing secret and hashed unsubscribe tokens (docs/decisions/0038-signing-secret.md):
 *
 * - `signing_secret`: at most one row (`id` 1), the secret the shop signs cookies and tokens with when
 *   SESSION_SECRET is not configured. Inserted with ON CONFLICT DO NOTHING by the first instance to start, so every
 *   instance sharing the database signs with the same value (src/platform/db/signing-secret.ts).
 * - `newsletter_subscribers.unsubscribe_token` becomes `unsubscribe_token_hash`: the SHA-256 (hex) of the token an
 *   unsubscribe link carries, never the token. Existing tokens are hashed here, so links already mailed still work.
 */
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable("signing_secret")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  const { rows } = await sql<{ id: number; unsubscribe_token: string }>`
    select id, unsubscribe_token from newsletter_subscribers order by id`.execute(db);
  for (const row of rows) {
    await sql`update newsletter_subscribers set unsubscribe_token = ${sha256(row.unsubscribe_token)}
      where id = ${row.id}`.execute(db);
  }
  await sql`alter table newsletter_subscribers rename column unsubscribe_token to unsubscribe_token_hash`.execute(
    db,
  );
}
