import { data, redirect } from "react-router";
import type { Order } from "../../../shared/contracts/checkout.ts";
import { ORDER_NUMBER } from "../../../shared/contracts/orders.ts";
import { PAYMENT_MESSAGES, type PaymentView } from "../../../shared/contracts/payments.ts";
import { isPaymentMethod, PAYMENT_METHOD_NAMES } from "../../../shared/payment.ts";
import type { ApiClient } from "../../lib/api.server.ts";
import { failureStatus, firstErrors, formText } from "../../ui/forms/api-errors.ts";
import type { OrderPaymentResult } from "./order-payment-result.ts";
import { placedOrder } from "./orders.server.ts";

/**
 * The order payment page's server side (/order-payment, decision 0053): the order's payment as its shopper sees
 * it (their session, or the access token this browser kept at checkout), checking it again, paying cash on
 * delivery instead, a bank transfer's proof, and starting a payment with a provider (/order-payment/start).
 */

/** Why starting a payment came back to the page instead of going to the provider (`?problem=`). */
export const START_PROBLEMS = ["unavailable", "ended", "not_offered", "failed"] as const;
export type StartProblem = (typeof START_PROBLEMS)[number];

export function startProblemMessage(problem: string | null, method: string | null): string {
  const name = method && isPaymentMethod(method) ? PAYMENT_METHOD_NAMES[method] : "The payment provider";
  if (problem === "unavailable") return PAYMENT_MESSAGES.providerDown(name);
  if (problem === "ended") return PAYMENT_MESSAGES.notAwaiting;
  if (problem === "not_offered") return PAYMENT_MESSAGES.notOffered;
  if (problem === "failed") return "The payment could not be started. Please try again.";
  return "";
}

export interface OrderPaymentData {
  number: string;
  view: PaymentView | null;
  /** The order itself, once its money has arrived (the page then shows it in full). */
  order: Order | null;
  signedIn: boolean;
  /** A message from starting a payment that came back here. */
  problem: string;
}

export function orderNumberOf(url: URL): string {
  const number = url.searchParams.get("order") ?? "";
  if (!ORDER_NUMBER.test(number)) throw data(null, { status: 404 });
  return number;
}

/** A guest's access token for the order, when this browser placed it (a customer's session needs none). */
function tokenFor(api: ApiClient, number: string): { token: string } {
  return { token: api.orderAccess(number) ?? "" };
}

const PAID = ["paid", "refunded", "partly_refunded"];

export async function loadOrderPayment(api: ApiClient, url: URL): Promise<OrderPaymentData> {
  const number = orderNumberOf(url);
  const problem = startProblemMessage(url.searchParams.get("problem"), url.searchParams.get("method"));
  const answer = await api.call("getOrderPayment", { params: { number }, query: tokenFor(api, number) });
  if (answer.status === 404) throw data(null, { status: 404 });
  if (!answer.ok) return { number, view: null, order: null, signedIn: api.signedIn, problem };
  const view = answer.data;
  // Cash on delivery (chosen instead, or from the start): the confirmation page says what happens next.
  if (view.method === "cod" && view.status === "unpaid" && view.order_status !== "cancelled") {
    throw redirect(`/order-success?order=${encodeURIComponent(number)}`);
  }
  // The order in full once paid; a failure to read it leaves the page without the summary, never broken.
  const order = PAID.includes(view.status) ? await placedOrder(api, number).catch(() => null) : null;
  return { number, view, order, signedIn: api.signedIn, problem };
}

const failed = (intent: string, status: number, message: string, errors: Record<string, string> = {}) =>
  data<OrderPaymentResult>({ intent, message, errors }, { status: failureStatus(status) });

const apiMessage = (status: number, message: string | undefined) =>
  status >= 500 || !message ? "Something went wrong. Please try again in a moment." : message;

/** The page's forms: check again (`check`), pay on delivery instead (`cod`), a bank transfer's proof (`proof`). */
export async function orderPaymentAction(api: ApiClient, url: URL, form: FormData) {
  const number = orderNumberOf(url);
  const intent = formText(form, "intent");
  const access = tokenFor(api, number);
  if (intent === "check") {
    const answer = await api.call("checkOrderPayment", { params: { number }, body: access });
    if (!answer.ok) return failed(intent, answer.status, apiMessage(answer.status, answer.data.message));
    return data<OrderPaymentResult>({ intent, message: "", errors: {} });
  }
  if (intent === "cod") {
    const answer = await api.call("switchOrderToCod", { params: { number }, body: access });
    if (!answer.ok) return failed(intent, answer.status, apiMessage(answer.status, answer.data.message));
    return redirect(`/order-success?order=${encodeURIComponent(number)}`);
  }
  if (intent === "proof") {
    const proof = form.get("proof");
    if (!(proof instanceof File) || proof.size === 0) {
      return failed(intent, 422, "", { proof: PAYMENT_MESSAGES.proofMissing });
    }
    const answer = await api.call("uploadPaymentProof", { params: { number }, body: { ...access, proof } });
    if (answer.ok) return data<OrderPaymentResult>({ intent, message: "", errors: {}, uploaded: true });
    if (answer.status === 413) return failed(intent, 413, "", { proof: PAYMENT_MESSAGES.proofSize });
    if (answer.status === 415) return failed(intent, 415, "", { proof: PAYMENT_MESSAGES.proofType });
    const errors = firstErrors(answer.data.errors);
    if (errors.proof) return failed(intent, answer.status, "", { proof: errors.proof });
    return failed(intent, answer.status, apiMessage(answer.status, answer.data.message));
  }
  return failed(intent, 400, "Choose what to do with this order's payment.");
}

/**
 * Starts (again) the order's payment with its provider, or with `method` instead: the provider's page by a
 * redirect, or a page whose form posts itself there. Anything else comes back to the payment page, saying why.
 */
export async function startOrderPayment(api: ApiClient, form: FormData, nonce: string | undefined) {
  const number = formText(form, "order");
  if (!ORDER_NUMBER.test(number)) throw data(null, { status: 404 });
  const method = formText(form, "method");
  const chosen = isPaymentMethod(method) ? { method } : {};
  const answer = await api.call("startOrderPayment", {
    params: { number },
    body: { ...tokenFor(api, number), ...chosen },
  });
  const page = `/order-payment?order=${encodeURIComponent(number)}`;
  if (!answer.ok) {
    if (answer.status === 404) throw data(null, { status: 404 });
    const problem: StartProblem =
      answer.status === 409
        ? "ended"
        : answer.status === 422
          ? "not_offered"
          : answer.status >= 500
            ? "unavailable"
            : "failed";
    const which = chosen.method ?? "";
    return redirect(`${page}&problem=${problem}${which ? `&method=${which}` : ""}`, 303);
  }
  const start = answer.data.start;
  if (start.kind === "redirect") return redirect(start.url, 303);
  return new Response(autoPostPage(start.action, start.fields, nonce), {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A page whose form posts the provider's fields to its hosted page at once (a button, without JavaScript). */
export function autoPostPage(action: string, fields: Record<string, string>, nonce: string | undefined) {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  const script = `<script${nonce ? ` nonce="${escapeHtml(nonce)}"` : ""}>document.getElementById("pay").submit()</script>`;
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>Taking you to the payment page</title></head><body>` +
    `<form id="pay" method="post" action="${escapeHtml(action)}">${inputs}` +
    `<p>Taking you to the payment page…</p><button type="submit">Continue to pay</button></form>${script}` +
    `</body></html>`
  );
}
