import { data, Form, Link } from "react-router";
import type { Tracking } from "../../../shared/contracts/tracking.ts";
import { apiContext } from "../../lib/api.server.ts";
import pageStyles from "../../styles/pages.css?url";
import { PageBanner } from "../../ui/breadcrumb.tsx";
import { failureStatus, firstErrors, formFields } from "../../ui/forms/api-errors.ts";
import { Field, FormAlert } from "../../ui/forms/field.tsx";
import { submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { shopNameOf } from "../../ui/site.ts";
import { TrackingPanel } from "../orders/tracking-panel.tsx";
import type { Route } from "./+types/track";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Track your order | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

const FIELDS = ["number", "contact"] as const;

/** `?number=` fills the number in (from the success page, the order mails); the phone or email is typed. */
export function loader({ url }: Route.LoaderArgs) {
  return { number: (url.searchParams.get("number") ?? "").slice(0, 40) };
}

interface TrackResult {
  tracking: Tracking | null;
  notFound: boolean;
  message: string;
  errors: Record<string, string>;
  values: Record<(typeof FIELDS)[number], string>;
}

/**
 * A POST, so the phone number or email stays out of the address bar and the history; the API is asked with the
 * one field the shopper typed, read as an email when it has an "@", else as a phone number.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const values = formFields(await request.formData(), FIELDS);
  const contact = values.contact.trim();
  const query = contact.includes("@")
    ? { number: values.number, email: contact }
    : { number: values.number, phone: contact };
  const response = await context.get(apiContext).call("trackOrder", { query });
  const errors = response.ok ? {} : firstErrors(response.data.errors);
  const result: TrackResult = response.ok
    ? { tracking: response.data, notFound: false, message: "", errors: {}, values }
    : {
        tracking: null,
        notFound: response.status === 404,
        message: response.data.message || "Something went wrong. Please try again.",
        errors: { number: errors.number ?? "", contact: errors.phone ?? errors.email ?? "" },
        values,
      };
  return data(result, { status: response.ok ? 200 : failureStatus(response.status) });
}

/** A search that gets no answer from the shop keeps what was typed, and says why. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    (failure, form): TrackResult => ({
      tracking: null,
      notFound: false,
      message: submissionMessage(failure, "Something went wrong. Please try again."),
      errors: {},
      values: formFields(form, FIELDS),
    }),
  );
}

export default function Track({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  const errors = actionData?.errors ?? {};
  return (
    <>
      <PageBanner title="Track your order" />
      <div className="container form-page">
        <section className="auth-card" aria-labelledby="track-title">
          <h2 id="track-title" className="auth-card__title">
            Where is my order?
          </h2>
          <p className="auth-card__intro">
            Enter your order number and the phone number or email address you ordered with.
          </p>
          {actionData?.message && (
            <FormAlert kind="error" title={actionData.notFound ? "Order not found" : undefined}>
              {actionData.message}
            </FormAlert>
          )}
          <Form method="post" className="form-stack" aria-busy={submitting}>
            <Field
              name="number"
              label="Order number"
              placeholder="BT-261122-7KQ2M"
              autoCapitalize="characters"
              autoComplete="off"
              required
              maxLength={40}
              defaultValue={actionData?.values.number ?? loaderData.number}
              error={errors.number || undefined}
            />
            <Field
              name="contact"
              label="Phone or email"
              placeholder="0300 1234567"
              autoComplete="tel"
              required
              maxLength={254}
              defaultValue={actionData?.values.contact}
              error={errors.contact || undefined}
            />
            <button type="submit" className="button button--block" disabled={submitting}>
              {submitting ? "Looking..." : "Track order"}
            </button>
          </Form>
          <p className="auth-card__switch">
            Have an account? Your orders are in your <Link to="/account/orders">Order History</Link>.
          </p>
        </section>
        {actionData?.tracking && <TrackingPanel tracking={actionData.tracking} />}
      </div>
    </>
  );
}
