import { Hono } from "hono";
import type { Kysely } from "kysely";
import type { Database } from "../../../platform/db/schema.ts";
import { operations } from "../../../shared/contracts/operations.ts";
import { SUBSCRIBER_CSV_COLUMNS } from "../../../shared/newsletter.ts";
import type { Identity } from "../../account/auth.ts";
import type { ApiEnv } from "../../api-env.ts";
import { route } from "../../contract/route.ts";
import { csvRecord } from "../../csv.ts";
import { newsletterRepository } from "../../newsletter/newsletter.repository.ts";
import { unsubscribeToken } from "../../newsletter/newsletter.service.ts";
import { unsubscribeUrl } from "../../newsletter/newsletter-mail.ts";
import { recordAudit } from "../audit.ts";

/** Rows read per query while the export is written, so a long list never becomes one huge result set. */
const BATCH = 1000;

/**
 * The confirmed subscribers as CSV, and the export written to the audit log in the same transaction (who took a
 * copy of the list, when, and how many addresses it held).
 */
export async function exportConfirmedSubscribers(
  db: Kysely<Database>,
  {
    actor,
    publicUrl,
    secret,
    now = new Date(),
  }: { actor: Identity; publicUrl: string; secret: string; now?: Date },
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const repo = newsletterRepository(trx);
    const records = [csvRecord(SUBSCRIBER_CSV_COLUMNS)];
    let count = 0;
    for (let afterId = 0; ; ) {
      const batch = await repo.confirmedAfter(afterId, BATCH);
      for (const row of batch) {
        records.push(
          csvRecord([
            row.email,
            row.source,
            row.consent_at,
            row.confirmed_at,
            unsubscribeUrl(publicUrl, unsubscribeToken(secret, row.id)),
          ]),
        );
      }
      count += batch.length;
      if (batch.length < BATCH) break;
      afterId = batch.at(-1)!.id;
    }
    await recordAudit(
      trx,
      {
        actor: { id: actor.user.id, email: actor.user.email },
        action: "newsletter.export",
        entityType: "newsletter",
        entityId: "confirmed-subscribers",
        after: { subscribers: count },
      },
      now,
    );
    return records.join("");
  });
}

/** The newsletter list as the owner sees it: counts by status, and the audited export (built in `createServices`). */
export function newsletterAdminService({
  db,
  publicUrl,
  secret,
}: {
  db: Kysely<Database>;
  publicUrl: string;
  /** Signs the subscribers' unsubscribe links. */
  secret: string;
}) {
  return {
    counts: () => newsletterRepository(db).countByStatus(),
    exportConfirmed: (actor: Identity, now: Date) =>
      exportConfirmedSubscribers(db, { actor, publicUrl, secret, now }),
  };
}

export type NewsletterAdminService = ReturnType<typeof newsletterAdminService>;

/** The owner's view of the newsletter list in the back office: how many, and the export of the confirmed. */
export function newsletterAdminRoutes(newsletter: NewsletterAdminService): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  route(routes, operations.newsletterSubscriberCounts, async () => newsletter.counts());

  route(routes, operations.exportNewsletterSubscribers, async (c, { actor }) => {
    const now = new Date();
    c.header(
      "Content-Disposition",
      `attachment; filename="newsletter-subscribers-${now.toISOString().slice(0, 10)}.csv"`,
    );
    return newsletter.exportConfirmed(actor, now);
  });

  return routes;
}
