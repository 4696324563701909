import { data, Form, Link, redirect } from "react-router";
import { BLOCK_KINDS, type BlockKind, type NewBlock } from "../../../shared/contracts/blocklist.ts";
import { ORDER_SETTINGS_DEFAULTS, type OrderSettings } from "../../../shared/contracts/settings.ts";
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
import ordersStyles from "../styles/orders.css?url";
import type { Route } from "./+types/blocklist";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];

export const meta: Route.MetaFunction = () => adminMeta("Blocklist and confirmation");

const KIND_NAMES: Record<BlockKind, string> = { phone: "Phone", email: "Email", address: "Address" };
const DONE = {
  added: "Added to the blocklist.",
  removed: "Taken off the blocklist.",
  settings: "The order settings are saved.",
} as const;

/** The return window as staff read it (only the owner edits it). */
const returnWindowText = (days: number) =>
  days === 0 ? "Not taken" : `Asked within ${days} ${days === 1 ? "day" : "days"} of delivery`;

/** The blocklist and the owner's order settings, on one page: what stops or slows a cash-on-delivery order. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const page = url.searchParams.get("page") ?? "";
  const [list, settings] = await Promise.all([
    api.call("adminListBlocklist", { query: { page } }),
    api.call("adminOrderSettings"),
  ]);
  const done = url.searchParams.get("done");
  return {
    list: answerOrThrow(list),
    settings: answerOrThrow(settings),
    owner: context.get(adminSessionContext).user.role === "owner",
    done: done && done in DONE ? DONE[done as keyof typeof DONE] : null,
  };
}

interface Failure {
  intent: string;
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
}

const FIELDS = [
  "kind",
  "value",
  "city",
  "reason",
  "confirmation_required",
  "confirmation_hours",
  "high_value_threshold",
  "return_window_days",
];
const valuesOf = (form: FormData) => Object.fromEntries(FIELDS.map((name) => [name, formText(form, name)]));

/** Each form says what it is (`intent`); done, the page reloads (303) and says so; refused, what was typed stays. */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = formText(form, "intent");
  const api = context.get(apiContext);
  const values = valuesOf(form);
  const answer =
    intent === "remove"
      ? await api.call("adminRemoveFromBlocklist", { params: { id: formText(form, "id") } })
      : intent === "settings"
        ? await api.call("adminUpdateOrderSettings", {
            body: {
              confirmation_required: values.confirmation_required === "on",
              confirmation_hours: Number(values.confirmation_hours),
              high_value_threshold: Number(values.high_value_threshold),
              // Sent every time: a save without it would put the window back to its default.
              return_window_days: Number(values.return_window_days),
            } satisfies OrderSettings,
          })
        : await api.call("adminAddToBlocklist", {
            body: {
              kind: values.kind as BlockKind,
              value: values.value ?? "",
              city: values.city ?? "",
              reason: values.reason ?? "",
            } satisfies NewBlock,
          });
  if (answer.ok) {
    const done = intent === "remove" ? "removed" : intent === "settings" ? "settings" : "added";
    return redirect(`/admin/blocklist?done=${done}`, 303);
  }
  const failure: Failure = {
    intent,
    message: answer.data.message || "That did not work. Please try again.",
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
      intent: formText(form, "intent"),
      message: submissionMessage(failure, "That did not work. Please try again."),
      errors: {},
      values: valuesOf(form),
    }),
  );
}

export const shouldRevalidate = reloadAfterSubmission;

