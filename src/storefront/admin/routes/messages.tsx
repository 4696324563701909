import { Link } from "react-router";
import { CONTACT_MESSAGE_STATUSES, type ContactMessageStatus } from "../../../shared/inbox.ts";
import { apiContext } from "../../lib/api.server.ts";
import { formatDateTime } from "../../ui/format.ts";
import { Pagination } from "../../ui/pagination.tsx";
import { answerOrThrow, pageParam } from "../admin-data.server.ts";
import { adminMeta } from "../admin-meta.ts";
import { MESSAGE_STATUS_BADGES, MESSAGE_STATUS_NAMES } from "../inbox/inbox-labels.ts";
import { listPageHref } from "../list-links.ts";
import type { Route } from "./+types/messages";

export const meta: Route.MetaFunction = () => adminMeta("Inbox");

const isStatus = (value: string): value is ContactMessageStatus =>
  (CONTACT_MESSAGE_STATUSES as readonly string[]).includes(value);

export async function loader({ context, url }: Route.LoaderArgs) {
  const requested = url.searchParams.get("status") ?? "";
  const status: ContactMessageStatus | "all" = isStatus(requested) ? requested : "all";
  const answer = await context.get(apiContext).call("adminMessages", {
    query: { status, page: pageParam(url) },
  });
  return { status, list: answerOrThrow(answer), href: url.pathname + url.search };
}

/** The contact form's messages, newest first, filtered by state with plain links (no script needed). */
export default function AdminMessages({ loaderData }: Route.ComponentProps) {
  const { status, list, href } = loaderData;
  const url = new URL(href, "http://admin.invalid");
  const all = list.counts.new + list.counts.answered + list.counts.closed;
  const filters = [
    { value: "all", label: `All (${all})` },
    ...CONTACT_MESSAGE_STATUSES.map((value) => ({
      value,
      label: `${MESSAGE_STATUS_NAMES[value]} (${list.counts[value]})`,
    })),
  ];
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">Inbox</h1>
      </div>
      <p className="admin-page__lead">
        Messages from the shop's contact form. Open one to answer it by email: the reply goes to the sender
        from the shop's address, in the same conversation, and the message is marked answered.
      </p>
      <nav className="admin-card admin-filters" aria-label="Messages by state">
        <ul className="admin-inbox-filters">
          {filters.map((filter) => (
            <li key={filter.value}>
              <Link
                to={filter.value === "all" ? "/admin/messages" : `/admin/messages?status=${filter.value}`}
                aria-current={filter.value === status ? "page" : undefined}
                className={`button button--small${filter.value === status ? "" : " button--outline"}`}
              >
                {filter.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="admin-card" aria-labelledby="messages-title">
        <h2 className="admin-card__title" id="messages-title">
          {status === "all" ? "All messages" : `${MESSAGE_STATUS_NAMES[status]} messages`} (
          {list.meta.total.toLocaleString("en-US")})
        </h2>
        {list.data.length === 0 ? (
          <p className="admin-empty">No messages here.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--cards">
              <caption className="visually-hidden">Messages, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Subject</th>
                  <th scope="col">From</th>
                  <th scope="col">Received</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="admin-num">
                    Replies
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((message) => (
                  <tr key={message.id}>
                    <th scope="row" data-label="Subject" className="admin-wrap">
                      <Link to={`/admin/messages/${message.id}`}>{message.subject || "(no subject)"}</Link>
                    </th>
                    <td data-label="From" className="admin-wrap">
                      {message.name}
                      <span className="admin-sub">{message.email}</span>
                    </td>
                    <td data-label="Received">{formatDateTime(message.created_at)}</td>
                    <td data-label="Status">
                      <span className={MESSAGE_STATUS_BADGES[message.status]}>
                        {MESSAGE_STATUS_NAMES[message.status]}
                      </span>
                    </td>
                    <td data-label="Replies" className="admin-num">
                      {message.replies_count}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination meta={list.meta} hrefFor={(page) => listPageHref(url, page)} />
      </section>
    </div>
  );
}
