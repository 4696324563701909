import { type FormEvent, useState } from "react";
import { Form } from "react-router";
import {
  CONTACT_FIELDS,
  type ContactValues,
  contactMailto,
  validateContact,
} from "../content/contact-message.ts";
import { formText } from "../forms/api-errors.ts";
import { Field, FormAlert } from "../forms/field.tsx";
import { readForm } from "../forms/read-form.server.ts";
import { CONTACT, SHOP_NAME } from "../layout/layout-data.ts";
import pageStyles from "../styles/pages.css?url";
import { PageBanner } from "../ui/breadcrumb.tsx";
import { MailIcon, PhoneIcon, PinIcon } from "../ui/icons.tsx";
import type { Route } from "./+types/contact";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `Contact us | ${SHOP_NAME}` },
  { name: "description", content: `Questions about an order, a size or a return? Write to ${SHOP_NAME}.` },
];

function valuesOf(form: FormData): ContactValues {
  return Object.fromEntries(CONTACT_FIELDS.map((field) => [field, formText(form, field)])) as ContactValues;
}

/** Without JavaScript the form comes here: the message is checked and handed back as a mailto link. */
export async function action({ request }: Route.ActionArgs) {
  const values = valuesOf(await readForm(request));
  const errors = validateContact(values);
  if (Object.keys(errors).length > 0) return { errors, values, mailto: null };
  return { errors, values, mailto: contactMailto(values) };
}

export default function Contact({ actionData }: Route.ComponentProps) {
  const [composed, setComposed] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>(actionData?.errors ?? {});
  const mailto = composed ?? actionData?.mailto ?? null;
  const values = actionData?.values;

  /** With JavaScript the email app opens straight away; the link below stays in case it did not. */
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = valuesOf(new FormData(event.currentTarget));
    const found = validateContact(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const link = contactMailto(form);
    setComposed(link);
    window.location.href = link;
  }

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
                {CONTACT.address}
              </span>
            </li>
            <li>
              <PhoneIcon />
              <span>
                <strong>Call us</strong>
                <a href={CONTACT.phoneHref}>{CONTACT.phone}</a>
                <small>Monday to Saturday, 10am to 7pm</small>
              </span>
            </li>
            <li>
              <MailIcon />
              <span>
                <strong>Email us</strong>
                <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
              </span>
            </li>
          </ul>
        </section>
        <section className="contact-form-card" aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="page-section__title">
            Send us a message
          </h2>
          <p className="contact-form-card__note">
            Pressing SEND opens your own email app with your message addressed to {CONTACT.email}, so you keep
            a copy and our reply comes straight back to you.
          </p>
          {mailto && (
            <FormAlert kind="success" title="Your message is ready in your email app">
              Send it from there to reach us. If nothing opened,{" "}
              <a href={mailto}>open it in your email app</a> or write to{" "}
              <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>.
            </FormAlert>
          )}
          <Form method="post" className="form-stack" noValidate onSubmit={onSubmit}>
            <div className="form-row">
              <Field
                name="name"
                label="Name"
                autoComplete="name"
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
            <Field name="subject" label="Subject" defaultValue={values?.subject} error={errors.subject} />
            <div className={`field${errors.message ? " field--invalid" : ""}`}>
              <label className="field__label" htmlFor="field-message">
                Message
              </label>
              <textarea
                id="field-message"
                name="message"
                className="field__input"
                rows={6}
                defaultValue={values?.message}
                aria-invalid={errors.message ? true : undefined}
                aria-describedby={errors.message ? "field-message-error" : undefined}
              />
              {errors.message && (
                <p className="field__error" id="field-message-error">
                  {errors.message}
                </p>
              )}
            </div>
            <button type="submit" className="button">
              SEND
            </button>
          </Form>
        </section>
      </div>
    </>
  );
}
