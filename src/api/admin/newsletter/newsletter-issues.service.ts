import type { Kysely, Selectable } from "kysely";
import type { Engine } from "../../../platform/db/connection.ts";
import type { Database, NewsletterIssueTable } from "../../../platform/db/schema.ts";
import { retryingTransaction } from "../../../platform/db/transaction.ts";
import {
  ISSUE_MESSAGES,
  ISSUES_PER_PAGE,
  type NewsletterIssue,
  type NewsletterIssueInput,
} from "../../../shared/contracts/newsletter-issues.ts";
import { NEWSLETTER_BATCH } from "../../../shared/inbox.ts";
import type { Identity } from "../../account/auth.ts";
import { Conflict, NotFound, ValidationFailed } from "../../errors.ts";
import { enqueueAddressedMail } from "../../mail/outbox.ts";
import { newsletterRepository } from "../../newsletter/newsletter.repository.ts";
import { unsubscribeToken } from "../../newsletter/newsletter.service.ts";
import { newsletterMail } from "../../newsletter/newsletter-mail.ts";
import { pageMeta } from "../../pagination.ts";
import { type AuditActor, auditActor, recordAudit } from "../audit.ts";
import { newsletterText, sanitizeNewsletterHtml } from "./newsletter-html.ts";
import { newsletterIssuesRepository } from "./newsletter-issues.repository.ts";

type IssueRow = Selectable<NewsletterIssueTable>;

/** A draft's fields as stored: the HTML sanitised, the text part made from it when none was given. */
function draftOf(input: NewsletterIssueInput) {
  const html = sanitizeNewsletterHtml(input.html);
  const derived = newsletterText(html);
  if (derived === "") throw ValidationFailed.field("html", ISSUE_MESSAGES.htmlEmpty);
  return { subject: input.subject, html_body: html, text_body: input.text || derived };
}

/**
 * Newsletter issues (issue 35 item 6, docs/decisions/0062). Staff write, edit, preview and test drafts; the owner
 * sends: one atomic claim (draft → sending) records a delivery per confirmed subscriber of that moment (unique per
 * issue and subscriber), then their mails are queued in the outbox NEWSLETTER_BATCH per transaction, each delivery
 * taking its mail once, so a second send (another instance, a retry, a double click) resumes or changes nothing.
 * Progress and the final report are read from the deliveries and their outbox mail.
 */
