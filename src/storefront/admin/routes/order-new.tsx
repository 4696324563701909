import { randomUUID } from "node:crypto";
import { data, Form, Link, redirect } from "react-router";
import {
  ORDER_CHANNEL_NAMES,
  ORDER_CHANNELS,
  type OrderChannel,
  STAFF_ORDER_LINES_MAX,
  type StaffOrderQuote,
} from "../../../shared/contracts/admin-orders.ts";
import { formatRupees } from "../../../shared/money.ts";
import { LIVE_STATUS, PRODUCT_STATUS_LABELS, type ProductStatus } from "../../../shared/product-status.ts";
import { type ApiClient, apiContext } from "../../lib/api.server.ts";
import { failureStatus, firstErrors, formText } from "../../ui/forms/api-errors.ts";
import { Field, FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { ChevronLeftIcon } from "../../ui/icons.tsx";
import { adminMeta } from "../admin-meta.ts";
import { Choice, fieldProps } from "../form-fields.tsx";
import { orderPath } from "../orders/order-labels.ts";
import ordersStyles from "../styles/orders.css?url";
import type { Route } from "./+types/order-new";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];

export const meta: Route.MetaFunction = () => adminMeta("Enter an order");

/**
 * An order taken by phone, WhatsApp, Instagram or in person (decision 0029, "Orders staff enter"). One plain form
 * holds everything, so each button (find a product, add or remove a line, update the total, enter the order)
 * posts all of it and nothing typed is lost, with or without JavaScript. The API prices every figure; this page
 * only shows them.
 */

const TEXT_FIELDS = [
  "channel",
  "phone",
  "email",
  "first_name",
  "last_name",
  "address",
  "address_2",
  "city",
  "postcode",
  "notes",
  "staff_note",
  "code",
  "find",
] as const;
type Values = Record<(typeof TEXT_FIELDS)[number], string>;

/** A chosen line as typed: the variant, and its quantity (checked by the API). */
interface Line {
  variation_id: number;
  quantity: string;
}

/** A product found by "Find", with its variants to add. */
interface Found {
  id: number;
  title: string;
  status: string;
  variants: { id: number; color_name: string; size_name: string; sale_price: number; stock: number }[];
}

/** The page's state after any of its buttons. */
export interface OrderDraft {
  values: Values;
  lines: Line[];
  quote: StaffOrderQuote | null;
  found: Found[] | null;
  errors: Record<string, string>;
  message: string | null;
  key: string;
}

/** Products "Find" shows, each with its variants. */
const FOUND_MAX = 6;

const EMPTY: Values = Object.fromEntries(TEXT_FIELDS.map((name) => [name, ""])) as Values;

export function loader() {
  return { key: randomUUID() };
}

function readDraft(form: FormData): Omit<OrderDraft, "quote" | "found" | "errors" | "message"> {
  const values = Object.fromEntries(TEXT_FIELDS.map((name) => [name, formText(form, name)])) as Values;
  const seen = new Set<number>();
  const lines: Line[] = [];
  for (const entry of form.getAll("line")) {
    const id = Number(entry);
    if (!Number.isSafeInteger(id) || id <= 0 || seen.has(id)) continue;
    seen.add(id);
    lines.push({ variation_id: id, quantity: formText(form, `qty-${id}`).trim() || "1" });
  }
  return { values, lines, key: formText(form, "key") || randomUUID() };
}

const itemsOf = (lines: readonly Line[]) =>
  lines.map((line) => ({ variation_id: line.variation_id, quantity: line.quantity }));

/** The API's messages at `items.N.quantity` shown at line N's quantity (`qty-<id>`), the rest as they are. */
function lineErrors(errors: Record<string, string>, lines: readonly Line[]): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    const match = /^items\.(\d+)\./.exec(field);
    const line = match ? lines[Number(match[1])] : undefined;
    shown[line ? `qty-${line.variation_id}` : field] = message;
  }
  return shown;
}

