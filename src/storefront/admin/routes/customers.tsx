import { Form, Link, useNavigation } from "react-router";
import { CUSTOMER_STATUSES } from "../../../shared/customer-statuses.ts";
import { apiContext } from "../../lib/api.server.ts";
import { formatDate } from "../../ui/format.ts";
import { Pagination } from "../../ui/pagination.tsx";
import { answerOrThrow, pageParam } from "../admin-data.server.ts";
import { adminMeta } from "../admin-meta.ts";
import { listPageHref } from "../list-links.ts";
import type { Route } from "./+types/customers";

export const meta: Route.MetaFunction = () => adminMeta("Customers");

const STATUS_LABELS: Record<(typeof CUSTOMER_STATUSES)[number], string> = {
  all: "All",
  active: "Active",
  disabled: "Disabled",
};

export async function loader({ context, url }: Route.LoaderArgs) {
  const search = url.searchParams.get("search") ?? "";
  const status = url.searchParams.get("status") ?? "all";
  const tag = url.searchParams.get("tag")?.trim() ?? "";
  const answer = await context.get(apiContext).call("adminCustomers", {
    query: { search, status, tag, page: pageParam(url) },
  });
  const href = url.pathname + url.search;
  // A filter typed into the address that the API refuses: say so above an empty list rather than fail the page.
  if (!answer.ok && answer.status === 422) {
    return { search, status, tag, customers: null, error: answer.data.message, href };
  }
  return { search, status, tag, customers: answerOrThrow(answer), error: null, href };
}

/** The API's CSV of every customer these filters keep (downloaded with the session cookie). */
function exportHref(search: string, status: string, tag: string): string {
  const query = new URLSearchParams([
    ...(search ? [["search", search]] : []),
    ...(status && status !== "all" ? [["status", status]] : []),
    ...(tag ? [["tag", tag]] : []),
  ]);
  const text = query.toString();
  return `/api/admin/customers.csv${text ? `?${text}` : ""}`;
}

/** "12 customers matching “khan”": one text node, so it reads as one sentence. */
function resultsCaption(total: number, search: string): string {
  const count = `${total.toLocaleString("en-US")} customer${total === 1 ? "" : "s"}`;
  return search ? `${count} matching “${search}”` : count;
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { search, status, tag, customers, error, href } = loaderData;
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/admin/customers";
  const url = new URL(href, "http://admin.invalid");
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">Customers</h1>
        <div className="admin-page__head-actions">
          <a className="button button--small button--outline" href={exportHref(search, status, tag)} download>
            Export CSV
          </a>
        </div>
      </div>
      <Form method="get" className="admin-card admin-filters" role="search" aria-label="Find customers">
        <div className="field">
          <label className="field__label" htmlFor="customer-search">
            Name, email or phone
          </label>
          <input
            id="customer-search"
            className="field__input"
            type="search"
            name="search"
            defaultValue={search}
            maxLength={100}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="customer-status">
            Status
          </label>
          <select id="customer-status" className="field__input" name="status" defaultValue={status}>
            {CUSTOMER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="customer-tag">
            Tag
          </label>
          <input id="customer-tag" className="field__input" name="tag" defaultValue={tag} maxLength={30} />
        </div>
        <button type="submit" className="button" disabled={searching}>
          {searching ? "Searching..." : "Search"}
        </button>
      </Form>

      <section className="admin-card" aria-labelledby="customers-title">
        <h2 id="customers-title" className="visually-hidden">
          Results
        </h2>
        {error && (
          <p className="form-note form-note--error" role="alert">
            {error}
          </p>
        )}
        {customers && customers.data.length > 0 && (
          <>
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption>{resultsCaption(customers.meta.total, search)}</caption>
                <thead>
                  <tr>
                    <th scope="col">Customer</th>
                    <th scope="col" className="admin-optional">
                      Phone
                    </th>
                    <th scope="col" className="admin-num">
                      Orders
                    </th>
                    <th scope="col" className="admin-optional">
                      Joined
                    </th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {customers.data.map((customer) => (
                    <tr key={customer.id}>
                      <th scope="row" className="admin-wrap">
                        <Link to={`/admin/customers/${customer.id}`}>{customer.name}</Link>
                        <span className="admin-sub">{customer.email}</span>
                        {customer.tags.length > 0 && (
                          <span className="admin-tags admin-tags--inline">
                            {customer.tags.map((name) => (
                              <Link
                                key={name}
                                className="admin-tag"
                                to={`/admin/customers?tag=${encodeURIComponent(name)}`}
                              >
                                {name}
                              </Link>
                            ))}
                          </span>
                        )}
                      </th>
                      <td className="admin-optional">{customer.phone ?? "—"}</td>
                      <td className="admin-num">{customer.orders_count}</td>
                      <td className="admin-optional">{formatDate(customer.created_at)}</td>
                      <td>
                        {customer.disabled_at ? (
                          <span className="admin-badge admin-badge--danger">Disabled</span>
                        ) : (
                          <span className="admin-badge admin-badge--success">Active</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination meta={customers.meta} hrefFor={(page) => listPageHref(url, page)} />
          </>
        )}
        {customers && customers.data.length === 0 && (
          <p className="admin-empty">
            {customers.meta.current_page > 1
              ? "There are no customers on this page."
              : search || status !== "all"
                ? "No customer matches this search."
                : "No customer has registered yet."}
          </p>
        )}
      </section>
    </div>
  );
}
