import { data, Form, redirect } from "react-router";
import type { DeliverySettings } from "../../../shared/contracts/coupons.ts";
import { formatWholeRupees } from "../../../shared/money.ts";
import { apiContext } from "../../lib/api.server.ts";
import { failureStatus, formText } from "../../ui/forms/api-errors.ts";
import { Field, FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { reloadAfterSubmission, submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { answerOrThrow } from "../admin-data.server.ts";
import { adminMeta } from "../admin-meta.ts";
import { adminSessionContext } from "../admin-session.server.ts";
import type { Route } from "./+types/delivery";

export const meta: Route.MetaFunction = () => adminMeta("Delivery charges");

export async function loader({ context, url }: Route.LoaderArgs) {
  const settings = answerOrThrow(await context.get(apiContext).call("adminDeliverySettings"));
  return {
    settings,
    owner: context.get(adminSessionContext).user.role === "owner",
    saved: url.searchParams.get("done") === "saved",
  };
}

const FIELDS = ["flat_charge", "free_from", "city_charges", "cod_fee"] as const;
type Values = Record<(typeof FIELDS)[number], string>;
const valuesOf = (form: FormData) =>
  Object.fromEntries(FIELDS.map((name) => [name, formText(form, name)])) as Values;

/** "Karachi, 150" per line; the charge is after the last comma, so a city's own comma stays in its name. */
function cityCharges(text: string) {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const comma = line.lastIndexOf(",");
      return comma < 0
        ? { city: line, charge: "" }
        : { city: line.slice(0, comma).trim(), charge: line.slice(comma + 1).trim() };
    });
}

const cityLines = (settings: DeliverySettings) =>
  settings.city_charges.map(({ city, charge }) => `${city}, ${charge}`).join("\n");

/** The API's errors by field; a city line's error names its line ("city_charges.2.charge" is line 3's). */
function fieldErrors(errors: Record<string, string[]> | undefined): Record<string, string> {
  const first: Record<string, string> = {};
  for (const [path, messages] of Object.entries(errors ?? {})) {
    const [field = path, line] = path.split(".");
    const message = line === undefined ? messages[0] : `Line ${Number(line) + 1}: ${messages[0]}`;
    if (message && !(field in first)) first[field] = message;
  }
  return first;
}

interface Failure {
  message: string;
  errors: Record<string, string>;
  values: Values;
}

export async function action({ context, request }: Route.ActionArgs) {
  const values = valuesOf(await readForm(request));
  const answer = await context.get(apiContext).call("adminUpdateDeliverySettings", {
    body: {
      flat_charge: values.flat_charge,
      free_from: values.free_from.trim() === "" ? null : values.free_from,
      city_charges: cityCharges(values.city_charges),
      cod_fee: values.cod_fee.trim() === "" ? 0 : values.cod_fee,
    },
  });
  if (answer.ok) return redirect("/admin/delivery?done=saved", 303);
  const failure: Failure = {
    message: answer.data.message || "The delivery charges were not saved. Please try again.",
    errors: fieldErrors(answer.data.errors),
    values,
  };
  return data(failure, { status: failureStatus(answer.status) });
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    (failure, form): Failure => ({
      message: submissionMessage(failure, "The delivery charges were not saved. Please try again."),
      errors: {},
      values: valuesOf(form),
    }),
  );
}

export const shouldRevalidate = reloadAfterSubmission;

export default function AdminDelivery({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, owner, saved } = loaderData;
  const submitting = useSubmitting();
  const shown = actionData?.values;
  const errors = actionData?.errors ?? {};
  const citiesError = errors.city_charges;

  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">Delivery charges</h1>
      </div>
      <p className="admin-page__lead">
        What delivery costs a shopper: one charge for every order, free delivery from a subtotal (after
        discounts), other charges for some cities, and a fee for cash on delivery.
      </p>
      {saved && <FormAlert kind="success">The delivery charges are saved.</FormAlert>}
      {actionData?.message && (
        <FormAlert kind="error" title="Not saved">
          {actionData.message}
        </FormAlert>
      )}

      <section className="admin-card" aria-labelledby="delivery-title">
        <h2 className="admin-card__title" id="delivery-title">
          Charges
        </h2>
        {owner ? (
          <Form method="post" className="form-stack admin-settings-form">
            <Field
              name="flat_charge"
              label="Delivery charge (Rs.)"
              type="number"
              min={0}
              step="any"
              inputMode="decimal"
              required
              defaultValue={shown?.flat_charge ?? String(settings.flat_charge)}
              error={errors.flat_charge}
            />
            <Field
              name="free_from"
              label="Free delivery from a subtotal of (Rs.)"
              optional
              type="number"
              min={0}
              step="any"
              inputMode="decimal"
              hint="Leave empty for never."
              defaultValue={
                shown?.free_from ?? (settings.free_from === null ? "" : String(settings.free_from))
              }
              error={errors.free_from}
            />
            <div className={`field${citiesError ? " field--invalid" : ""}`}>
              <label className="field__label" htmlFor="field-city_charges">
                Other charges for some cities <span className="field__optional">(optional)</span>
              </label>
              <textarea
                id="field-city_charges"
                name="city_charges"
                className="field__input"
                rows={5}
                defaultValue={shown?.city_charges ?? cityLines(settings)}
                aria-invalid={citiesError ? true : undefined}
                aria-describedby={`field-city_charges-hint${citiesError ? " field-city_charges-error" : ""}`}
              />
              <p className="field__hint" id="field-city_charges-hint">
                One city a line, then a comma and its charge in rupees: "Karachi, 150".
              </p>
              {citiesError && (
                <p className="field__error" id="field-city_charges-error">
                  {citiesError}
                </p>
              )}
            </div>
            <Field
              name="cod_fee"
              label="Cash on delivery fee (Rs.)"
              type="number"
              min={0}
              step="any"
              inputMode="decimal"
              hint="Added to every cash-on-delivery order as its own line; 0 for none."
              defaultValue={shown?.cod_fee ?? String(settings.cod_fee)}
              error={errors.cod_fee}
            />
            <div>
              <button type="submit" className="button" disabled={submitting}>
                Save delivery charges
              </button>
            </div>
          </Form>
        ) : (
          <>
            <dl className="admin-dl">
              <dt>Delivery charge</dt>
              <dd>{formatWholeRupees(settings.flat_charge)}</dd>
              <dt>Free delivery</dt>
              <dd>
                {settings.free_from === null
                  ? "Never"
                  : `From a subtotal of ${formatWholeRupees(settings.free_from)}`}
              </dd>
              <dt>Cash on delivery fee</dt>
              <dd>{settings.cod_fee > 0 ? formatWholeRupees(settings.cod_fee) : "None"}</dd>
              <dt>Cities</dt>
              <dd>
                {settings.city_charges.length === 0
                  ? "The same charge everywhere"
                  : settings.city_charges
                      .map(({ city, charge }) => `${city}: ${formatWholeRupees(charge)}`)
                      .join("; ")}
              </dd>
            </dl>
            <p className="admin-page__lead">Only the shop's owner can change the delivery charges.</p>
          </>
        )}
      </section>
    </div>
  );
}
