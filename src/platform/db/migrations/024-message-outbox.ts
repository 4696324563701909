import { type Kysely, sql } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * `message_outbox`: text messages to a customer's phone (SMS or WhatsApp), written in the same transaction as
 * the order change they are about and sent later by the message worker, exactly as `mail_outbox` (migration 003)
 * holds mail: pending while `sent_at` and `failed_at` are null, claimed with `claimed_until` and `claim_token`
 * (docs/decisions/0044-messages.md).
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const schema = db.schema;
  await schema
    .createTable("message_outbox")
    .addColumn("id", "integer", (c) =>
      engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn("channel", "text", (c) => c.notNull())
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("template", "text")
    .addColumn("order_number", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("claimed_until", "text")
    .addColumn("claim_token", "text")
    .addColumn("sent_at", "text")
    .addColumn("failed_at", "text")
    .addColumn("last_error", "text")
    .addColumn("provider_id", "text")
    .execute();
  // What the worker asks for: pending rows by when they are due. Partial, so sent messages do not grow it.
  await schema
    .createIndex("message_outbox_due_idx")
    .on("message_outbox")
    .columns(["next_attempt_at", "id"])
    .where(sql.ref("sent_at"), "is", null)
    .where(sql.ref("failed_at"), "is", null)
    .execute();
  await schema.createIndex("message_outbox_sent_idx").on("message_outbox").column("sent_at").execute();
  await schema.createIndex("message_outbox_order_idx").on("message_outbox").column("order_number").execute();
}
