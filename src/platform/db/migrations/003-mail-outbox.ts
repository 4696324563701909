import { type Kysely, sql } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * Two tables that let checkout do its work in one transaction and nothing outside it
 * (docs/decisions/0014-mail-outbox-and-idempotent-checkout.md):
 *
 * - `mail_outbox`: mail written in the same transaction as the order it is about, sent later by the mail
 *   worker. A row is pending while `sent_at` and `failed_at` are null; a worker claims it by setting
 *   `claimed_until` (and its `claim_token`), so a worker that dies mid-send leaves a claim that expires and
 *   the row is sent again.
 * - `idempotency_keys`: the answer a checkout gave for one `Idempotency-Key` of one shopper (`scope`),
 *   written in the order's transaction, so a repeated request gets the same answer and no second order.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const schema = db.schema;
  const id = (table: "mail_outbox" | "idempotency_keys") =>
    schema
      .createTable(table)
      .addColumn("id", "integer", (c) =>
        engine === "postgres"
          ? c.primaryKey().generatedByDefaultAsIdentity()
          : c.primaryKey().autoIncrement(),
      );

  await id("mail_outbox")
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text", (c) => c.notNull())
    .addColumn("reference", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("claimed_until", "text")
    .addColumn("claim_token", "text")
    .addColumn("sent_at", "text")
    .addColumn("failed_at", "text")
    .addColumn("last_error", "text")
    .execute();
  // What the worker asks for: pending rows by when they are due. Partial, so sent mail does not grow it.
  await schema
    .createIndex("mail_outbox_due_idx")
    .on("mail_outbox")
    .columns(["next_attempt_at", "id"])
    .where(sql.ref("sent_at"), "is", null)
    .where(sql.ref("failed_at"), "is", null)
    .execute();
  await schema.createIndex("mail_outbox_sent_idx").on("mail_outbox").column("sent_at").execute();

  await id("idempotency_keys")
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("request_hash", "text", (c) => c.notNull())
    .addColumn("response_status", "integer")
    .addColumn("response_body", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("idempotency_keys_scope_key_unique", ["scope", "key"])
    .execute();
  await schema
    .createIndex("idempotency_keys_created_idx")
    .on("idempotency_keys")
    .column("created_at")
    .execute();
}
