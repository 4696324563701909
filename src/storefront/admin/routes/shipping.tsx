import { useCallback, useEffect, useRef, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { AdminOrderList } from "../../../shared/contracts/admin-orders.ts";
import { type BookingResult, SHIPMENT_MESSAGES } from "../../../shared/contracts/shipments.ts";
import { formatRupees } from "../../../shared/money.ts";
import type { CourierId } from "../../../shared/shipment-status.ts";
import { apiContext } from "../../lib/api.server.ts";
import { formatDateTime } from "../../ui/format.ts";
import { failureStatus, firstErrors, formText } from "../../ui/forms/api-errors.ts";
import { Field, FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { reloadAfterSubmission, submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { useHydrated } from "../../ui/hooks.ts";
import { StatusBadge } from "../../ui/status-badge.tsx";
import { answerOrThrow } from "../admin-data.server.ts";
import { adminMeta } from "../admin-meta.ts";
import { listPageHref } from "../list-links.ts";
import { orderPath } from "../orders/order-labels.ts";
import { OrderListPages } from "../orders/order-list-pages.tsx";
import ordersStyles from "../styles/orders.css?url";
import type { Route } from "./+types/shipping";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];

export const meta: Route.MetaFunction = () => adminMeta("Ship orders");

/** The API's airway bills of these orders, one PDF: the browser opens it with the back office's session cookie. */
export const airwayBillsHref = (numbers: string[]) =>
  `/api/admin/shipments/labels.pdf?orders=${numbers.map(encodeURIComponent).join(",")}`;

export const NOTHING_SELECTED = "Tick at least one order to book.";

/** `?orders=A,B` (from an order's "Book with a courier"): those orders start ticked. */
const preselectedOf = (url: URL) =>
  url.searchParams
    .getAll("orders")
    .flatMap((value) => value.split(","))
    .map((number) => number.trim().toUpperCase())
    .filter(Boolean);

/**
 * The orders ready to ship (being processed), a page at a time. One order asked for by its number is shown on
 * its own (it might be on a later page), with a way back to all of them.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const preselected = preselectedOf(url);
  const single = preselected.length === 1 ? preselected[0]! : "";
  const page = url.searchParams.get("page") ?? "";
  const [orders, couriers] = await Promise.all([
    api.call("adminListOrders", { query: { status: "processing", q: single, page } }),
    api.call("adminCouriers"),
  ]);
  return {
    orders: answerOrThrow(orders),
    couriers: answerOrThrow(couriers).data,
    preselected,
    single,
    href: url.pathname + url.search,
  };
}

interface Booked {
  results: BookingResult[];
}

interface Failure {
  message: string;
  errors: Record<string, string>;
  values: { courier: string; orders: string[]; consignment_number: string; tracking_url: string };
}

const valuesOf = (form: FormData): Failure["values"] => ({
  courier: formText(form, "courier"),
  orders: form.getAll("orders").filter((value): value is string => typeof value === "string"),
  consignment_number: formText(form, "consignment_number"),
  tracking_url: formText(form, "tracking_url"),
});

/**
 * Books the ticked orders in one request; the answer is per order (one failing never stops the others), shown
 * on this page rather than after a redirect, since it is what staff act on next (print, or retry the failures).
 * Sending the same form again books nothing twice: the API answers an order booked before with its booking.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const values = valuesOf(await readForm(request));
  if (values.orders.length === 0) {
    const failure: Failure = { message: NOTHING_SELECTED, errors: { orders: NOTHING_SELECTED }, values };
    return data(failure, { status: 422 });
  }
  const own = values.courier === "own";
  const answer = await context.get(apiContext).call("adminBookShipments", {
    body: {
      courier: values.courier as CourierId,
      orders: values.orders,
      ...(own && values.consignment_number ? { consignment_number: values.consignment_number } : {}),
      ...(own && values.tracking_url ? { tracking_url: values.tracking_url } : {}),
    },
  });
  if (answer.ok) return { results: answer.data.results } satisfies Booked;
  const failure: Failure = {
    message: answer.data.message || "The orders could not be booked. Please try again.",
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
      message: submissionMessage(failure, "The orders could not be booked. Please try again."),
      errors: {},
      values: valuesOf(form),
    }),
  );
}

/** After a booking the list is read again, so each booked order shows its consignment. */
export const shouldRevalidate = reloadAfterSubmission;

/** The form's boxes, one per order on the page. */
const boxesOf = (form: HTMLFormElement | null) => [
  ...(form?.querySelectorAll<HTMLInputElement>('input[name="orders"]') ?? []),
];

export default function AdminShipping({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, couriers, preselected, single, href } = loaderData;
  const url = new URL(href, "http://admin.invalid");
  const failure = actionData && "message" in actionData ? actionData : undefined;
  const booked = actionData && "results" in actionData ? actionData.results : undefined;

  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">Ship orders</h1>
        <div className="admin-page__head-actions">
          <Link to="/admin/orders" className="button button--small button--outline">
            All orders
          </Link>
        </div>
      </div>
      <p className="admin-page__lead">
        Orders being processed, ready to hand to a courier. Tick the ones to send, choose the courier and book
        them in one go; then print all their airway bills as one PDF.
      </p>

      {booked && <BookingResults results={booked} />}
      {failure && (
        <FormAlert kind="error" title="Nothing was booked">
          {failure.message}
        </FormAlert>
      )}

      <BookingForm
        orders={orders}
        couriers={couriers}
        initial={failure?.values.orders ?? preselected}
        failure={failure}
        booked={booked}
        single={single}
        hrefFor={(page) => listPageHref(url, page)}
      />
    </div>
  );
}

/** Each order's answer: booked with its consignment and tracking page, or why not (the courier's own words). */
function BookingResults({ results }: { results: BookingResult[] }) {
  const booked = results.filter((result) => result.outcome === "booked");
  const failed = results.length - booked.length;
  const count = (n: number) => `${n} ${n === 1 ? "order" : "orders"}`;
  return (
    <section className="admin-card admin-booking-results" aria-labelledby="booking-results-title">
      <h2 className="admin-card__title" id="booking-results-title" tabIndex={-1}>
        {failed === 0
          ? `${count(booked.length)} booked`
          : booked.length === 0
            ? `${count(failed)} not booked`
            : `${count(booked.length)} booked, ${count(failed)} not booked`}
      </h2>
      <ul className="admin-booking-results__list">
        {results.map((result) => (
          <li
            key={result.order}
            className={`admin-booking-result admin-booking-result--${result.outcome}`}
            data-testid="booking-result"
          >
            <Link to={orderPath(result.order)} className="order-number">
              {result.order}
            </Link>{" "}
            {result.outcome === "booked" ? (
              <>
                <span className="admin-booking-result__outcome">
                  Booked{result.already_booked ? " (before)" : ""}
                </span>{" "}
                consignment <strong data-testid="consignment-number">{result.consignment_number}</strong>
                {result.tracking_url && (
                  <>
                    {" · "}
                    <a href={result.tracking_url} target="_blank" rel="noopener noreferrer">
                      Track the parcel
                    </a>
                  </>
                )}
              </>
            ) : (
              <>
                <span className="admin-booking-result__outcome">Not booked:</span> {result.message}
              </>
            )}
          </li>
        ))}
      </ul>
      {booked.length > 0 && (
        <p>
          <a
            className="button"
            href={airwayBillsHref(booked.map((result) => result.order))}
            target="_blank"
            rel="noopener"
          >
            Print airway bills (PDF)
          </a>
        </p>
      )}
    </section>
  );
}

function BookingForm({
  orders,
  couriers,
  initial,
  failure,
  booked,
  single,
  hrefFor,
}: {
  orders: AdminOrderList;
  couriers: Awaited<ReturnType<typeof loader>>["couriers"];
  initial: string[];
  failure: Failure | undefined;
  booked: BookingResult[] | undefined;
  single: string;
  hrefFor: (page: number) => string;
}) {
  const hydrated = useHydrated();
  const submitting = useSubmitting();
  const navigation = useNavigation();
  // The boxes and the courier stay plain form controls (what was ticked before the page hydrated is kept); the
  // count, "select all" and the own-delivery fields follow them by reading the form.
  const form = useRef<HTMLFormElement>(null);
  const [ticked, setTicked] = useState({ count: initial.length, all: false });
  const [courier, setCourier] = useState(failure?.values.courier || couriers[0]?.id || "own");
  const recount = useCallback(() => {
    const all = boxesOf(form.current);
    const count = all.filter((box) => box.checked).length;
    setTicked({ count, all: all.length > 0 && count === all.length });
    const chosen = form.current?.querySelector<HTMLSelectElement>('select[name="courier"]')?.value;
    if (chosen) setCourier(chosen);
  }, []);
  // Read what the form holds once hydrated and whenever the list changes (after a booking it is read afresh).
  useEffect(() => {
    if (orders) recount();
  }, [orders, recount]);
  // Once booked, the ticks and the own-delivery fields are cleared: the list now shows each order's consignment.
  useEffect(() => {
    if (!booked) return;
    for (const box of boxesOf(form.current)) box.checked = false;
    // A consignment number belongs to the order it was typed for.
    for (const name of ["consignment_number", "tracking_url"]) {
      const field = form.current?.elements.namedItem(name);
      if (field instanceof HTMLInputElement) field.value = "";
    }
    recount();
  }, [booked, recount]);
  const tickAll = (on: boolean) => {
    for (const box of boxesOf(form.current)) box.checked = on;
    recount();
  };

  const sending = submitting ? (navigation.formData?.getAll("orders").length ?? 0) : 0;
  const own = courier === "own";

  return (
    <Form
      method="post"
      className="admin-card form-stack admin-booking-form"
      aria-labelledby="booking-title"
      ref={form}
      onChange={recount}
    >
      <h2 className="admin-card__title" id="booking-title">
        {single ? `Order ${single}` : "Orders ready to ship"}
      </h2>
      {orders.data.length === 0 ? (
        <p className="admin-empty">
          {single
            ? `Order ${single} is not being processed, so it cannot be booked.`
            : orders.meta.current_page > 1
              ? "There are no orders on this page."
              : "No order is being processed. Mark an order as processing to ship it."}
        </p>
      ) : (
        <>
          {failure?.errors.orders && (
            <p className="field__error" id="booking-orders-error">
              {failure.errors.orders}
            </p>
          )}
          {/* Ticking every box at once needs JavaScript; without it each box is ticked on its own. */}
          {hydrated && (
            <label className="checkbox admin-booking-form__all">
              <input
                type="checkbox"
                checked={ticked.all}
                onChange={(event) => tickAll(event.target.checked)}
              />{" "}
              Select all {orders.data.length} on this page
            </label>
          )}
          <ShippingTable orders={orders} initial={initial} />
          <OrderListPages label="Pages of orders ready to ship" meta={orders.meta} hrefFor={hrefFor} />
        </>
      )}
      {single && (
        <p>
          <Link to="/admin/shipping">All orders ready to ship</Link>
        </p>
      )}

      <div className="admin-booking-form__courier">
        <div className={`field${failure?.errors.courier ? " field--invalid" : ""}`}>
          <label className="field__label" htmlFor="booking-courier">
            Courier
          </label>
          <select
            id="booking-courier"
            name="courier"
            className="field__input"
            defaultValue={failure?.values.courier || couriers[0]?.id}
          >
            {couriers.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
                {option.simulated ? " (simulator)" : ""}
              </option>
            ))}
          </select>
          {failure?.errors.courier && <p className="field__error">{failure.errors.courier}</p>}
        </div>
        {/* Without JavaScript these stay visible (the courier chosen is not known until sent); with it, only for own. */}
        <fieldset className="admin-booking-form__own" hidden={hydrated && !own}>
          <legend className="field__label">Own delivery or another courier</legend>
          <p className="field__hint">{SHIPMENT_MESSAGES.ownOneOrder} Other couriers give their own.</p>
          <Field
            id="booking-consignment"
            name="consignment_number"
            label="Consignment number"
            maxLength={40}
            defaultValue={failure?.values.consignment_number ?? ""}
            error={failure?.errors.consignment_number}
          />
          <Field
            id="booking-tracking"
            name="tracking_url"
            label="Tracking page"
            type="url"
            optional
            maxLength={500}
            placeholder="https://"
            defaultValue={failure?.values.tracking_url ?? ""}
            error={failure?.errors.tracking_url}
          />
        </fieldset>
      </div>
      <div>
        <button type="submit" className="button" disabled={submitting}>
          {submitting
            ? `Booking ${sending} ${sending === 1 ? "order" : "orders"}…`
            : hydrated && ticked.count > 0
              ? `Book ${ticked.count} selected ${ticked.count === 1 ? "order" : "orders"}`
              : "Book selected orders"}
        </button>
      </div>
    </Form>
  );
}

