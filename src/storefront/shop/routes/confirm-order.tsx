import { data, Form, Link } from "react-router";
import type { Order } from "../../../shared/contracts/checkout.ts";
import { ORDER_NUMBER } from "../../../shared/contracts/orders.ts";
import { apiContext } from "../../lib/api.server.ts";
import pageStyles from "../../styles/pages.css?url";
import { PageBanner } from "../../ui/breadcrumb.tsx";
import { failureStatus, firstErrors, formFields } from "../../ui/forms/api-errors.ts";
import { Field, FormAlert } from "../../ui/forms/field.tsx";
import { submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { OrderSummaryPanel } from "../../ui/order-details.tsx";
import { shopNameOf } from "../../ui/site.ts";
import type { Route } from "./+types/confirm-order";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Confirm your order | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

const FIELDS = ["number", "code", "token"] as const;

/** The order number a confirmation link's token names (its signature is the API's to check). */
function numberInToken(token: string): string | null {
  const number = token.split(".")[0]?.toUpperCase() ?? "";
  return ORDER_NUMBER.test(number) ? number : null;
}

/**
 * Opening the link does not confirm anything: link previews in messaging apps open links too. The page asks, and
 * the button confirms (a POST). Without a token it is the form for the code.
 */
export function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  return { token, number: token ? numberInToken(token) : null };
}

interface Outcome {
  order: Order | null;
  message: string;
  errors: Record<string, string>;
  values: Record<(typeof FIELDS)[number], string>;
}

export async function action({ context, request }: Route.ActionArgs) {
  const values = formFields(await request.formData(), FIELDS);
  const number = values.token ? (numberInToken(values.token) ?? "") : values.number.trim().toUpperCase();
  if (!ORDER_NUMBER.test(number)) {
    const outcome: Outcome = {
      order: null,
      message: values.token ? "This confirmation link is not valid." : "Enter your order number.",
      errors: values.token ? {} : { number: "Enter your order number, such as BT-261122-7KQ2M." },
      values,
    };
    return data(outcome, { status: 422 });
  }
  const response = await context.get(apiContext).call("confirmOrder", {
    params: { number },
    body: values.token ? { token: values.token } : { code: values.code },
  });
  const outcome: Outcome = response.ok
    ? { order: response.data.order, message: response.data.message, errors: {}, values }
    : {
        order: null,
        message: response.data.message || "Something went wrong. Please try again.",
        errors: firstErrors(response.data.errors),
        values,
      };
  return data(outcome, { status: response.ok ? 200 : failureStatus(response.status) });
}

/** A confirmation that gets no answer from the shop keeps what was typed, and says why. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    (failure, form): Outcome => ({
      order: null,
      message: submissionMessage(failure, "Something went wrong. Please try again."),
      errors: {},
      values: formFields(form, FIELDS),
    }),
  );
}

export default function ConfirmOrder({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  const { token, number } = loaderData;
  const confirmed = actionData?.order ?? null;
  const errors = actionData?.errors ?? {};
  return (
    <>
      <PageBanner title="Confirm your order" />
      <div className="container form-page">
        {confirmed ? (
          <section className="auth-card" aria-labelledby="confirmed-title">
            <h2 id="confirmed-title" className="auth-card__title">
              Order confirmed
            </h2>
            <FormAlert kind="success">{actionData?.message}</FormAlert>
            <p className="auth-card__switch">
              <Link to="/shop">Continue shopping</Link>
            </p>
          </section>
        ) : (
          <section className="auth-card" aria-labelledby="confirm-title">
            <h2 id="confirm-title" className="auth-card__title">
              {number ? (
                <>
                  Confirm order <span className="order-number">{number}</span>
                </>
              ) : (
                "Confirm with your code"
              )}
            </h2>
            <p className="auth-card__intro">
              {token
                ? "Confirm that you placed this order and will pay the courier in cash when it arrives. We send it once it is confirmed."
                : "Enter your order number and the 6-digit code from the message and email we sent you."}
            </p>
            {actionData?.message && (
              <FormAlert kind="error" title="Not confirmed">
                {actionData.message}
              </FormAlert>
            )}
            <Form method="post" className="form-stack" aria-busy={submitting}>
              {token ? (
                <input type="hidden" name="token" value={token} />
              ) : (
                <>
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
                    name="code"
                    label="Confirmation code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    placeholder="123456"
                    maxLength={7}
                    required
                    defaultValue={actionData?.values.code}
                    error={errors.code}
                  />
                </>
              )}
              <button type="submit" className="button button--block" disabled={submitting}>
                {submitting ? "Confirming..." : "Yes, confirm my order"}
              </button>
            </Form>
            <p className="auth-card__switch">
              Did not order this? Simply ignore the message: an order that is not confirmed is cancelled.
            </p>
          </section>
        )}
        {confirmed && <OrderSummaryPanel order={confirmed} />}
      </div>
    </>
  );
}