async function findProducts(api: ApiClient, words: string): Promise<Found[]> {
  const q = words.trim().slice(0, 100);
  if (q === "") return [];
  const list = await api.call("adminListProducts", { query: { q, page: 1 } });
  if (!list.ok) return [];
  const products = await Promise.all(
    list.data.data
      .slice(0, FOUND_MAX)
      .map((row) => api.call("adminGetProduct", { params: { id: String(row.id) } })),
  );
  return products.flatMap((answer) =>
    answer.ok
      ? [
          {
            id: answer.data.id,
            title: answer.data.title,
            status: answer.data.status,
            variants: answer.data.variants.map(({ id, color_name, size_name, sale_price, stock }) => ({
              id,
              color_name,
              size_name,
              sale_price,
              stock,
            })),
          },
        ]
      : [],
  );
}

export async function action({ context, request }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const form = await readForm(request);
  // "Add" and "Remove" buttons carry their variant as their own value (a form posts only the pressed button's).
  const intent = formText(form, "intent");
  const draft = readDraft(form);
  let lines = draft.lines;
  const added = Number(formText(form, "add"));
  if (Number.isSafeInteger(added) && added > 0 && !lines.some((line) => line.variation_id === added)) {
    lines = [...lines, { variation_id: added, quantity: "1" }];
  }
  const removed = Number(formText(form, "remove"));
  if (removed > 0) lines = lines.filter((line) => line.variation_id !== removed);
  const values = draft.values;

  if (intent === "enter") {
    const answer = await api.call("adminEnterOrder", {
      body: {
        items: itemsOf(lines),
        email: values.email,
        phone: values.phone,
        shipping_address: {
          first_name: values.first_name,
          last_name: values.last_name,
          address: values.address,
          address_2: values.address_2,
          city: values.city,
          postcode: values.postcode,
        },
        notes: values.notes,
        // As chosen; the API refuses anything but a channel it knows.
        channel: values.channel as OrderChannel,
        staff_note: values.staff_note,
        code: values.code,
      },
      headers: { "Idempotency-Key": draft.key },
    });
    if (answer.ok) return redirect(`${orderPath(answer.data.number)}?entered=1`, 303);
    const quote = lines.length > 0 ? await quoteOf(api, lines, values) : null;
    const failure: OrderDraft = {
      ...draft,
      lines,
      quote: quote?.ok ? quote.data : null,
      found: values.find ? await findProducts(api, values.find) : null,
      errors: lineErrors(firstErrors(answer.data.errors), lines),
      message: answer.data.message || "The order was not entered. Please try again.",
    };
    return data(failure, { status: failureStatus(answer.status) });
  }

  const [quote, found] = await Promise.all([
    lines.length > 0 ? quoteOf(api, lines, values) : null,
    values.find ? findProducts(api, values.find) : null,
  ]);
  const draftAfter: OrderDraft = {
    ...draft,
    lines,
    quote: quote?.ok ? quote.data : null,
    found,
    errors: quote && !quote.ok ? lineErrors(firstErrors(quote.data.errors), lines) : {},
    message: quote && !quote.ok ? quote.data.message || "The total could not be worked out." : null,
  };
  return draftAfter;
}

function quoteOf(api: ApiClient, lines: readonly Line[], values: Values) {
  return api.call("adminQuoteOrder", {
    body: { items: itemsOf(lines), city: values.city, code: values.code, phone: values.phone },
  });
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(request, serverAction, (failure, form): OrderDraft => {
    const draft = readDraft(form);
    return {
      ...draft,
      quote: null,
      found: null,
      errors: {},
      message: submissionMessage(failure, "The order was not entered. Please try again."),
    };
  });
}

