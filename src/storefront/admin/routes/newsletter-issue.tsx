import { data, Form, Link, redirect } from "react-router";
import type { NewsletterIssue } from "../../../shared/contracts/newsletter-issues.ts";
import { apiContext } from "../../lib/api.server.ts";
import { formatDateTime } from "../../ui/format.ts";
import { failureStatus, firstErrors, formText } from "../../ui/forms/api-errors.ts";
import { Field, FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { reloadAfterSubmission, submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { answerOrThrow } from "../admin-data.server.ts";
import { adminMeta } from "../admin-meta.ts";
import { adminSessionContext } from "../admin-session.server.ts";
import {
  ISSUE_STATUS_BADGES,
  ISSUE_STATUS_NAMES,
  IssueForm,
  type IssueValues,
  issueValues,
  progressLine,
} from "../newsletter/issue-fields.tsx";
import type { Route } from "./+types/newsletter-issue";

/** Seconds between the page's reloads while an issue is being sent (a plain meta refresh: no script needed). */
const REFRESH_SECONDS = 3;

export const meta: Route.MetaFunction = ({ loaderData: loaded }) => [
  ...adminMeta(loaded ? `${loaded.issue.subject} | Newsletter issues` : "Newsletter issue"),
  ...(loaded?.issue.status === "sending" ? [{ httpEquiv: "refresh", content: String(REFRESH_SECONDS) }] : []),
];

const DONE = {
  saved: "The draft is saved.",
  sending: "The issue is being sent. This page shows the progress.",
} as const;

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const answer = await context.get(apiContext).call("adminNewsletterIssue", { params: { id: params.id } });
  const done = url.searchParams.get("done");
  const test = url.searchParams.get("test");
  return {
    issue: answerOrThrow(answer),
    owner: context.get(adminSessionContext).user.role === "owner",
    email: context.get(adminSessionContext).user.email,
    done: test
      ? `A test copy is on its way to ${test}.`
      : done && done in DONE
        ? DONE[done as keyof typeof DONE]
        : null,
  };
}

interface Failure {
  intent: string;
  message: string;
  errors: Record<string, string>;
  values: IssueValues;
  testEmail: string;
}

/** Saves the draft, sends a test, or sends the issue; done, the page reloads saying so (303). */
export async function action({ context, params, request }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = formText(form, "intent");
  const api = context.get(apiContext);
  const id = { id: params.id };
  const values = issueValues(form);
  const testEmail = formText(form, "email");
  const fail = (answer: { status: number; data: { message: string; errors?: Record<string, string[]> } }) => {
    const failure: Failure = {
      intent,
      message: answer.data.message || "Nothing was changed. Please try again.",
      errors: firstErrors(answer.data.errors),
      values,
      testEmail,
    };
    return data(failure, { status: failureStatus(answer.status) });
  };
  if (intent === "test") {
    const answer = await api.call("adminTestNewsletterIssue", { params: id, body: { email: testEmail } });
    if (!answer.ok) return fail(answer);
    return redirect(
      `/admin/newsletter/issues/${params.id}?test=${encodeURIComponent(answer.data.email)}`,
      303,
    );
  }
  if (intent === "send") {
    const answer = await api.call("adminSendNewsletterIssue", { params: id });
    return answer.ok ? redirect(`/admin/newsletter/issues/${params.id}?done=sending`, 303) : fail(answer);
  }
  const answer = await api.call("adminUpdateNewsletterIssue", { params: id, body: values });
  return answer.ok ? redirect(`/admin/newsletter/issues/${params.id}?done=saved`, 303) : fail(answer);
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    (failure, form): Failure => ({
      intent: formText(form, "intent"),
      message: submissionMessage(failure, "Nothing was changed. Please try again."),
      errors: {},
      values: issueValues(form),
      testEmail: formText(form, "email"),
    }),
  );
}

export const shouldRevalidate = reloadAfterSubmission;

