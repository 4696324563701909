import { data, Form, Link } from "react-router";
import { CUSTOMER_NOTE_MAX, CUSTOMER_TAGS_MAX } from "../../../shared/contracts/admin.ts";
import { formatRupees } from "../../../shared/money.ts";
import { apiContext } from "../../lib/api.server.ts";
import { formatDate, formatDateTime, statusLabel } from "../../ui/format.ts";
import { failureStatus, firstErrors, formText } from "../../ui/forms/api-errors.ts";
import { Field, FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
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

/** The tags field as typed: "VIP, wholesale" is two tags. */
const tagList = (text: string) =>
  text
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);

export async function action({ context, params, request }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = formText(form, "intent");
  if (intent === "notes") {
    const answer = await context.get(apiContext).call("adminUpdateCustomerNotes", {
      params: { id: params.id },
      body: { staff_note: formText(form, "staff_note"), tags: tagList(formText(form, "tags")) },
    });
    const result: SensitiveActionResult = answer.ok
      ? { intent, ok: true, message: "The note and tags are saved.", errors: {} }
      : {
          intent,
          ok: false,
          message: answer.data.message || "The note and tags were not saved. Please try again.",
          errors: firstErrors(answer.data.errors),
        };
    return data(result, { status: answer.ok ? 200 : failureStatus(answer.status) });
  }
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
  // The staff notes card says its own outcome beside its form.
  const done = actionData?.ok && actionData.intent !== "notes" ? actionData : undefined;
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

      <StaffNotes customer={customer} result={actionData} />

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

/**
 * Staff's note and tags on the customer (issue 35 item 7): a plain form, so it works without JavaScript; a refused
 * save keeps what was typed. The tags link to the customer list filtered by them.
 */
function StaffNotes({
  customer,
  result,
}: {
  customer: { staff_note: string; tags: string[] };
  result: SensitiveActionResult | undefined;
}) {
  const submitting = useSubmitting("notes");
  const mine = result?.intent === "notes" ? result : undefined;
  const tagErrors = Object.entries(mine?.errors ?? {}).find(([field]) => field.startsWith("tags"))?.[1];
  return (
    <section className="admin-card" aria-labelledby="notes-title">
      <h2 id="notes-title" className="admin-card__title">
        Staff notes
      </h2>
      {customer.tags.length > 0 && (
        <ul className="admin-tags" aria-label="Tags">
          {customer.tags.map((tag) => (
            <li key={tag}>
              <Link className="admin-tag" to={`/admin/customers?tag=${encodeURIComponent(tag)}`}>
                {tag}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {mine && !mine.ok && (
        <FormAlert kind="error" title="Not saved">
          {mine.message}
        </FormAlert>
      )}
      {mine?.ok && <FormAlert kind="success">{mine.message}</FormAlert>}
      <Form method="post" className="form-stack">
        <input type="hidden" name="intent" value="notes" />
        <div className={`field${mine?.errors.staff_note ? " field--invalid" : ""}`}>
          <label className="field__label" htmlFor="field-staff_note">
            Note <span className="field__optional">(optional)</span>
          </label>
          <textarea
            id="field-staff_note"
            name="staff_note"
            className="field__input"
            rows={4}
            maxLength={CUSTOMER_NOTE_MAX}
            defaultValue={customer.staff_note}
            aria-describedby="field-staff_note-hint"
          />
          <p className="field__hint" id="field-staff_note-hint">
            For the shop's staff only; the customer never sees it.
          </p>
          {mine?.errors.staff_note && <p className="field__error">{mine.errors.staff_note}</p>}
        </div>
        <Field
          name="tags"
          label="Tags"
          optional
          hint={`Separated by commas, such as "vip, wholesale"; at most ${CUSTOMER_TAGS_MAX}.`}
          defaultValue={customer.tags.join(", ")}
          error={tagErrors}
        />
        <div>
          <button type="submit" className="button" disabled={submitting}>
            {submitting ? "Saving..." : "Save note and tags"}
          </button>
        </div>
      </Form>
    </section>
  );
}
