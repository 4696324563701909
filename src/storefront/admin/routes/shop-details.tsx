import { data, Form, redirect } from "react-router";
import {
  addressLine,
  SHOP_DETAILS_LIMITS,
  type ShopDetails,
  SOCIAL_NETWORKS,
  SOCIAL_ORDER,
} from "../../../shared/contracts/shop-details.ts";
import { apiContext } from "../../lib/api.server.ts";
import { failureStatus, formText } from "../../ui/forms/api-errors.ts";
import { Field, FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { reloadAfterSubmission, submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { answerOrThrow } from "../admin-data.server.ts";
import { adminMeta } from "../admin-meta.ts";
import { adminSessionContext } from "../admin-session.server.ts";
import type { Route } from "./+types/shop-details";

/**
 * The shop's details (decision 0066): what the header, footer, contact page, mails and search engines say about
 * the shop. Staff see them; the owner changes them, and the shop follows on save.
 */
export const meta: Route.MetaFunction = () => adminMeta("Shop details");

export async function loader({ context, url }: Route.LoaderArgs) {
  const details = answerOrThrow(await context.get(apiContext).call("adminShopDetails"));
  return {
    details,
    owner: context.get(adminSessionContext).user.role === "owner",
    saved: url.searchParams.get("done") === "saved",
  };
}

const TEXT_FIELDS = [
  "name",
  "tagline",
  "phone",
  "whatsapp",
  "email",
  "address",
  "city",
  "opening_hours",
] as const;
const SOCIAL_FIELDS = SOCIAL_ORDER.map((network) => `social.${network}` as const);
type Values = Record<(typeof TEXT_FIELDS)[number] | (typeof SOCIAL_FIELDS)[number], string>;

const valuesOf = (form: FormData) =>
  Object.fromEntries(
    [...TEXT_FIELDS, ...SOCIAL_FIELDS].map((name) => [name, formText(form, name)]),
  ) as Values;

const valuesFrom = (details: ShopDetails): Values => ({
  ...details,
  opening_hours: details.opening_hours.join("\n"),
  ...(Object.fromEntries(
    SOCIAL_ORDER.map((network) => [`social.${network}`, details.social[network]]),
  ) as Record<(typeof SOCIAL_FIELDS)[number], string>),
});

const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/** The API's first error by field: "social.facebook" stays whole; a line of the hours is the hours' field. */
function fieldErrors(errors: Record<string, string[]> | undefined): Record<string, string> {
  const first: Record<string, string> = {};
  for (const [path, messages] of Object.entries(errors ?? {})) {
    const field = path.startsWith("social.") ? path : (path.split(".")[0] ?? path);
    if (messages[0] && !(field in first)) first[field] = messages[0];
  }
  return first;
}

interface Failure {
  message: string;
  errors: Record<string, string>;
  values: Values;
}

const NOT_SAVED = "The shop's details were not saved. Please try again.";

export async function action({ context, request }: Route.ActionArgs) {
  const values = valuesOf(await readForm(request));
  const answer = await context.get(apiContext).call("adminUpdateShopDetails", {
    body: {
      name: values.name,
      tagline: values.tagline,
      phone: values.phone,
      whatsapp: values.whatsapp,
      email: values.email,
      address: values.address,
      city: values.city,
      opening_hours: linesOf(values.opening_hours),
      social: Object.fromEntries(
        SOCIAL_ORDER.map((network) => [network, values[`social.${network}`]]),
      ) as ShopDetails["social"],
    },
  });
  if (answer.ok) return redirect("/admin/shop-details?done=saved", 303);
  const failure: Failure = {
    message: answer.data.message || NOT_SAVED,
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
      message: submissionMessage(failure, NOT_SAVED),
      errors: {},
      values: valuesOf(form),
    }),
  );
}

export const shouldRevalidate = reloadAfterSubmission;

