import type { Context } from "hono";
import { Hono } from "hono";
import { operations } from "../../shared/contracts/operations.ts";
import { PAYMENT_METHOD_NAMES } from "../../shared/payment.ts";
import type { Authenticator } from "../account/auth.ts";
import { requireRole } from "../admin/admin-auth.ts";
import { auditActor } from "../admin/audit.ts";
import type { ApiEnv } from "../api-env.ts";
import { pathId, route } from "../contract/route.ts";
import { BadRequest } from "../errors.ts";
import { escapeHtml } from "../escape-html.ts";
import { orderAccessOf as access } from "../orders/order-access.ts";
import { easypaisaConfirmForm } from "./easypaisa.ts";
import type { PaymentRegistry } from "./payment-registry.ts";
import type { PaymentsService } from "./payments.service.ts";
import type { IncomingCallback } from "./provider.ts";

/** A provider's callback is a small form or JSON object; anything larger is not one. */
const CALLBACK_MAX_BYTES = 64 * 1024;

async function callbackOf(c: Context<ApiEnv>): Promise<IncomingCallback> {
  const rawBody = c.req.method === "GET" ? "" : await c.req.text();
  if (Buffer.byteLength(rawBody) > CALLBACK_MAX_BYTES)
    throw new BadRequest("The payment message is too large.");
  const headers: Record<string, string | undefined> = {};
  c.req.raw.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  return {
    method: c.req.method,
    headers,
    query: c.req.query(),
    rawBody,
    contentType: c.req.header("content-type"),
  };
}

/** An HTML page whose form posts itself (a provider's hosted page takes a POST; Easypaisa's second leg). */
function autoPost(action: string, fields: Record<string, string>, nonce: string | undefined): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  return (
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Redirecting to payment</title></head><body>` +
    `<form id="pay" method="post" action="${escapeHtml(action)}">${inputs}<p>Taking you to the payment page…</p>` +
    `<button type="submit">Continue</button></form>` +
    // The host's Content-Security-Policy runs an inline script only with this response's nonce.
    `<script${nonce ? ` nonce="${escapeHtml(nonce)}"` : ""}>document.getElementById("pay").submit()</script></body></html>`
  );
}

/** The shopper's side of paying: their order's payment, starting it, checking it, or paying cash instead. */
export function paymentRoutes(
  payments: PaymentsService,
  registry: PaymentRegistry,
  auth: Authenticator,
): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();
  route(routes, operations.listPaymentMethods, async () => ({
    methods: registry.methods().map((id) => ({ id, name: PAYMENT_METHOD_NAMES[id] })),
  }));
  route(routes, operations.getOrderPayment, async (c, { params, query }) =>
    payments.view(params.number, await access(c, auth, query.token)),
  );
  route(routes, operations.startOrderPayment, async (c, { params, body }) =>
    payments.start(params.number, await access(c, auth, body.token), body.method),
  );
  route(routes, operations.checkOrderPayment, async (c, { params, body }) =>
    payments.refresh(params.number, await access(c, auth, body.token)),
  );
  route(routes, operations.switchOrderToCod, async (c, { params, body }) =>
    payments.switchToCod(params.number, await access(c, auth, body.token)),
  );
  route(routes, operations.uploadPaymentProof, async (c, { params, body }) =>
    payments.uploadProof(params.number, await access(c, auth, body.token), body.proof),
  );
  return routes;
}

/**
 * The providers' callbacks, from outside the shop: the shopper's browser coming back (GET or POST, then sent on to
 * the order's payment page) and the server-to-server notification (signed, read as the raw body).
 */
export function paymentCallbackRoutes(
  payments: PaymentsService,
  registry: PaymentRegistry,
  publicUrl: string,
): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();
  const paymentPage = (order: string | null) =>
    order ? `${publicUrl}/order-payment?order=${encodeURIComponent(order)}` : `${publicUrl}/order-lookup`;

  const back = async (c: Context<ApiEnv>) => {
    const provider = c.req.param("provider") ?? "";
    const callback = await callbackOf(c);
    // Easypaisa's first return carries a token to post on to its Confirm page before the final return.
    if (provider === "easypaisa" && registry.settings.easypaisa) {
      const next = easypaisaConfirmForm(
        registry.settings.easypaisa,
        callback,
        `${publicUrl}/api/payments/easypaisa/return`,
      );
      if (next) {
        return next.kind === "redirect"
          ? c.redirect(next.url, 303)
          : c.html(autoPost(next.action, next.fields, c.get("secureHeadersNonce")));
      }
    }
    const applied = await payments.handleReturn(provider, callback);
    return c.redirect(paymentPage(applied.order), 303);
  };
  routes.get(operations.paymentReturn.path, back);
  routes.post(operations.paymentReturnPosted.path, back);

  routes.post(operations.paymentNotify.path, async (c) => {
    const answer = await payments.handleNotification(c.req.param("provider"), await callbackOf(c));
    return c.body(answer.body, answer.status as 200, { "Content-Type": answer.contentType });
  });
  return routes;
}

/** The back office's side: an order's payment in full, refunds, a bank transfer's verdict. */
export function adminPaymentRoutes(payments: PaymentsService): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();
  route(routes, operations.adminGetOrderPayment, (_c, { params }) => payments.adminView(params.number));
  route(routes, operations.adminRefundOrder, (_c, { actor, params, body }) =>
    payments.refund(auditActor(actor), params.number, {
      amount: body.amount,
      reason: body.reason,
      reference: body.reference,
    }),
  );
  route(routes, operations.adminDecideOrderPayment, (_c, { actor, params, body }) =>
    payments.decide(auditActor(actor), params.number, body),
  );
  // A download of what a shopper uploaded: its own type, never rendered by the shop's origin.
  routes.get(operations.adminPaymentProof.path, async (c) => {
    await requireRole(c, "staff");
    const proof = await payments.proof(c.req.param("number"), pathId(c.req.param("id"), "Proof not found."));
    return c.body(proof.bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": proof.contentType,
      "Content-Disposition": `attachment; filename="${proof.name}"`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    });
  });
  return routes;
}