/** Like the order list, a card per order below 640 px; each row's box sends its number as `orders`. */
function ShippingTable({ orders, initial }: { orders: AdminOrderList; initial: string[] }) {
  const total = orders.meta.total;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table--cards admin-orders-table admin-shipping-table">
        <caption>
          {orders.meta.total_capped ? "More than " : ""}
          {total.toLocaleString("en-US")} {total === 1 ? "order" : "orders"} being processed
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Book</span>
            </th>
            <th scope="col">Order</th>
            <th scope="col">Placed</th>
            <th scope="col">Customer</th>
            <th scope="col" className="admin-num">
              Cash to collect
            </th>
            <th scope="col">Shipment</th>
          </tr>
        </thead>
        <tbody>
          {orders.data.map((order) => (
            <tr key={order.number} data-testid="shipping-row">
              <td className="admin-shipping-table__tick">
                <input
                  type="checkbox"
                  name="orders"
                  value={order.number}
                  defaultChecked={initial.includes(order.number)}
                  aria-label={`Select order ${order.number}`}
                />
              </td>
              <th scope="row" data-label="Order">
                <Link to={orderPath(order.number)} className="order-number">
                  {order.number}
                </Link>
              </th>
              <td data-label="Placed">
                <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
              </td>
              <td data-label="Customer" className="admin-wrap">
                <span className="admin-orders-table__name">{order.customer_name}</span>
                <span className="admin-orders-table__contact">{order.city}</span>
                <span className="admin-orders-table__contact">{order.phone}</span>
              </td>
              <td data-label="Cash to collect" className="admin-num">
                {formatRupees(order.total)}
              </td>
              <td data-label="Shipment">
                {order.shipment ? (
                  <span>
                    <StatusBadge status={order.shipment.status} />
                    <span className="admin-orders-table__contact">
                      {order.shipment.courier_name}
                      {order.shipment.consignment_number && ` · ${order.shipment.consignment_number}`}
                    </span>
                  </span>
                ) : (
                  <span className="admin-orders-table__contact">Not booked</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
