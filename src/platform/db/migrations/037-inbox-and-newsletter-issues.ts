import { type Kysely, sql } from "kysely";
import { CONTACT_MESSAGE_STATUSES, NEWSLETTER_ISSUE_STATUSES } from "../../../shared/inbox.ts";
import type { Engine } from "../connection.ts";

const listed = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

/**
 * The contact inbox and newsletter issues (issue 35, item 6; docs/decisions/0062-contact-inbox-and-newsletter-issues.md):
 *
 * - `contact_messages` gains its inbox `status` (new, answered, closed) and `mail_message_id`, the Message-ID of the
 *   shop's copy of the message, which a reply names in In-Reply-To and References (null for messages received
 *   before this migration: their replies start a new thread).
 * - `contact_replies`: every answer sent from the back office (who, when, what), with its outbox mail.
 * - `newsletter_issues`: a draft (subject, sanitised HTML, text part), claimed once for sending.
 * - `newsletter_deliveries`: one row per issue and subscriber, unique, written when the issue is claimed (the
 *   confirmed subscribers of that moment); `mail_id` is the outbox mail once queued, so each gets it once.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const id = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn("id", "integer", (c) =>
        engine === "postgres"
          ? c.primaryKey().generatedByDefaultAsIdentity()
          : c.primaryKey().autoIncrement(),
      );

  await sql`alter table contact_messages add column status text not null default 'new' check (status in (${listed(CONTACT_MESSAGE_STATUSES)}))`.execute(
    db,
  );
  await sql`alter table contact_messages add column mail_message_id text`.execute(db);
  // The inbox's list: by status, newest first.
  await db.schema
    .createIndex("contact_messages_status_idx")
    .on("contact_messages")
    .columns(["status", "id"])
    .execute();

  await id("contact_replies")
    .addColumn("contact_message_id", "integer", (c) =>
      c.notNull().references("contact_messages.id").onDelete("cascade"),
    )
    .addColumn("author_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("author_email", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("mail_id", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("contact_replies_message_idx")
    .on("contact_replies")
    .columns(["contact_message_id", "id"])
    .execute();

  await id("newsletter_issues")
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("html_body", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("draft"))
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("sent_by", "text")
    .addColumn("send_started_at", "text")
    .addColumn("all_queued_at", "text")
    .addColumn("finished_at", "text")
    .addCheckConstraint(
      "newsletter_issues_status_known",
      sql`status in (${listed(NEWSLETTER_ISSUE_STATUSES)})`,
    )
    .execute();

  await id("newsletter_deliveries")
    .addColumn("issue_id", "integer", (c) =>
      c.notNull().references("newsletter_issues.id").onDelete("cascade"),
    )
    .addColumn("subscriber_id", "integer", (c) =>
      c.notNull().references("newsletter_subscribers.id").onDelete("cascade"),
    )
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("mail_id", "integer")
    .addColumn("skipped_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("newsletter_deliveries_once", ["issue_id", "subscriber_id"])
    .execute();
  // The batches' read: an issue's deliveries not queued yet, by id.
  await db.schema
    .createIndex("newsletter_deliveries_waiting_idx")
    .on("newsletter_deliveries")
    .columns(["issue_id", "mail_id", "id"])
    .execute();
}
