import { data, Link } from "react-router";
import { formatRupees } from "../../../shared/money.ts";
import { apiContext } from "../../lib/api.server.ts";
import { formatDate, formatDateTime, statusLabel } from "../../ui/format.ts";
import { failureStatus, firstErrors, formText } from "../../ui/forms/api-errors.ts";
import { FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { Pagination } from "../../ui/pagination.tsx";
import { answerOrThrow, pageParam } from "../admin-data.server.ts";
import { adminMeta } from "../admin-meta.ts";
import { loadAuditTrail } from "../audit-trail.server.ts";
import { AuditTrail } from "../audit-trail.tsx";
import { ConfirmPasswordForm, type SensitiveActionResult } from "../confirm-password-form.tsx";
import { listPageHref } from "../list-links.ts";
import type { Route } from "./+types/customer";

export const meta: Route.MetaFunction = ({ loaderData: loaded }) =>
  adminMeta(loaded ? `${loaded.customer.name} | Customers` : "Customer");

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const answer = await api.call("adminCustomer", {
    params: { id: params.id },
    query: { page: pageParam(url) },
  });
  const customer = answerOrThrow(answer);
  return {
    ...customer,
    trail: await loadAuditTrail(api, "user", customer.customer.id),
    href: url.pathname + url.search,
  };
}

const INTENTS = {
  disable: { operation: "adminDisableCustomer", done: "The account is disabled and signed out everywhere." },
  enable: {
    operation: "adminEnableCustomer",
    done: "The account is enabled; the customer can sign in again.",
  },
} as const;

export async function action({ context, params, request }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = formText(form, "intent");
  if (intent !== "disable" && intent !== "enable") {
    throw data({ message: "This form cannot be handled." }, { status: 400 });
  }
  const answer = await context.get(apiContext).call(INTENTS[intent].operation, {
    params: { id: params.id },
    body: { current_password: formText(form, "current_password") },
  });
  const result: SensitiveActionResult = answer.ok
    ? { intent, ok: true, message: INTENTS[intent].done, errors: {} }
    : {
        intent,
        ok: false,
        message: answer.data.message || "The change could not be made. Please try again.",
        errors: firstErrors(answer.data.errors),
      };
  return data(result, { status: answer.ok ? 200 : failureStatus(answer.status) });
}

/** A change that gets no answer from the shop says so; the page stays as it was. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    (failure, form): SensitiveActionResult => ({
      intent: formText(form, "intent"),
      ok: false,
      message: submissionMessage(failure, "The change could not be made. Please try again."),
      errors: {},
    }),
  );
}

export default function AdminCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const { customer, orders, trail, href } = loaderData;
  const url = new URL(href, "http://admin.invalid");
  const done = actionData?.ok ? actionData : undefined;
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <div>
          <p className="admin-page__lead">
            <Link to="/admin/customers">Customers</Link>
          </p>
          <h1 className="admin-page__title admin-wrap">{customer.name}</h1>
        </div>
        {customer.disabled_at ? (
          <span className="admin-badge admin-badge--danger">Disabled</span>
        ) : (
          <span className="admin-badge admin-badge--success">Active</span>
        )}
      </div>
      {done && <FormAlert kind="success">{done.message}</FormAlert>}

      <div className="admin-grid admin-grid--two">
        <section className="admin-card" aria-labelledby="details-title">
          <h2 id="details-title" className="admin-card__title">
            Details
          </h2>
          <dl className="admin-dl">
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${customer.email}`}>{customer.email}</a>
            </dd>
            <dt>Phone</dt>
            <dd>{customer.phone ?? "—"}</dd>
            <dt>Joined</dt>
            <dd>{formatDate(customer.created_at)}</dd>
            <dt>Orders</dt>
            <dd>{customer.orders_count}</dd>
            <dt>Spent</dt>
            <dd>{formatRupees(customer.total_spent)}</dd>
            {customer.disabled_at && (
              <>
                <dt>Disabled</dt>
                <dd>{formatDateTime(customer.disabled_at)}</dd>
              </>
            )}
          </dl>
        </section>

        <section className="admin-card" aria-labelledby="access-title">
          <h2 id="access-title" className="admin-card__title">
            Account access
          </h2>
          {customer.disabled_at ? (
            <ConfirmPasswordForm
              intent="enable"
              legend="Enable this account"
              button="Enable account"
              busy="Enabling..."
              result={actionData}
            >
              <p>The customer cannot sign in while the account is disabled.</p>
            </ConfirmPasswordForm>
          ) : (
            <ConfirmPasswordForm
              intent="disable"
              legend="Disable this account"
              button="Disable account"
              busy="Disabling..."
              danger
              result={actionData}
            >
              <p>
                The customer is signed out everywhere and cannot sign in until the account is enabled again.
              </p>
            </ConfirmPasswordForm>
          )}
        </section>
      </div>

      <section className="admin-card" aria-labelledby="orders-title">
        <h2 id="orders-title" className="admin-card__title">
          Orders
        </h2>
        {orders.data.length > 0 ? (
          <>
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption className="visually-hidden">Orders of {customer.name}, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Order</th>
                    <th scope="col">Placed</th>
                    <th scope="col">Status</th>
                    <th scope="col" className="admin-num">
                      Items
                    </th>
                    <th scope="col" className="admin-num">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {orders.data.map((order) => (
                    <tr key={order.number}>
                      <th scope="row">
                        <Link to={`/admin/orders/${encodeURIComponent(order.number)}`}>{order.number}</Link>
                      </th>
                      <td>{formatDateTime(order.created_at)}</td>
                      <td>{statusLabel(order.status)}</td>
                      <td className="admin-num">{order.items}</td>
                      <td className="admin-num">{formatRupees(order.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination meta={orders.meta} hrefFor={(page) => listPageHref(url, page)} />
          </>
        ) : (
          <p className="admin-empty">
            {orders.meta.current_page > 1 ? "There are no orders on this page." : "No orders yet."}
          </p>
        )}
      </section>

      <AuditTrail trail={trail} />
    </div>
  );
}
