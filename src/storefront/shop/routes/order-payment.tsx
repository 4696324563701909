import { useEffect, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import type { PaymentView } from "../../../shared/contracts/payments.ts";
import { formatRupees } from "../../../shared/money.ts";
import {
  isOnlineMethod,
  isPaymentMethod,
  PAYMENT_METHOD_NAMES,
  PAYMENT_STATUS_NAMES,
  type PaymentMethod,
} from "../../../shared/payment.ts";
import { apiContext } from "../../lib/api.server.ts";
import pageStyles from "../../styles/pages.css?url";
import { PageBanner } from "../../ui/breadcrumb.tsx";
import { formatDateTime } from "../../ui/format.ts";
import { FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { AlertIcon, CheckIcon } from "../../ui/icons.tsx";
import { OrderSummaryPanel } from "../../ui/order-details.tsx";
import { shopNameOf } from "../../ui/site.ts";
import { loadOrderPayment, orderPaymentAction } from "../orders/order-payment.server.ts";
import { type OrderPaymentResult, PAYMENT_UNAVAILABLE } from "../orders/order-payment-result.ts";
import type { Route } from "./+types/order-payment";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Pay for your order | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

/**
 * A prepaid order's payment (decision 0053), for the shopper who placed it: where it stands, paying (again, or
 * another way, or on delivery instead), waiting for the provider's word, a bank transfer's details and proof.
 * Checkout comes here after a prepaid order, and so does every provider's return.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  return loadOrderPayment(context.get(apiContext), url);
}

export async function action({ context, request, url }: Route.ActionArgs) {
  return orderPaymentAction(context.get(apiContext), url, await readForm(request));
}

/** No answer from the shop (or not its own): the page stays, with a message. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    (failure, form): OrderPaymentResult => ({
      intent: String(form.get("intent") ?? ""),
      message: submissionMessage(failure, "Something went wrong. Please try again in a moment."),
      errors: {},
    }),
  );
}

/** The method's words after "Pay Rs. X": "with JazzCash", "by debit or credit card". */
function payWith(method: PaymentMethod): string {
  return method === "safepay" ? "by debit or credit card" : `with ${PAYMENT_METHOD_NAMES[method]}`;
}

type Stage = "paid" | "cancelled" | "bank" | "failed" | "waiting" | "pay" | "closed";

function stageOf(view: PaymentView): Stage {
  if (["paid", "refunded", "partly_refunded"].includes(view.status)) return "paid";
  if (view.order_status === "cancelled") return "cancelled";
  if (view.method === "bank_transfer") return "bank";
  if (view.order_status !== "awaiting_payment") return "closed";
  if (view.status === "failed") return "failed";
  if (view.attempts.at(-1)?.status === "started") return "waiting";
  return "pay";
}

export default function OrderPayment({ loaderData, actionData }: Route.ComponentProps) {
  const { view, number, order, signedIn, problem } = loaderData;
  // A proof's answer shows at its form; every other form's above the page.
  const message = (actionData?.intent !== "proof" && actionData?.message) || problem;
  return (
    <>
      <PageBanner title="Pay for your order" />
      <div className="container payment-page">
        <section className="payment-card" aria-labelledby="payment-title" data-testid="order-payment">
          <h2 id="payment-title" className="payment-card__title">
            Order <span className="order-number">{number}</span>
          </h2>
          {message && <FormAlert kind="error">{message}</FormAlert>}
          {view ? (
            <PaymentBody view={view} signedIn={signedIn} actionData={actionData} />
          ) : (
            <div className="payment-state">
              <FormAlert kind="error" title="Payment details unavailable">
                {PAYMENT_UNAVAILABLE}
              </FormAlert>
              <a href={`/order-payment?order=${encodeURIComponent(number)}`} className="button">
                Try again
              </a>
            </div>
          )}
        </section>
        {view && order && <OrderSummaryPanel order={order} />}
      </div>
    </>
  );
}

/** Amount, method, status and (unless `due` is shown elsewhere) the time by which to pay. */
function PaymentFacts({ view, due = true }: { view: PaymentView; due?: boolean }) {
  return (
    <dl className="payment-facts">
      <div>
        <dt>Amount</dt>
        <dd data-testid="payment-amount">{formatRupees(view.total)}</dd>
      </div>
      <div>
        <dt>Method</dt>
        <dd>{view.method_name}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd data-testid="payment-status">{PAYMENT_STATUS_NAMES[view.status]}</dd>
      </div>
      {due && view.due_by && (
        <div>
          <dt>Pay by</dt>
          <dd>
            <time dateTime={view.due_by}>{formatDateTime(view.due_by)}</time> (Pakistan time)
          </dd>
        </div>
      )}
    </dl>
  );
}

function PaymentBody({
  view,
  signedIn,
  actionData,
}: {
  view: PaymentView;
  signedIn: boolean;
  actionData: OrderPaymentResult | undefined;
}) {
  const stage = stageOf(view);
  const orderLink = signedIn
    ? `/account/orders/${encodeURIComponent(view.number)}`
    : `/order-success?order=${encodeURIComponent(view.number)}`;
  if (stage === "paid") {
    return (
      <div className="payment-state payment-state--paid">
        <span className="payment-state__icon" aria-hidden="true">
          <CheckIcon size={30} />
        </span>
        <h3 className="payment-state__title">Payment received</h3>
        <p className="payment-state__lead">
          {formatRupees(view.paid)} paid {payWith(view.method)}. Thank you! We are packing your order, and a
          confirmation email is on its way.
        </p>
        <PaymentFacts view={view} />
        <Link to={orderLink} className="button">
          View your order
        </Link>
      </div>
    );
  }
  if (stage === "cancelled") {
    return (
      <div className="payment-state">
        <h3 className="payment-state__title">This order was cancelled</h3>
        <p className="payment-state__lead">
          The time to pay for it has passed, so it was cancelled and nothing was charged. You are welcome to
          place it again.
        </p>
        <Link to="/shop" className="button">
          Back to the shop
        </Link>
      </div>
    );
  }
  if (stage === "closed") {
    return (
      <div className="payment-state">
        <p className="payment-state__lead">This order is not waiting for a payment.</p>
        <PaymentFacts view={view} />
        <Link to={orderLink} className="button">
          View your order
        </Link>
      </div>
    );
  }
  if (stage === "bank") {
    return <BankTransfer view={view} posted={actionData?.intent === "proof" ? actionData : undefined} />;
  }
  const provider = view.attempts.at(-1)?.provider ?? view.method;
  const providerName = isPaymentMethod(provider) ? PAYMENT_METHOD_NAMES[provider] : view.method_name;
  return (
    <div className="payment-state">
      {stage === "waiting" && <Waiting view={view} providerName={providerName} />}
      {stage === "failed" && (
        <div className="payment-notice payment-notice--error" role="alert">
          <AlertIcon size={22} />
          <div>
            <p className="payment-notice__title">Your payment did not go through.</p>
            <p>Nothing was charged. Try again, choose another way to pay, or pay on delivery instead.</p>
          </div>
        </div>
      )}
      <PaymentFacts view={view} />
      <PayChoices view={view} again={stage !== "pay"} />
    </div>
  );
}

/** The last try was started and not answered yet: check again, by hand and (with JavaScript) every 5 s for a minute. */
function Waiting({ view, providerName }: { view: PaymentView; providerName: string }) {
  const fetcher = useFetcher<OrderPaymentResult>();
  const checking = useSubmitting("check") || fetcher.state !== "idle";
  const [auto, setAuto] = useState(false);
  const submit = fetcher.submit;
  useEffect(() => {
    setAuto(true);
    let left = 12;
    const timer = setInterval(() => {
      left -= 1;
      if (left < 0) {
        clearInterval(timer);
        setAuto(false);
        return;
      }
      void submit({ intent: "check" }, { method: "post" });
    }, 5000);
    return () => clearInterval(timer);
  }, [submit]);
  return (
    <div className="payment-notice payment-notice--waiting" role="status" data-testid="payment-waiting">
      <span className="payment-notice__spinner" aria-hidden="true" />
      <div>
        <p className="payment-notice__title">We are waiting for {providerName} to confirm your payment.</p>
        <p>
          If you paid, this page shows it as soon as {providerName} tells us.
          {auto ? " We check again every few seconds." : ""}
        </p>
        <Form method="post" className="payment-notice__form">
          <input type="hidden" name="intent" value="check" />
          <button type="submit" className="button button--outline" disabled={checking}>
            {checking ? "Checking..." : "Check again"}
          </button>
        </Form>
        <p className="payment-notice__aside">
          Did not finish paying with {view.method_name}? You can start again below.
        </p>
      </div>
    </div>
  );
}

/** Pay (again) with the order's method, another online method, or on delivery instead: nothing to retype. */
function PayChoices({ view, again }: { view: PaymentView; again: boolean }) {
  const switching = useSubmitting("cod");
  const others = view.methods.filter(
    (method): method is PaymentMethod => isOnlineMethod(method) && method !== view.method,
  );
  return (
    <div className="pay-choices">
      {(view.can_pay || others.length > 0) && (
        <form method="post" action="/order-payment/start" className="pay-choices__online">
          <input type="hidden" name="order" value={view.number} />
          {view.can_pay && (
            <button type="submit" className="button button--large button--block">
              {again ? "Try again: " : ""}Pay {formatRupees(view.total)} {payWith(view.method)}
            </button>
          )}
          {others.length > 0 && (
            <fieldset className="pay-choices__others">
              <legend className="pay-choices__legend">Pay another way</legend>
              {others.map((method) => (
                <button
                  key={method}
                  type="submit"
                  name="method"
                  value={method}
                  className="button button--outline button--block"
                >
                  Pay {payWith(method)}
                </button>
              ))}
            </fieldset>
          )}
        </form>
      )}
      {view.can_switch_to_cod && (
        <Form method="post" className="pay-choices__cod">
          <input type="hidden" name="intent" value="cod" />
          <button type="submit" className="button button--outline button--block" disabled={switching}>
            {switching ? "Switching..." : "Pay on delivery instead"}
          </button>
          <p className="pay-choices__hint">Pay the courier in cash when your order arrives.</p>
        </Form>
      )}
    </div>
  );
}

/** A bank transfer's details and its proof's form; `posted` is the proof's answer without JavaScript. */
function BankTransfer({ view, posted }: { view: PaymentView; posted: OrderPaymentResult | undefined }) {
  const uploadFetcher = useFetcher<OrderPaymentResult>();
  const uploading = uploadFetcher.state !== "idle";
  const result = uploadFetcher.data ?? posted;
  const bank = view.bank;
  return (
    <div className="payment-state" data-testid="bank-transfer">
      <p className="payment-state__lead">
        Send {formatRupees(view.total)} to the account below with your order number as the reference. We pack
        your order as soon as the money arrives.
      </p>
      {bank ? (
        <dl className="bank-details">
          <div>
            <dt>Account title</dt>
            <dd>{bank.account_title}</dd>
          </div>
          <div>
            <dt>Bank</dt>
            <dd>{bank.bank_name}</dd>
          </div>
          <div>
            <dt>IBAN</dt>
            <dd className="order-number">{bank.iban}</dd>
          </div>
          {bank.raast_id && (
            <div>
              <dt>Raast ID</dt>
              <dd className="order-number">{bank.raast_id}</dd>
            </div>
          )}
          <div>
            <dt>Reference</dt>
            <dd className="order-number">{bank.reference}</dd>
          </div>
          {view.due_by && (
            <div>
              <dt>Send it by</dt>
              <dd>
                <time dateTime={view.due_by}>{formatDateTime(view.due_by)}</time> (Pakistan time)
              </dd>
            </div>
          )}
        </dl>
      ) : (
        <p>Our bank details are in your order's email.</p>
      )}
      <PaymentFacts view={view} due={!bank} />
      {view.can_upload_proof && (
        <uploadFetcher.Form
          method="post"
          encType="multipart/form-data"
          className="proof-form"
          aria-busy={uploading}
        >
          <input type="hidden" name="intent" value="proof" />
          <div className={`field${result?.errors.proof ? " field--invalid" : ""}`}>
            <label className="field__label" htmlFor="field-proof">
              Proof of your transfer <span className="field__optional">(optional)</span>
            </label>
            <input
              id="field-proof"
              name="proof"
              type="file"
              accept="image/jpeg,image/png,image/webp,application/pdf"
              className="field__input"
              aria-invalid={result?.errors.proof ? true : undefined}
              aria-describedby={`field-proof-hint${result?.errors.proof ? " field-proof-error" : ""}`}
            />
            <p className="field__hint" id="field-proof-hint">
              A screenshot or PDF of the receipt: JPEG, PNG, WebP or PDF, at most 5 MB. It helps us match your
              money sooner.
            </p>
            {result?.errors.proof && (
              <p className="field__error" id="field-proof-error">
                {result.errors.proof}
              </p>
            )}
          </div>
          {result?.message && <FormAlert kind="error">{result.message}</FormAlert>}
          {result?.uploaded && <FormAlert kind="success">Thank you! We have your proof.</FormAlert>}
          <button type="submit" className="button" disabled={uploading}>
            {uploading ? "Uploading..." : "Upload proof"}
          </button>
        </uploadFetcher.Form>
      )}
      {view.proofs > 0 && (
        <p className="payment-state__note" data-testid="proofs">
          {view.proofs === 1 ? "1 proof" : `${view.proofs} proofs`} received. We check it against our bank
          account and email you once your payment is confirmed.
        </p>
      )}
      <PayChoices view={view} again={false} />
    </div>
  );
}