export default function AdminBlocklist({ loaderData, actionData }: Route.ComponentProps) {
  const { list, settings, owner, done } = loaderData;
  const submitting = useSubmitting();
  const failed = (intent: string) => (actionData?.intent === intent ? actionData : undefined);
  const adding = failed("add");
  const saving = failed("settings");
  const shown = saving?.values;

  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">Blocklist and confirmation</h1>
        <Link to="/admin/orders?review=1" className="button button--small button--outline">
          Orders that need review
        </Link>
      </div>
      <p className="admin-page__lead">
        A phone or email on the blocklist cannot order cash on delivery; an order to a blocked address is
        taken but flagged for review.
      </p>
      {done && <FormAlert kind="success">{done}</FormAlert>}
      {actionData?.message && (
        <FormAlert kind="error" title="Not saved">
          {actionData.message}
        </FormAlert>
      )}

      <section className="admin-card" aria-labelledby="settings-title">
        <h2 className="admin-card__title" id="settings-title">
          Order confirmation and review
        </h2>
        {owner ? (
          <Form method="post" className="form-stack admin-settings-form">
            <input type="hidden" name="intent" value="settings" />
            <label className="checkbox">
              <input
                type="checkbox"
                name="confirmation_required"
                defaultChecked={shown ? shown.confirmation_required === "on" : settings.confirmation_required}
              />{" "}
              Ask every new order to be confirmed (a link and a code by message and email, or a call from you)
            </label>
            <Field
              name="confirmation_hours"
              label="Hours to confirm before the order is cancelled"
              type="number"
              min={1}
              max={336}
              required
              defaultValue={shown?.confirmation_hours ?? String(settings.confirmation_hours)}
              error={saving?.errors.confirmation_hours}
            />
            <Field
              name="high_value_threshold"
              label="Flag orders of this total or more (Rs.; 0 for never)"
              type="number"
              min={0}
              required
              defaultValue={shown?.high_value_threshold ?? String(settings.high_value_threshold)}
              error={saving?.errors.high_value_threshold}
            />
            <Field
              name="return_window_days"
              label="Days to return an order after delivery"
              type="number"
              min={0}
              max={365}
              required
              defaultValue={
                shown?.return_window_days ??
                String(settings.return_window_days ?? ORDER_SETTINGS_DEFAULTS.return_window_days)
              }
              error={saving?.errors.return_window_days}
              hint="Counted from the day the order was delivered; 0 takes no return requests."
            />
            <div>
              <button type="submit" className="button" disabled={submitting}>
                Save settings
              </button>
            </div>
          </Form>
        ) : (
          <dl className="admin-dl">
            <dt>Confirmation</dt>
            <dd>
              {settings.confirmation_required
                ? `Asked of every order; cancelled after ${settings.confirmation_hours} hours`
                : "Not asked"}
            </dd>
            <dt>High value</dt>
            <dd>
              {settings.high_value_threshold > 0
                ? `Rs. ${settings.high_value_threshold.toLocaleString("en-US")} or more`
                : "Not flagged"}
            </dd>
            <dt>Returns</dt>
            <dd>
              {returnWindowText(settings.return_window_days ?? ORDER_SETTINGS_DEFAULTS.return_window_days)}
            </dd>
          </dl>
        )}
      </section>

      <section className="admin-card" aria-labelledby="block-title">
        <h2 className="admin-card__title" id="block-title">
          Block a phone, email or address
        </h2>
        <Form method="post" className="form-stack admin-block-form">
          <input type="hidden" name="intent" value="add" />
          <div className="field">
            <label className="field__label" htmlFor="block-kind">
              What
            </label>
            <select
              id="block-kind"
              name="kind"
              className="field__input"
              defaultValue={adding?.values.kind ?? "phone"}
            >
              {BLOCK_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_NAMES[kind]}
                </option>
              ))}
            </select>
          </div>
          <Field
            id="block-value"
            name="value"
            label="Phone, email or address"
            required
            maxLength={255}
            defaultValue={adding?.values.value ?? ""}
            error={adding?.errors.value}
            hint="A phone is matched however it is written (0300…, +92 300…)."
          />
          <Field
            id="block-city"
            name="city"
            label="City"
            optional
            maxLength={100}
            defaultValue={adding?.values.city ?? ""}
            error={adding?.errors.city}
            hint="For an address."
          />
          <Field
            id="block-reason"
            name="reason"
            label="Reason"
            required
            maxLength={500}
            defaultValue={adding?.values.reason ?? ""}
            error={adding?.errors.reason}
          />
          <div>
            <button type="submit" className="button" disabled={submitting}>
              Add to blocklist
            </button>
          </div>
        </Form>
      </section>

      <section className="admin-card" aria-labelledby="blocked-title">
        <h2 className="admin-card__title" id="blocked-title">
          Blocked ({list.meta.total.toLocaleString("en-US")})
        </h2>
        {list.data.length === 0 ? (
          <p className="admin-empty">Nobody is blocked.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--cards">
              <caption className="visually-hidden">Blocked phones, emails and addresses</caption>
              <thead>
                <tr>
                  <th scope="col">What</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Added</th>
                  <th scope="col">
                    <span className="visually-hidden">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((entry) => (
                  <tr key={entry.id}>
                    <th scope="row" data-label={KIND_NAMES[entry.kind]} className="admin-wrap">
                      {entry.value}
                    </th>
                    <td data-label="Reason" className="admin-wrap">
                      {entry.reason}
                    </td>
                    <td data-label="Added">
                      <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
                      <span className="admin-orders-table__contact">{entry.created_by}</span>
                    </td>
                    <td>
                      <Form method="post">
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="id" value={entry.id} />
                        <button
                          type="submit"
                          className="button button--small button--outline"
                          disabled={submitting}
                        >
                          Remove
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
