import { data, Form, type ShouldRevalidateFunctionArgs } from "react-router";
import { CONTACT_LIMITS } from "../../../shared/contact-form.ts";
import { addressLine, telHref, whatsappHref } from "../../../shared/contracts/shop-details.ts";
import { HONEYPOT_FIELD } from "../../../shared/honeypot.ts";
import { apiContext } from "../../lib/api.server.ts";
import pageStyles from "../../styles/pages.css?url";
import { PageBanner } from "../../ui/breadcrumb.tsx";
import { failureStatus, firstErrors, formFields, formText } from "../../ui/forms/api-errors.ts";
import { Field, FormAlert } from "../../ui/forms/field.tsx";
import { HoneypotField } from "../../ui/forms/honeypot-field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { MailIcon, PhoneIcon, PinIcon } from "../../ui/icons.tsx";
import { shopNameOf, useShopDetails } from "../../ui/site.ts";
import type { Route } from "./+types/contact";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Contact us | ${shopNameOf(matches)}` },
  {
    name: "description",
    content: `Questions about an order, a size or a return? Write to ${shopNameOf(matches)}.`,
  },
];

const FIELDS = ["name", "email", "subject", "message"] as const;
type ContactValues = Record<(typeof FIELDS)[number], string>;

const FALLBACK = "Something went wrong. Please try again.";

/** What the form shows after a submission: the outcome, each field's first error, and what was typed. */
interface ContactResult {
  sent: boolean;
  message: string;
  errors: Record<string, string>;
  values: ContactValues;
  /**
   * The token a refused form goes on with: the one it was issued with, so correcting a field within seconds
   * does not look like a robot's speed. "" after a message was sent, or when the token itself was refused: the
   * page's reload then issues a new one.
   */
  formToken: string;
}

/**
 * The form carries the token the API issued it with (when it was issued, signed), so the API can tell a person
 * from a robot that posts within seconds. No token (the API is down) still shows the form; sending it then asks
 * to send again, with a fresh token from the reload.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const form = await context.get(apiContext).call("getContactForm");
  return { formToken: form.ok ? form.data.form_token : "" };
}

/**
 * The page's token is reloaded after a message was sent (a fresh form), and after the API refused the token
 * itself (a refusal is a 4xx, after which React Router would not reload on its own); otherwise the form goes on
 * with the token it has.
 */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const result = actionResult as ContactResult | undefined;
  if (result && !result.sent && result.formToken === "") return true;
  return defaultShouldRevalidate;
}

/** The message goes to the API, which stores it and mails the shop and the sender. */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await readForm(request);
  const values = formFields(form, FIELDS);
  const formToken = formText(form, "form_token");
  const response = await context.get(apiContext).call("sendContactMessage", {
    body: {
      ...values,
      form_token: formToken,
      [HONEYPOT_FIELD]: formText(form, HONEYPOT_FIELD),
    },
  });
  if (response.ok) {
    const result: ContactResult = {
      sent: true,
      message: response.data.message,
      errors: {},
      values: { name: "", email: "", subject: "", message: "" },
      formToken: "",
    };
    return result;
  }
  const errors = firstErrors(response.data.errors);
  const result: ContactResult = {
    sent: false,
    message: response.data.message || FALLBACK,
    errors,
    values,
    formToken: "form_token" in errors ? "" : formToken,
  };
  return data(result, { status: failureStatus(response.status) });
}

/** A message that gets no answer from the shop keeps everything typed, and says why (spec section 8). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    (failure, form): ContactResult => ({
      sent: false,
      message: submissionMessage(failure, FALLBACK),
      errors: {},
      values: formFields(form, FIELDS),
      formToken: formText(form, "form_token"),
    }),
  );
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  const errors = actionData?.errors ?? {};
  const values = actionData?.values;
  const formToken = actionData?.formToken || loaderData.formToken;
  // Only a refusal about the form itself (not a field) needs saying above it; field errors sit under the fields.
  const formError = actionData && !actionData.sent && !FIELDS.some((field) => errors[field]);
  const shop = useShopDetails();
  const whatsapp = whatsappHref(shop.whatsapp);
  return (
    <>
      <PageBanner title="Contact" />
      <div className="container contact-layout">
        <section className="contact-info" aria-labelledby="contact-info-title">
          <h2 id="contact-info-title" className="page-section__title">
            We are here to help
          </h2>
          <p>
            Questions about an order, a size or a return? Our customer care team answers every message by
            email, usually within one working day. Please include your order number if you have one.
          </p>
          <ul className="contact-cards">
            <li>
              <PinIcon />
              <span>
                <strong>Visit us</strong>
                {addressLine(shop)}
              </span>
            </li>
            <li>
              <PhoneIcon />
              <span>
                <strong>Call us</strong>
                <a href={telHref(shop.phone)}>{shop.phone}</a>
                {whatsapp && (
                  <a href={whatsapp} target="_blank" rel="noopener noreferrer">
                    WhatsApp {shop.whatsapp}
                  </a>
                )}
                {shop.opening_hours.map((line) => (
                  <small key={line}>{line}</small>
                ))}
              </span>
            </li>
            <li>
              <MailIcon />
              <span>
                <strong>Email us</strong>
                <a href={`mailto:${shop.email}`}>{shop.email}</a>
              </span>
            </li>
          </ul>
        </section>
        <section className="contact-form-card" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="page-section__title">
            Send us a message
          </h2>
          <p className="contact-form-card__note">
            We reply by email to the address you give, and send you a confirmation as soon as your message
            reaches us.
          </p>
          {actionData?.sent && (
            <FormAlert kind="success" title="Message sent">
              {actionData.message}
            </FormAlert>
          )}
          {formError && <FormAlert kind="error">{actionData.message}</FormAlert>}
          {/* A new key after each message sent (the reload brings a new token) empties the fields. */}
          <Form
            key={actionData?.sent ? formToken : "contact"}
            method="post"
            className="form-stack"
            noValidate
            aria-busy={submitting}
          >
            <input type="hidden" name="form_token" value={formToken} />
            <HoneypotField />
            <div className="form-row">
              <Field
                name="name"
                label="Name"
                autoComplete="name"
                maxLength={CONTACT_LIMITS.name}
                defaultValue={values?.name}
                error={errors.name}
              />
              <Field
                name="email"
                label="Email"
                type="email"
                autoComplete="email"
                defaultValue={values?.email}
                error={errors.email}
              />
            </div>
            <Field
              name="subject"
              label="Subject"
              optional
              maxLength={CONTACT_LIMITS.subject}
              defaultValue={values?.subject}
              error={errors.subject}
            />
            <div className={`field${errors.message ? " field--invalid" : ""}`}>
              <label className="field__label" htmlFor="field-message">
                Message
              </label>
              <textarea
                id="field-message"
                name="message"
                className="field__input"
                rows={6}
                maxLength={CONTACT_LIMITS.message}
                defaultValue={values?.message}
                aria-invalid={errors.message ? true : undefined}
                aria-describedby={errors.message ? "field-message-error" : "field-message-hint"}
              />
              {errors.message ? (
                <p className="field__error" id="field-message-error">
                  {errors.message}
                </p>
              ) : (
                <p className="field__hint" id="field-message-hint">
                  At least {CONTACT_LIMITS.messageMin} characters.
                </p>
              )}
            </div>
            <button type="submit" className="button" disabled={submitting}>
              {submitting ? "Sending..." : "SEND"}
            </button>
          </Form>
        </section>
      </div>
    </>
  );
}
