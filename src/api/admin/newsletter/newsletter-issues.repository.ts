import type { Insertable, Kysely, Updateable } from "kysely";
import type { Engine } from "../../../platform/db/connection.ts";
import type { Database, NewsletterIssueTable } from "../../../platform/db/schema.ts";
import type { IssueProgress } from "../../../shared/contracts/newsletter-issues.ts";

/** Newsletter issues and their deliveries, one per issue and subscriber (migration 037, decision 0062). */
export function newsletterIssuesRepository(db: Kysely<Database>, engine: Engine) {
  return {
    async insert(values: Insertable<NewsletterIssueTable>): Promise<number> {
      const row = await db
        .insertInto("newsletter_issues")
        .values(values)
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },

    find: (id: number) =>
      db.selectFrom("newsletter_issues").selectAll().where("id", "=", id).executeTakeFirst(),

    page: (limit: number, offset: number) =>
      db
        .selectFrom("newsletter_issues")
        .selectAll()
        .orderBy("id", "desc")
        .limit(limit)
        .offset(offset)
        .execute(),

    async count(): Promise<number> {
      const row = await db
        .selectFrom("newsletter_issues")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Changes a draft; false when the issue is no longer one. */
    async updateDraft(id: number, values: Updateable<NewsletterIssueTable>): Promise<boolean> {
      const result = await db
        .updateTable("newsletter_issues")
        .set(values)
        .where("id", "=", id)
        .where("status", "=", "draft")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Claims a draft for sending (draft → sending), once: of two sends at once, one statement wins and the other
     * finds it claimed. True for the winner.
     */
    async claimForSending(id: number, sentBy: string, at: string): Promise<boolean> {
      const result = await db
        .updateTable("newsletter_issues")
        .set({ status: "sending", sent_by: sentBy, send_started_at: at, updated_at: at })
        .where("id", "=", id)
        .where("status", "=", "draft")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** One delivery per subscriber confirmed now, for the issue just claimed; answers how many. */
    async addRecipients(issueId: number, at: string): Promise<number> {
      const result = await db
        .insertInto("newsletter_deliveries")
        .columns(["issue_id", "subscriber_id", "email", "created_at"])
        .expression((eb) =>
          eb
            .selectFrom("newsletter_subscribers")
            .select((inner) => [
              inner.val(issueId).as("issue_id"),
              "id",
              "email",
              inner.val(at).as("created_at"),
            ])
            .where("status", "=", "confirmed")
            .orderBy("id"),
        )
        .onConflict((conflict) => conflict.columns(["issue_id", "subscriber_id"]).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    /**
     * Up to `limit` of the issue's deliveries whose mail is not queued yet, with their subscriber's state now. On
     * PostgreSQL they are locked and rows another sender holds are skipped, so two senders never queue one twice.
     */
    unqueued(issueId: number, limit: number) {
      const query = db
        .selectFrom("newsletter_deliveries")
        .innerJoin(
          "newsletter_subscribers",
          "newsletter_subscribers.id",
          "newsletter_deliveries.subscriber_id",
        )
        .select([
          "newsletter_deliveries.id",
          "newsletter_deliveries.subscriber_id",
          "newsletter_subscribers.email",
          "newsletter_subscribers.status",
        ])
        .where("newsletter_deliveries.issue_id", "=", issueId)
        .where("newsletter_deliveries.mail_id", "is", null)
        .where("newsletter_deliveries.skipped_at", "is", null)
        .orderBy("newsletter_deliveries.id")
        .limit(limit);
      return (
        engine === "postgres" ? query.forUpdate("newsletter_deliveries").skipLocked() : query
      ).execute();
    },

    /** Records a delivery's queued mail; false when another sender queued it first. */
    async setMail(deliveryId: number, mailId: number): Promise<boolean> {
      const result = await db
        .updateTable("newsletter_deliveries")
        .set({ mail_id: mailId })
        .where("id", "=", deliveryId)
        .where("mail_id", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async skip(deliveryId: number, at: string): Promise<void> {
      await db
        .updateTable("newsletter_deliveries")
        .set({ skipped_at: at })
        .where("id", "=", deliveryId)
        .where("mail_id", "is", null)
        .execute();
    },

    /** Records that every delivery of the issue has its mail queued or was skipped; nothing while one has not. */
    async markAllQueued(id: number, at: string): Promise<void> {
      await db
        .updateTable("newsletter_issues")
        .set({ all_queued_at: at })
        .where("id", "=", id)
        .where("all_queued_at", "is", null)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("newsletter_deliveries")
                .select("newsletter_deliveries.id")
                .where("newsletter_deliveries.issue_id", "=", id)
                .where("newsletter_deliveries.mail_id", "is", null)
                .where("newsletter_deliveries.skipped_at", "is", null),
            ),
          ),
        )
        .execute();
    },

    async markSent(id: number, at: string): Promise<void> {
      await db
        .updateTable("newsletter_issues")
        .set({ status: "sent", finished_at: at, updated_at: at })
        .where("id", "=", id)
        .where("status", "=", "sending")
        .execute();
    },

    /**
     * The issue's progress from its deliveries and their outbox mail: sent (or sent and since purged from the
     * outbox, which keeps only pending and failed mail for good), failed, skipped, and the rest pending.
     */
    async progress(issueId: number): Promise<IssueProgress> {
      const row = await db
        .selectFrom("newsletter_deliveries as d")
        .leftJoin("mail_outbox as o", "o.id", "d.mail_id")
        .select((eb) => [
          eb.fn.countAll<number | string>().as("recipients"),
          eb.fn.count<number | string>("d.skipped_at").as("skipped"),
          eb.fn
            .sum<number | string | null>(
              eb
                .case()
                .when(eb.and([eb("d.mail_id", "is not", null), eb("o.id", "is", null)]))
                .then(1)
                .when("o.sent_at", "is not", null)
                .then(1)
                .else(0)
                .end(),
            )
            .as("sent"),
          eb.fn.count<number | string>("o.failed_at").as("failed"),
        ])
        .where("d.issue_id", "=", issueId)
        .executeTakeFirstOrThrow();
      const recipients = Number(row.recipients);
      const sent = Number(row.sent ?? 0);
      const failed = Number(row.failed);
      const skipped = Number(row.skipped);
      return { recipients, sent, failed, skipped, pending: recipients - sent - failed - skipped };
    },
  };
}
