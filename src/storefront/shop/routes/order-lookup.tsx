import { data, Form, Link } from "react-router";
import type { Order } from "../../../shared/contracts/checkout.ts";
import { apiContext } from "../../lib/api.server.ts";
import pageStyles from "../../styles/pages.css?url";
import { PageBanner } from "../../ui/breadcrumb.tsx";
import { failureStatus, firstErrors, formFields } from "../../ui/forms/api-errors.ts";
import { Field, FormAlert } from "../../ui/forms/field.tsx";
import { submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { OrderSummaryPanel } from "../../ui/order-details.tsx";
import { shopNameOf } from "../../ui/site.ts";
import { ConfirmOrderBox } from "../orders/confirm-order-box.tsx";
import { orderReturnsPath, RETURN_PAGE_WORDS } from "../returns/return-request.ts";
import type { Route } from "./+types/order-lookup";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Track your order | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

const FIELDS = ["number", "email"] as const;

/** The order found, or why not: the message and each field's first error. */
interface LookupResult {
  /** The order found, with the token that lets this shopper act on it (its returns) without an account. */
  order: (Order & { access_token?: string }) | null;
  /** A wrong number or email (404): the API's one answer for both. */
  notFound: boolean;
  message: string;
  errors: Record<string, string>;
  values: Record<(typeof FIELDS)[number], string>;
}

/** The API answers a wrong number and a wrong email alike (404), and counts every try (429 when too many). */
export async function action({ context, request }: Route.ActionArgs) {
  const values = formFields(await request.formData(), FIELDS);
  const response = await context.get(apiContext).call("lookupOrder", { body: values });
  const result: LookupResult = response.ok
    ? { order: response.data, notFound: false, message: "", errors: {}, values }
    : {
        order: null,
        notFound: response.status === 404,
        message: response.data.message || "Something went wrong. Please try again.",
        errors: firstErrors(response.data.errors),
        values,
      };
  return data(result, { status: response.ok ? 200 : failureStatus(response.status) });
}

/** A lookup that gets no answer from the shop keeps what was typed, and says why. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    (failure, form): LookupResult => ({
      order: null,
      notFound: false,
      message: submissionMessage(failure, "Something went wrong. Please try again."),
      errors: {},
      values: formFields(form, FIELDS),
    }),
  );
}

export default function OrderLookup({ actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  const errors = actionData?.errors ?? {};
  return (
    <>
      <PageBanner title="Track your order" />
      <div className="container form-page">
        <section className="auth-card" aria-labelledby="lookup-title">
          <h2 id="lookup-title" className="auth-card__title">
            Find your order
          </h2>
          <p className="auth-card__intro">
            Enter the order number from your confirmation email and the email address you used at checkout.
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
              defaultValue={actionData?.values.number}
              error={errors.number}
            />
            <Field
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              required
              defaultValue={actionData?.values.email}
              error={errors.email}
            />
            <button type="submit" className="button button--block" disabled={submitting}>
              {submitting ? "Looking..." : "Find my order"}
            </button>
          </Form>
          <p className="auth-card__switch">
            Have an account? Your orders are in your <Link to="/account/orders">Order History</Link>.
          </p>
        </section>
        {actionData?.order && <ConfirmOrderBox order={actionData.order} />}
        {actionData?.order?.status === "delivered" && (
          <p className="lookup-returns">
            <Link
              to={orderReturnsPath(actionData.order.number, actionData.order.access_token)}
              className="button button--outline"
            >
              {RETURN_PAGE_WORDS.link}
            </Link>
          </p>
        )}
        {actionData?.order && <OrderSummaryPanel order={actionData.order} />}
      </div>
    </>
  );
}
