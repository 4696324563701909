import type { Kysely, Updateable } from "kysely";
import type {
  Database,
  NewsletterSubscriberTable,
  SubscriberRow,
  SubscriberStatus,
} from "../../platform/db/schema.ts";

/** The newsletter list: one row per (lower-case) address. */
export function newsletterRepository(db: Kysely<Database>) {
  return {
    /** Adds the address as pending unless it is on the list already (then nothing changes); true if added. */
    async insertIfNew(values: {
      email: string;
      source: string;
      consent_at: string;
      unsubscribe_token_hash: string;
    }): Promise<boolean> {
      const result = await db
        .insertInto("newsletter_subscribers")
        .values({
          ...values,
          status: "pending",
          created_at: values.consent_at,
          updated_at: values.consent_at,
        })
        .onConflict((conflict) => conflict.column("email").doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    findByEmail: (email: string): Promise<SubscriberRow | undefined> =>
      db.selectFrom("newsletter_subscribers").selectAll().where("email", "=", email).executeTakeFirst(),

    findById: (id: number): Promise<SubscriberRow | undefined> =>
      db.selectFrom("newsletter_subscribers").selectAll().where("id", "=", id).executeTakeFirst(),

    findByUnsubscribeTokenHash: (hash: string): Promise<SubscriberRow | undefined> =>
      db
        .selectFrom("newsletter_subscribers")
        .selectAll()
        .where("unsubscribe_token_hash", "=", hash)
        .executeTakeFirst(),

    async update(id: number, values: Updateable<NewsletterSubscriberTable>): Promise<void> {
      await db.updateTable("newsletter_subscribers").set(values).where("id", "=", id).execute();
    },

    /**
     * Takes the right to mail a confirmation link now: true when none was mailed since `cutoff` (and records
     * `now`). One statement, so of two sign-ups at once only one mails.
     */
    async claimConfirmationMail(id: number, now: string, cutoff: string): Promise<boolean> {
      const result = await db
        .updateTable("newsletter_subscribers")
        .set({ confirmation_sent_at: now })
        .where("id", "=", id)
        .where((eb) =>
          eb.or([eb("confirmation_sent_at", "is", null), eb("confirmation_sent_at", "<=", cutoff)]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async countByStatus(): Promise<Record<SubscriberStatus, number>> {
      const rows = await db
        .selectFrom("newsletter_subscribers")
        .select((eb) => ["status", eb.fn.countAll<number | string>().as("n")])
        .groupBy("status")
        .execute();
      const counts: Record<SubscriberStatus, number> = { pending: 0, confirmed: 0, unsubscribed: 0 };
      for (const row of rows) counts[row.status] = Number(row.n);
      return counts;
    },

    /** Up to `limit` confirmed subscribers after the one with id `afterId`, by id (oldest sign-up first). */
    confirmedAfter: (afterId: number, limit: number) =>
      db
        .selectFrom("newsletter_subscribers")
        .select(["id", "email", "source", "consent_at", "confirmed_at"])
        .where("status", "=", "confirmed")
        .where("id", ">", afterId)
        .orderBy("id")
        .limit(limit)
        .execute(),

    /** Confirms a pending sign-up; false when it was not pending (already confirmed, or unsubscribed). */
    async confirm(id: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable("newsletter_subscribers")
        .set({ status: "confirmed", confirmed_at: now, updated_at: now })
        .where("id", "=", id)
        .where("status", "=", "pending")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

/** How long a sign-up that was never confirmed is kept: long after its links have expired, then it is deleted. */
export const UNCONFIRMED_SIGNUP_KEPT_DAYS = 30;

/**
 * Deletes sign-ups still pending UNCONFIRMED_SIGNUP_KEPT_DAYS after they were asked for and never confirmed
 * (nobody may have meant the address to be on the list); an address that once confirmed keeps its row. For the
 * periodic purge job; answers how many rows went.
 */
export async function purgeUnconfirmedSignups(db: Kysely<Database>, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - UNCONFIRMED_SIGNUP_KEPT_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const result = await db
    .deleteFrom("newsletter_subscribers")
    .where("status", "=", "pending")
    .where("confirmed_at", "is", null)
    .where("consent_at", "<", cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
