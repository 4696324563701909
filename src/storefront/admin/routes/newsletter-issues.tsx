import { data, Link, redirect } from "react-router";
import { apiContext } from "../../lib/api.server.ts";
import { formatDateTime } from "../../ui/format.ts";
import { failureStatus, firstErrors } from "../../ui/forms/api-errors.ts";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { Pagination } from "../../ui/pagination.tsx";
import { answerOrThrow, pageParam } from "../admin-data.server.ts";
import { adminMeta } from "../admin-meta.ts";
import { listPageHref } from "../list-links.ts";
import {
  ISSUE_STATUS_BADGES,
  ISSUE_STATUS_NAMES,
  IssueForm,
  type IssueValues,
  issueValues,
  progressLine,
} from "../newsletter/issue-fields.tsx";
import type { Route } from "./+types/newsletter-issues";

export const meta: Route.MetaFunction = () => adminMeta("Newsletter issues");

export async function loader({ context, url }: Route.LoaderArgs) {
  const answer = await context
    .get(apiContext)
    .call("adminNewsletterIssues", { query: { page: pageParam(url) } });
  return { list: answerOrThrow(answer), href: url.pathname + url.search };
}

interface Failure {
  message: string;
  errors: Record<string, string>;
  values: IssueValues;
}

/** Saves a new draft and opens it (303), where it is previewed, tested and sent. */
export async function action({ context, request }: Route.ActionArgs) {
  const values = issueValues(await readForm(request));
  const answer = await context.get(apiContext).call("adminCreateNewsletterIssue", { body: values });
  if (answer.ok) return redirect(`/admin/newsletter/issues/${answer.data.id}?done=saved`, 303);
  const failure: Failure = {
    message: answer.data.message || "The draft was not saved. Please try again.",
    errors: firstErrors(answer.data.errors),
    values,
  };
  return data(failure, { status: failureStatus(answer.status) });
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    (failure, form): Failure => ({
      message: submissionMessage(failure, "The draft was not saved. Please try again."),
      errors: {},
      values: issueValues(form),
    }),
  );
}

export default function AdminNewsletterIssues({ loaderData, actionData }: Route.ComponentProps) {
  const { list, href } = loaderData;
  const url = new URL(href, "http://admin.invalid");
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">Newsletter issues</h1>
      </div>
      <p className="admin-page__lead">
        Write an issue, preview it and send yourself a test; the owner then sends it to every confirmed
        subscriber, each with a one-click unsubscribe link.
      </p>
      <section className="admin-card" aria-labelledby="issues-title">
        <h2 className="admin-card__title" id="issues-title">
          Issues ({list.meta.total.toLocaleString("en-US")})
        </h2>
        {list.data.length === 0 ? (
          <p className="admin-empty">No issues yet.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--cards">
              <caption className="visually-hidden">Newsletter issues, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Subject</th>
                  <th scope="col">Written</th>
                  <th scope="col">Status</th>
                  <th scope="col">Delivery</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((issue) => (
                  <tr key={issue.id}>
                    <th scope="row" data-label="Subject" className="admin-wrap">
                      <Link to={`/admin/newsletter/issues/${issue.id}`}>{issue.subject}</Link>
                    </th>
                    <td data-label="Written">
                      {formatDateTime(issue.created_at)}
                      <span className="admin-sub">{issue.created_by}</span>
                    </td>
                    <td data-label="Status">
                      <span className={ISSUE_STATUS_BADGES[issue.status]}>
                        {ISSUE_STATUS_NAMES[issue.status]}
                      </span>
                    </td>
                    <td data-label="Delivery">
                      {issue.status === "draft" ? "—" : progressLine(issue.progress)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination meta={list.meta} hrefFor={(page) => listPageHref(url, page)} />
      </section>

      <IssueForm title="Write an issue" values={{ subject: "", html: "", text: "" }} failure={actionData} />
    </div>
  );
}