export default function AdminOrderNew({ loaderData, actionData }: Route.ComponentProps) {
  const draft: OrderDraft = actionData ?? {
    values: { ...EMPTY, channel: "phone" },
    lines: [],
    quote: null,
    found: null,
    errors: {},
    message: null,
    key: loaderData.key,
  };
  const submitting = useSubmitting();
  const field = fieldProps("order", draft.values, draft.errors);
  const chosen = new Set(draft.lines.map((line) => line.variation_id));
  const quoted = new Map(draft.quote?.lines.map((line) => [line.variation_id, line]));
  const full = draft.lines.length >= STAFF_ORDER_LINES_MAX;

  return (
    <div className="admin-page admin-order-new">
      <Link to="/admin/orders" className="back-link">
        <ChevronLeftIcon size={16} /> All orders
      </Link>
      <div className="admin-page__head">
        <div>
          <h1 className="admin-page__title">Enter an order</h1>
          <p className="admin-page__lead">
            For a shopper who ordered by phone, WhatsApp, Instagram or in person. It is priced like a
            checkout, takes its stock at once, and is cash on delivery and already confirmed.
          </p>
        </div>
      </div>
      {draft.message && (
        <FormAlert kind="error" title="Not entered">
          {draft.message}
        </FormAlert>
      )}

      <Form method="post" className="form-stack">
        <input type="hidden" name="key" value={draft.key} />
        {/* Enter in a text field presses the first submit button, "Find": only "Enter order" enters the order. */}
        <section className="admin-card" aria-labelledby="new-order-items">
          <h2 className="admin-card__title" id="new-order-items">
            Items
          </h2>
          <div className="admin-order-new__find">
            <Field
              {...field("find")}
              label="Find a product"
              type="search"
              hint="Its name, or part of it"
              maxLength={100}
            />
            <button
              type="submit"
              name="intent"
              value="find"
              formNoValidate
              className="button button--outline"
              disabled={submitting}
            >
              Find
            </button>
          </div>
          {draft.found && draft.found.length === 0 && (
            <p className="admin-page__lead">No product matches “{draft.values.find}”.</p>
          )}
          {draft.found && draft.found.length > 0 && (
            <div className="admin-table-wrap">
              <table className="admin-table admin-order-new__found">
                <caption className="visually-hidden">Products found</caption>
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">Colour and size</th>
                    <th scope="col">Price</th>
                    <th scope="col">Stock</th>
                    <th scope="col">
                      <span className="visually-hidden">Add</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {draft.found.flatMap((product) =>
                    product.variants.map((variant, index) => (
                      <tr key={variant.id}>
                        <td>
                          {index === 0 ? product.title : ""}
                          {index === 0 && product.status !== LIVE_STATUS && (
                            <span className="admin-order-new__muted">
                              {" "}
                              ({PRODUCT_STATUS_LABELS[product.status as ProductStatus] ?? product.status})
                            </span>
                          )}
                        </td>
                        <td>
                          {variant.color_name}, {variant.size_name}
                        </td>
                        <td>{formatRupees(variant.sale_price)}</td>
                        <td>{variant.stock}</td>
                        <td>
                          {chosen.has(variant.id) ? (
                            <span className="admin-order-new__muted">Added</span>
                          ) : product.status !== LIVE_STATUS ? (
                            <span className="admin-order-new__muted">Not on sale</span>
                          ) : variant.stock <= 0 ? (
                            <span className="admin-order-new__muted">Sold out</span>
                          ) : (
                            <button
                              type="submit"
                              name="add"
                              value={variant.id}
                              formNoValidate
                              className="button button--small button--outline"
                              disabled={submitting || full}
                              aria-label={`Add ${product.title}, ${variant.color_name}, ${variant.size_name}`}
                            >
                              Add
                            </button>
                          )}
                        </td>
                      </tr>
                    )),
                  )}
                </tbody>
              </table>
            </div>
          )}

          {draft.errors.items && <p className="field__error">{draft.errors.items}</p>}
          {draft.lines.length === 0 ? (
            <p className="admin-page__lead">No items yet: find a product and add its colour and size.</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table admin-order-new__lines">
                <caption className="visually-hidden">Items in the order</caption>
                <thead>
                  <tr>
                    <th scope="col">Item</th>
                    <th scope="col">Quantity</th>
                    <th scope="col">Price</th>
                    <th scope="col">Total</th>
                    <th scope="col">
                      <span className="visually-hidden">Remove</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {draft.lines.map((line) => {
                    const priced = quoted.get(line.variation_id);
                    const error = draft.errors[`qty-${line.variation_id}`];
                    const name = priced
                      ? `${priced.name} (${priced.color_name}, ${priced.size_name})`
                      : `Item ${line.variation_id}`;
                    return (
                      <tr key={line.variation_id}>
                        <td>
                          <input type="hidden" name="line" value={line.variation_id} />
                          {name}
                          {priced?.problem && <p className="field__error">{priced.problem}</p>}
                        </td>
                        <td>
                          <label className="visually-hidden" htmlFor={`qty-${line.variation_id}`}>
                            Quantity of {name}
                          </label>
                          <input
                            id={`qty-${line.variation_id}`}
                            name={`qty-${line.variation_id}`}
                            className="field__input admin-order-new__qty"
                            type="number"
                            inputMode="numeric"
                            min={1}
                            max={999}
                            defaultValue={line.quantity}
                            aria-invalid={error ? true : undefined}
                          />
                          {error && <p className="field__error">{error}</p>}
                        </td>
                        <td>{priced ? formatRupees(priced.price) : "–"}</td>
                        <td>{priced ? formatRupees(priced.total) : "–"}</td>
                        <td>
                          <button
                            type="submit"
                            name="remove"
                            value={line.variation_id}
                            formNoValidate
                            className="button button--small button--outline"
                            disabled={submitting}
                            aria-label={`Remove ${name}`}
                          >
                            Remove
                          </button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
        </section>

        <section className="admin-card" aria-labelledby="new-order-customer">
          <h2 className="admin-card__title" id="new-order-customer">
            Customer and address
          </h2>
          <div className="admin-order-new__grid">
            <Choice
              name="channel"
              label="Ordered by"
              idPrefix="order"
              options={Object.fromEntries(
                ORDER_CHANNELS.map((channel) => [channel, ORDER_CHANNEL_NAMES[channel]]),
              )}
              value={draft.values.channel || "phone"}
              error={draft.errors.channel}
            />
            <Field {...field("phone")} label="Phone" type="tel" autoComplete="off" required />
            <Field
              {...field("email")}
              label="Email"
              type="email"
              optional
              hint="The order's email goes here; leave it empty if they have none."
            />
            <Field
              {...field("first_name")}
              label="First name"
              error={draft.errors["shipping_address.first_name"]}
              required
            />
            <Field
              {...field("last_name")}
              label="Last name"
              error={draft.errors["shipping_address.last_name"]}
              required
            />
            <Field
              {...field("address")}
              label="Address"
              error={draft.errors["shipping_address.address"]}
              required
            />
            <Field
              {...field("address_2")}
              label="Apartment, suite, etc."
              optional
              error={draft.errors["shipping_address.address_2"]}
            />
            <Field {...field("city")} label="City" error={draft.errors["shipping_address.city"]} required />
            <Field
              {...field("postcode")}
              label="Postcode"
              optional
              error={draft.errors["shipping_address.postcode"]}
            />
          </div>
          <Field {...field("notes")} label="Customer's notes" optional hint="Printed on the packing slip." />
          <Field
            {...field("staff_note")}
            label="Note for the shop"
            optional
            hint="Kept in the audit log, not sent."
          />
        </section>

        <section className="admin-card" aria-labelledby="new-order-total">
          <h2 className="admin-card__title" id="new-order-total">
            Total
          </h2>
          <Field {...field("code")} label="Discount code" optional autoCapitalize="characters" />
          {draft.quote?.code_problem && <p className="field__error">{draft.quote.code_problem}</p>}
          {draft.quote ? (
            <dl className="admin-dl admin-order-new__total">
              <dt>Subtotal</dt>
              <dd>{formatRupees(draft.quote.subtotal)}</dd>
              {draft.quote.discount > 0 && (
                <>
                  <dt>Discount{draft.quote.code ? ` (${draft.quote.code})` : ""}</dt>
                  <dd>−{formatRupees(draft.quote.discount)}</dd>
                </>
              )}
              <dt>Delivery</dt>
              <dd>
                {formatRupees(draft.quote.delivery_charges)}{" "}
                <span className="admin-order-new__muted">{draft.quote.delivery_note}</span>
              </dd>
              {draft.quote.cod_fee > 0 && (
                <>
                  <dt>Cash on delivery fee</dt>
                  <dd>{formatRupees(draft.quote.cod_fee)}</dd>
                </>
              )}
              <dt>Total to collect</dt>
              <dd>
                <strong>{formatRupees(draft.quote.total)}</strong>
              </dd>
            </dl>
          ) : (
            <p className="admin-page__lead">The total shows once the order has items.</p>
          )}
          <div className="admin-order-new__actions">
            <button
              type="submit"
              name="intent"
              value="quote"
              formNoValidate
              className="button button--outline"
              disabled={submitting}
            >
              Update total
            </button>
            <button
              type="submit"
              name="intent"
              value="enter"
              className="button"
              disabled={submitting || draft.lines.length === 0}
            >
              Enter order
            </button>
          </div>
        </section>
      </Form>
    </div>
  );
}
