import { z } from "zod";
import type { Operation } from "./contract.ts";
import {
  adminPaymentViewSchema,
  paymentAccessQuerySchema,
  paymentDecisionSchema,
  paymentMethodsSchema,
  paymentProofSchema,
  paymentStartSchema,
  paymentViewSchema,
  refundInputSchema,
  startPaymentSchema,
  switchToCodSchema,
} from "./payments.ts";

/**
 * Paying for orders (docs/decisions/0053-online-payments.md): the shopper's side (a customer's session, or a
 * guest's access token from the checkout's answer), the providers' callbacks, and the back office's refunds and
 * bank-transfer verdicts. Spread into `operations` (operations.ts).
 */
export const paymentOperations = {
  listPaymentMethods: {
    method: "GET",
    path: "/payment-methods",
    summary:
      "The ways to pay the checkout offers now (cash on delivery first), with the names the shop shows",
    tag: "Payments",
    auth: "none",
    status: 200,
    response: paymentMethodsSchema,
    errors: [],
  },
  getOrderPayment: {
    method: "GET",
    path: "/orders/:number/payment",
    summary: "How an order is paid and where its payment stands",
    tag: "Payments",
    auth: "optional",
    query: paymentAccessQuerySchema,
    status: 200,
    response: paymentViewSchema,
    errors: [404, 422],
  },
  startOrderPayment: {
    method: "POST",
    path: "/orders/:number/payment/start",
    summary:
      "Starts (or starts again) the online payment of an order waiting for it: answers the provider's signed redirect " +
      "or the form to post to its hosted page",
    tag: "Payments",
    auth: "optional",
    body: startPaymentSchema,
    status: 200,
    response: paymentStartSchema,
    errors: [404, 409, 422, 502],
  },
  checkOrderPayment: {
    method: "POST",
    path: "/orders/:number/payment/check",
    summary: "Asks the provider where the order's last payment stands now (the return page's check)",
    tag: "Payments",
    auth: "optional",
    body: switchToCodSchema,
    status: 200,
    response: paymentViewSchema,
    errors: [404, 422],
  },
  switchOrderToCod: {
    method: "POST",
    path: "/orders/:number/payment/cod",
    summary: "Pays an order still waiting for its online payment in cash on delivery instead",
    tag: "Payments",
    auth: "optional",
    body: switchToCodSchema,
    status: 200,
    response: paymentViewSchema,
    errors: [404, 409, 422],
  },
  uploadPaymentProof: {
    method: "POST",
    path: "/orders/:number/payment/proof",
    summary:
      "Uploads the proof of a bank transfer (multipart/form-data: `proof`, a JPEG, PNG or WebP picture or a PDF " +
      "of at most 5 MB, checked by its content; `token` for a guest)",
    tag: "Payments",
    auth: "optional",
    body: paymentProofSchema,
    bodyType: "multipart",
    status: 201,
    response: paymentViewSchema,
    errors: [404, 409, 413, 415, 422],
  },
  adminPaymentProof: {
    method: "GET",
    path: "/admin/orders/:number/payment/proofs/:id",
    summary: "A bank transfer's proof as the shopper uploaded it (a download, never shown inline)",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: z.string().describe("The file."),
    errors: [401, 403, 404],
  },
  paymentReturn: {
    method: "GET",
    path: "/payments/:provider/return",
    summary:
      "The shopper's browser back from the provider's page: the signed return is checked and applied, then the " +
      "browser is sent to the order's payment page (/order-payment?order=…)",
    tag: "Payments",
    auth: "none",
    status: 303,
    response: z.unknown(),
    errors: [400, 404, 502],
  },
  paymentReturnPosted: {
    method: "POST",
    path: "/payments/:provider/return",
    summary: "The same return, posted as a form (JazzCash, Easypaisa and Safepay post theirs)",
    tag: "Payments",
    auth: "none",
    status: 303,
    response: z.unknown(),
    errors: [400, 404, 502],
  },
  paymentNotify: {
    method: "POST",
    path: "/payments/:provider/notify",
    summary:
      "A provider's server-to-server notification (JazzCash IPN, Easypaisa IPN, Safepay webhook), signed per the " +
      "provider's protocol. A bad signature, amount or order is refused (400) and changes nothing; a repeat is " +
      "recorded once. Answers what the provider documents.",
    tag: "Payments",
    auth: "none",
    status: 200,
    response: z.unknown(),
    errors: [400, 404, 502],
  },
  adminGetOrderPayment: {
    method: "GET",
    path: "/admin/orders/:number/payment",
    summary:
      "An order's payment with everything that happened to it (providers' raw fields kept for support)",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: adminPaymentViewSchema,
    errors: [401, 403, 404],
  },
  adminRefundOrder: {
    method: "POST",
    path: "/admin/orders/:number/refunds",
    summary:
      "Refunds all or part of what was paid: through the provider for an online payment, recorded with the bank " +
      "transfer's reference otherwise; never more than was paid",
    tag: "Admin",
    auth: "staff",
    body: refundInputSchema,
    status: 201,
    response: adminPaymentViewSchema,
    errors: [401, 403, 404, 409, 422, 502],
  },
  adminDecideOrderPayment: {
    method: "POST",
    path: "/admin/orders/:number/payment",
    summary: "Marks a bank transfer's payment received (the order goes on) or rejected",
    tag: "Admin",
    auth: "staff",
    body: paymentDecisionSchema,
    status: 200,
    response: adminPaymentViewSchema,
    errors: [401, 403, 404, 409, 422],
  },
} as const satisfies Record<string, Operation>;
