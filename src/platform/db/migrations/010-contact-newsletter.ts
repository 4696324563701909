import { type Kysely, sql } from "kysely";
import type { Engine } from "../connection.ts";

/** The states of a newsletter sign-up (double opt-in); the database refuses any other. */
const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed"];

/**
 * The contact form and the newsletter (docs/decisions/0026-contact-form-and-newsletter.md):
 *
 * - `contact_messages`: every message sent through the contact form, stored in the transaction that queues its
 *   two mails (to the shop, and the acknowledgement to the sender).
 * - `newsletter_subscribers`: one row per address, kept in lower case (unique), moving pending → confirmed →
 *   unsubscribed (and back to pending when the address signs up again). `consent_at` is when the address asked,
 *   `confirmed_at` when the emailed link was opened, `confirmation_sent_at` when the last link was mailed (at
 *   most one an hour), `unsubscribe_token` the random token of the address's unsubscribe links. New tables, so
 *   both engines take plain CHECK constraints.
 * - `mail_outbox` gains `reply_to` (the shop answers the sender of a contact message with Reply) and `headers`
 *   (JSON: List-Unsubscribe for newsletter mail).
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const id = (table: "contact_messages" | "newsletter_subscribers") =>
    db.schema
      .createTable(table)
      .addColumn("id", "integer", (c) =>
        engine === "postgres"
          ? c.primaryKey().generatedByDefaultAsIdentity()
          : c.primaryKey().autoIncrement(),
      );

  await id("contact_messages")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("contact_messages_created_idx")
    .on("contact_messages")
    .column("created_at")
    .execute();

  const statuses = sql.raw(SUBSCRIBER_STATUSES.map((status) => `'${status}'`).join(", "));
  await id("newsletter_subscribers")
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("consent_at", "text", (c) => c.notNull())
    .addColumn("confirmation_sent_at", "text")
    .addColumn("confirmed_at", "text")
    .addColumn("unsubscribed_at", "text")
    .addColumn("unsubscribe_token", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addCheckConstraint("newsletter_subscribers_status_known", sql`status in (${statuses})`)
    .addCheckConstraint("newsletter_subscribers_email_lower", sql`email = lower(email)`)
    .execute();
  // The owner's export reads the confirmed ones.
  await db.schema
    .createIndex("newsletter_subscribers_status_idx")
    .on("newsletter_subscribers")
    .columns(["status", "id"])
    .execute();

  await db.schema.alterTable("mail_outbox").addColumn("reply_to", "text").execute();
  await db.schema.alterTable("mail_outbox").addColumn("headers", "text").execute();
}