export default function AdminShopDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { details, owner, saved } = loaderData;
  const submitting = useSubmitting();
  const shown = actionData?.values ?? valuesFrom(details);
  const errors = actionData?.errors ?? {};
  const hoursError = errors.opening_hours;

  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">Shop details</h1>
      </div>
      <p className="admin-page__lead">
        The shop's name and how to reach it, as the header, footer, contact page, emails and search engines
        show them. The shop follows as soon as you save.
      </p>
      {saved && <FormAlert kind="success">The shop's details are saved.</FormAlert>}
      {actionData?.message && (
        <FormAlert kind="error" title="Not saved">
          {actionData.message}
        </FormAlert>
      )}

      <section className="admin-card" aria-labelledby="shop-details-title">
        <h2 className="admin-card__title" id="shop-details-title">
          Details
        </h2>
        {owner ? (
          <Form method="post" className="form-stack admin-settings-form">
            <Field
              name="name"
              label="Shop name"
              required
              maxLength={SHOP_DETAILS_LIMITS.name}
              defaultValue={shown.name}
              error={errors.name}
            />
            <Field
              name="tagline"
              label="Tagline"
              optional
              maxLength={SHOP_DETAILS_LIMITS.tagline}
              hint="After the name in the home page's title."
              defaultValue={shown.tagline}
              error={errors.tagline}
            />
            <Field
              name="phone"
              label="Phone"
              type="tel"
              required
              autoComplete="off"
              defaultValue={shown.phone}
              error={errors.phone}
            />
            <Field
              name="whatsapp"
              label="WhatsApp number"
              type="tel"
              optional
              autoComplete="off"
              defaultValue={shown.whatsapp}
              error={errors.whatsapp}
            />
            <Field
              name="email"
              label="Email"
              type="email"
              required
              autoComplete="off"
              defaultValue={shown.email}
              error={errors.email}
            />
            <Field
              name="address"
              label="Address"
              required
              maxLength={SHOP_DETAILS_LIMITS.address}
              hint="Street and area; the city is below."
              defaultValue={shown.address}
              error={errors.address}
            />
            <Field
              name="city"
              label="City"
              required
              maxLength={SHOP_DETAILS_LIMITS.city}
              defaultValue={shown.city}
              error={errors.city}
            />
            <div className={`field${hoursError ? " field--invalid" : ""}`}>
              <label className="field__label" htmlFor="field-opening_hours">
                Opening hours <span className="field__optional">(optional)</span>
              </label>
              <textarea
                id="field-opening_hours"
                name="opening_hours"
                className="field__input"
                rows={3}
                defaultValue={shown.opening_hours}
                aria-invalid={hoursError ? true : undefined}
                aria-describedby={`field-opening_hours-hint${hoursError ? " field-opening_hours-error" : ""}`}
              />
              <p className="field__hint" id="field-opening_hours-hint">
                One line each, as the contact page shows them: “Monday to Saturday, 10am to 7pm”.
              </p>
              {hoursError && (
                <p className="field__error" id="field-opening_hours-error">
                  {hoursError}
                </p>
              )}
            </div>
            <fieldset className="form-stack">
              <legend className="field__label">Social links</legend>
              {SOCIAL_ORDER.map((network) => (
                <Field
                  key={network}
                  id={`field-social-${network}`}
                  name={`social.${network}`}
                  label={SOCIAL_NETWORKS[network].label}
                  optional
                  type="url"
                  inputMode="url"
                  placeholder={`https://www.${SOCIAL_NETWORKS[network].hosts[0]}/yourshop`}
                  defaultValue={shown[`social.${network}`]}
                  error={errors[`social.${network}`]}
                />
              ))}
            </fieldset>
            <div>
              <button type="submit" className="button" disabled={submitting}>
                Save shop details
              </button>
            </div>
          </Form>
        ) : (
          <>
            <dl className="admin-dl">
              <dt>Shop name</dt>
              <dd>{details.name}</dd>
              <dt>Phone</dt>
              <dd>{details.phone}</dd>
              {details.whatsapp && (
                <>
                  <dt>WhatsApp</dt>
                  <dd>{details.whatsapp}</dd>
                </>
              )}
              <dt>Email</dt>
              <dd>{details.email}</dd>
              <dt>Address</dt>
              <dd>{addressLine(details)}</dd>
              <dt>Opening hours</dt>
              <dd>{details.opening_hours.join("; ") || "Not shown"}</dd>
            </dl>
            <p className="admin-page__lead">Only the shop's owner can change the shop's details.</p>
          </>
        )}
      </section>
    </div>
  );
}
