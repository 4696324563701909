import { data, Form, Link, redirect } from "react-router";
import { REPLY_MAX } from "../../../shared/contracts/inbox.ts";
import { apiContext } from "../../lib/api.server.ts";
import { formatDateTime } from "../../ui/format.ts";
import { failureStatus, firstErrors, formText } from "../../ui/forms/api-errors.ts";
import { FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { reloadAfterSubmission, submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { answerOrThrow } from "../admin-data.server.ts";
import { adminMeta } from "../admin-meta.ts";
import { MESSAGE_STATUS_BADGES, MESSAGE_STATUS_NAMES } from "../inbox/inbox-labels.ts";
import type { Route } from "./+types/message";

export const meta: Route.MetaFunction = ({ loaderData: loaded }) =>
  adminMeta(loaded ? `${loaded.message.subject || "(no subject)"} | Inbox` : "Message");

const DONE = {
  replied: "Your reply is on its way to the sender, and the message is marked answered.",
  closed: "The message is closed.",
  new: "The message is back to new.",
} as const;

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const answer = await context.get(apiContext).call("adminMessage", { params: { id: params.id } });
  const done = url.searchParams.get("done");
  return {
    ...answerOrThrow(answer),
    done: done && done in DONE ? DONE[done as keyof typeof DONE] : null,
  };
}

interface Failure {
  intent: string;
  message: string;
  errors: Record<string, string>;
  body: string;
}

/** Sends a reply or changes the state; done, the page reloads with what happened (303). */
export async function action({ context, params, request }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = formText(form, "intent");
  const api = context.get(apiContext);
  const body = formText(form, "body");
  const answer =
    intent === "reply"
      ? await api.call("adminReplyToMessage", { params: { id: params.id }, body: { body } })
      : await api.call("adminSetMessageStatus", {
          params: { id: params.id },
          body: { status: formText(form, "status") === "new" ? "new" : "closed" },
        });
  if (answer.ok) {
    const done = intent === "reply" ? "replied" : answer.data.message.status;
    return redirect(`/admin/messages/${params.id}?done=${done}`, 303);
  }
  const failure: Failure = {
    intent,
    message: answer.data.message || "Nothing was changed. Please try again.",
    errors: firstErrors(answer.data.errors),
    body,
  };
  return data(failure, { status: failureStatus(answer.status) });
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    (failure, form): Failure => ({
      intent: formText(form, "intent"),
      message: submissionMessage(failure, "Nothing was changed. Please try again."),
      errors: {},
      body: formText(form, "body"),
    }),
  );
}

export const shouldRevalidate = reloadAfterSubmission;

export default function AdminMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { message, replies, done } = loaderData;
  const submitting = useSubmitting();
  const subject = message.subject || "(no subject)";
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <div>
          <p className="admin-page__lead">
            <Link to="/admin/messages">Inbox</Link>
          </p>
          <h1 className="admin-page__title admin-wrap">{subject}</h1>
        </div>
        <span className={MESSAGE_STATUS_BADGES[message.status]}>{MESSAGE_STATUS_NAMES[message.status]}</span>
      </div>
      {done && <FormAlert kind="success">{done}</FormAlert>}
      {actionData?.intent === "status" && (
        <FormAlert kind="error" title="Not changed">
          {actionData.message}
        </FormAlert>
      )}

      <section className="admin-card" aria-labelledby="message-title">
        <h2 id="message-title" className="admin-card__title">
          Message
        </h2>
        <dl className="admin-dl">
          <dt>From</dt>
          <dd className="admin-wrap">
            {message.name} &lt;<a href={`mailto:${message.email}`}>{message.email}</a>&gt;
          </dd>
          <dt>Received</dt>
          <dd>{formatDateTime(message.created_at)}</dd>
          <dt>Account</dt>
          <dd>
            {message.user_id === null ? (
              "None (sent as a guest)"
            ) : (
              <Link to={`/admin/customers/${message.user_id}`}>Customer #{message.user_id}</Link>
            )}
          </dd>
        </dl>
        <p className="admin-message-text" data-testid="message-text">
          {message.message}
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="status" value={message.status === "closed" ? "new" : "closed"} />
          <button type="submit" className="button button--small button--outline" disabled={submitting}>
            {message.status === "closed" ? "Reopen (back to new)" : "Close"}
          </button>
        </Form>
      </section>

      <section className="admin-card" aria-labelledby="replies-title">
        <h2 id="replies-title" className="admin-card__title">
          Replies ({replies.length})
        </h2>
        {replies.length === 0 ? (
          <p className="admin-empty">No reply yet.</p>
        ) : (
          <ol className="admin-replies">
            {replies.map((reply) => (
              <li key={reply.id}>
                <p className="admin-sub">
                  {reply.author_email}, {formatDateTime(reply.created_at)}
                </p>
                <p className="admin-message-text">{reply.body}</p>
              </li>
            ))}
          </ol>
        )}
        <ReplyForm failure={actionData?.intent === "reply" ? actionData : undefined} email={message.email} />
      </section>
    </div>
  );
}

function ReplyForm({ failure, email }: { failure: Failure | undefined; email: string }) {
  const submitting = useSubmitting();
  return (
    <Form method="post" className="form-stack">
      <input type="hidden" name="intent" value="reply" />
      {failure && !failure.errors.body && (
        <FormAlert kind="error" title="Not sent">
          {failure.message}
        </FormAlert>
      )}
      <div className={`field${failure?.errors.body ? " field--invalid" : ""}`}>
        <label className="field__label" htmlFor="field-body">
          Reply to {email}
        </label>
        <textarea
          id="field-body"
          name="body"
          className="field__input"
          rows={6}
          maxLength={REPLY_MAX}
          required
          defaultValue={failure?.body ?? ""}
          aria-invalid={failure?.errors.body ? true : undefined}
          aria-describedby={failure?.errors.body ? "field-body-error field-body-hint" : "field-body-hint"}
        />
        <p className="field__hint" id="field-body-hint">
          Sent by email from the shop's address with the message quoted below it; the sender's answer comes
          back to the shop's inbox.
        </p>
        {failure?.errors.body && (
          <p className="field__error" id="field-body-error">
            {failure.errors.body}
          </p>
        )}
      </div>
      <div>
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? "Sending..." : "Send reply"}
        </button>
      </div>
    </Form>
  );
}