export default function AdminNewsletterIssue({ loaderData, actionData }: Route.ComponentProps) {
  const { issue, owner, email, done } = loaderData;
  const failure = (intent: string) => (actionData?.intent === intent ? actionData : undefined);
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <div>
          <p className="admin-page__lead">
            <Link to="/admin/newsletter/issues">Newsletter issues</Link>
          </p>
          <h1 className="admin-page__title admin-wrap">{issue.subject}</h1>
        </div>
        <span className={ISSUE_STATUS_BADGES[issue.status]}>{ISSUE_STATUS_NAMES[issue.status]}</span>
      </div>
      {done && <FormAlert kind="success">{done}</FormAlert>}

      {issue.status !== "draft" && <Delivery issue={issue} />}

      <section className="admin-card" aria-labelledby="preview-title">
        <h2 id="preview-title" className="admin-card__title">
          Preview
        </h2>
        <p className="admin-sub">
          Written by {issue.created_by}, {formatDateTime(issue.created_at)}. Subscribers also get a line with
          their own unsubscribe link below it.
        </p>
        <iframe
          title="Preview of the newsletter"
          className="admin-issue-preview"
          sandbox=""
          srcDoc={`<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c1917;max-width:560px;margin:auto">${issue.html}</body></html>`}
        />
        <details>
          <summary>Text part</summary>
          <pre className="admin-message-text">{issue.text}</pre>
        </details>
      </section>

      {issue.status === "draft" && (
        <>
          <TestForm failure={failure("test")} email={email} />
          {owner ? (
            <SendForm failure={failure("send")} />
          ) : (
            <p className="admin-page__lead">Only the shop's owner can send an issue to the subscribers.</p>
          )}
          <IssueForm title="Edit the draft" values={issue} failure={failure("save")} intent="save" />
        </>
      )}
    </div>
  );
}

/** How far the sending is, and once done the report; reloads itself while sending. */
function Delivery({ issue }: { issue: NewsletterIssue }) {
  const { recipients, sent, failed, skipped, pending } = issue.progress;
  return (
    <section className="admin-card" aria-labelledby="delivery-title">
      <h2 id="delivery-title" className="admin-card__title">
        {issue.status === "sent" ? "Report" : "Progress"}
      </h2>
      <progress
        className="admin-issue-progress"
        max={Math.max(recipients, 1)}
        value={recipients - pending}
        aria-label="Mails settled"
      />
      <p data-testid="issue-progress">{progressLine(issue.progress)}</p>
      <dl className="admin-dl">
        <dt>Recipients</dt>
        <dd>{recipients.toLocaleString("en-US")}</dd>
        <dt>Sent</dt>
        <dd data-testid="issue-sent">{sent.toLocaleString("en-US")}</dd>
        <dt>Failed</dt>
        <dd data-testid="issue-failed">{failed.toLocaleString("en-US")}</dd>
        <dt>Unsubscribed before their turn</dt>
        <dd>{skipped.toLocaleString("en-US")}</dd>
        <dt>Sent by</dt>
        <dd>{issue.sent_by ?? "—"}</dd>
        <dt>Started</dt>
        <dd>{issue.send_started_at ? formatDateTime(issue.send_started_at) : "—"}</dd>
        <dt>Finished</dt>
        <dd>{issue.finished_at ? formatDateTime(issue.finished_at) : "Not yet"}</dd>
      </dl>
      {issue.status === "sending" && <p className="admin-sub">This page refreshes every few seconds.</p>}
    </section>
  );
}

function TestForm({ failure, email }: { failure: Failure | undefined; email: string }) {
  const submitting = useSubmitting();
  return (
    <section className="admin-card" aria-labelledby="test-title">
      <h2 id="test-title" className="admin-card__title">
        Send a test
      </h2>
      {failure && !failure.errors.email && (
        <FormAlert kind="error" title="Not sent">
          {failure.message}
        </FormAlert>
      )}
      <Form method="post" className="form-stack">
        <input type="hidden" name="intent" value="test" />
        <Field
          name="email"
          type="email"
          label="Send to"
          optional
          hint={`Left empty, it goes to you (${email}). The subject starts with [Test].`}
          defaultValue={failure?.testEmail ?? ""}
          error={failure?.errors.email}
        />
        <div>
          <button type="submit" className="button button--outline" disabled={submitting}>
            Send test
          </button>
        </div>
      </Form>
    </section>
  );
}

function SendForm({ failure }: { failure: Failure | undefined }) {
  const submitting = useSubmitting();
  return (
    <section className="admin-card" aria-labelledby="send-title">
      <h2 id="send-title" className="admin-card__title">
        Send to subscribers
      </h2>
      {failure && (
        <FormAlert kind="error" title="Not sent">
          {failure.message}
        </FormAlert>
      )}
      <p>
        The issue goes to every confirmed subscriber at this moment, once each, and can no longer be changed.
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="send" />
        <button type="submit" className="button" disabled={submitting}>
          Send to all subscribers
        </button>
      </Form>
    </section>
  );
}