export function newsletterIssuesService({
  db,
  engine,
  publicUrl,
  secret,
  onMailQueued,
}: {
  db: Kysely<Database>;
  engine: Engine;
  publicUrl: string;
  /** Signs the subscribers' unsubscribe links. */
  secret: string;
  onMailQueued?: (() => void) | undefined;
}) {
  const repo = (trx: Kysely<Database> = db) => newsletterIssuesRepository(trx, engine);

  /** The issue as the API answers it; a sending issue with nothing left waiting is marked sent on the way. */
  async function toIssue(row: IssueRow): Promise<NewsletterIssue> {
    const progress = await repo().progress(row.id);
    let { status, finished_at } = row;
    if (status === "sending" && row.all_queued_at !== null && progress.pending === 0) {
      finished_at = new Date().toISOString();
      await repo().markSent(row.id, finished_at);
      status = "sent";
    }
    return {
      id: row.id,
      subject: row.subject,
      html: row.html_body,
      text: row.text_body,
      status,
      created_by: row.created_by,
      created_at: row.created_at,
      updated_at: row.updated_at,
      sent_by: row.sent_by,
      send_started_at: row.send_started_at,
      finished_at,
      progress,
    };
  }

  async function issueOrFail(id: number): Promise<IssueRow> {
    const row = await repo().find(id);
    if (!row) throw new NotFound(ISSUE_MESSAGES.notFound);
    return row;
  }

  const content = (issue: IssueRow, subjectPrefix = "") => ({
    subject: `${subjectPrefix}${issue.subject}`,
    text: issue.text_body,
    html: issue.html_body,
    reference: `newsletter-issue:${issue.id}`,
  });

  /** Queues the next batch of the issue's mails in one transaction; answers how many deliveries it settled. */
  async function queueBatch(issue: IssueRow): Promise<number> {
    return retryingTransaction(db, async (trx) => {
      const at = new Date();
      const batch = await repo(trx).unqueued(issue.id, NEWSLETTER_BATCH);
      for (const delivery of batch) {
        if (delivery.status !== "confirmed") {
          await repo(trx).skip(delivery.id, at.toISOString());
          continue;
        }
        const recipient = {
          email: delivery.email,
          unsubscribe_token: unsubscribeToken(secret, delivery.subscriber_id),
        };
        const mailId = await enqueueAddressedMail(
          trx,
          newsletterMail(recipient, content(issue), publicUrl),
          at,
        );
        if (!(await repo(trx).setMail(delivery.id, mailId)))
          throw new Error("delivery queued by another sender");
      }
      return batch.length;
    });
  }

  return {
    async list(page: number) {
      const [rows, total] = await Promise.all([
        repo().page(ISSUES_PER_PAGE, (page - 1) * ISSUES_PER_PAGE),
        repo().count(),
      ]);
      const data: NewsletterIssue[] = [];
      for (const row of rows) data.push(await toIssue(row));
      return { data, meta: pageMeta(page, ISSUES_PER_PAGE, rows.length, total) };
    },

    get: async (id: number) => toIssue(await issueOrFail(id)),

    async create(actor: AuditActor, input: NewsletterIssueInput): Promise<NewsletterIssue> {
      const draft = draftOf(input);
      const id = await retryingTransaction(db, async (trx) => {
        const at = new Date().toISOString();
        const issueId = await repo(trx).insert({
          ...draft,
          created_by: actor.email,
          created_at: at,
          updated_at: at,
        });
        await recordAudit(trx, {
          actor,
          action: "newsletter_issue.create",
          entityType: "newsletter_issue",
          entityId: issueId,
          after: { subject: draft.subject },
        });
        return issueId;
      });
      return toIssue(await issueOrFail(id));
    },

    async update(actor: AuditActor, id: number, input: NewsletterIssueInput): Promise<NewsletterIssue> {
      const draft = draftOf(input);
      await retryingTransaction(db, async (trx) => {
        const before = await repo(trx).find(id);
        if (!before) throw new NotFound(ISSUE_MESSAGES.notFound);
        if (!(await repo(trx).updateDraft(id, { ...draft, updated_at: new Date().toISOString() }))) {
          throw new Conflict(ISSUE_MESSAGES.notDraft);
        }
        await recordAudit(trx, {
          actor,
          action: "newsletter_issue.update",
          entityType: "newsletter_issue",
          entityId: id,
          before: { subject: before.subject, html: before.html_body, text: before.text_body },
          after: { subject: draft.subject, html: draft.html_body, text: draft.text_body },
        });
      });
      return toIssue(await issueOrFail(id));
    },

    /**
     * One copy to the staff member or the address given, marked "[Test]". Its unsubscribe link is the address's own
     * when it is on the list; otherwise the link is one the unsubscribe page refuses.
     */
    async test(actor: Identity, id: number, email: string): Promise<{ email: string }> {
      const to = email || actor.user.email;
      await retryingTransaction(db, async (trx) => {
        const issue = await repo(trx).find(id);
        if (!issue) throw new NotFound(ISSUE_MESSAGES.notFound);
        const subscriber = await newsletterRepository(trx).findByEmail(to.toLowerCase());
        const recipient = { email: to, unsubscribe_token: unsubscribeToken(secret, subscriber?.id ?? 0) };
        await enqueueAddressedMail(trx, newsletterMail(recipient, content(issue, "[Test] "), publicUrl));
        await recordAudit(trx, {
          actor: auditActor(actor),
          action: "newsletter_issue.test",
          entityType: "newsletter_issue",
          entityId: id,
          after: { to },
        });
      });
      onMailQueued?.();
      return { email: to };
    },

    /**
     * Sends the issue to the list: claims it once (recording its recipients), then queues its mails batch by batch.
     * Called again on an issue being sent, it queues whatever is left (a send cut short is finished by sending
     * again); on a sent one it changes nothing.
     */
    async send(actor: AuditActor, id: number): Promise<NewsletterIssue> {
      await retryingTransaction(db, async (trx) => {
        const at = new Date().toISOString();
        if (!(await repo(trx).claimForSending(id, actor.email, at))) return;
        const recipients = await repo(trx).addRecipients(id, at);
        await recordAudit(trx, {
          actor,
          action: "newsletter_issue.send",
          entityType: "newsletter_issue",
          entityId: id,
          before: { status: "draft" },
          after: { status: "sending", recipients },
        });
      });
      const issue = await issueOrFail(id);
      if (issue.status === "sending" && issue.all_queued_at === null) {
        while ((await queueBatch(issue)) > 0) onMailQueued?.();
        await repo().markAllQueued(id, new Date().toISOString());
      }
      return toIssue(await issueOrFail(id));
    },
  };
}

export type NewsletterIssuesService = ReturnType<typeof newsletterIssuesService>;
