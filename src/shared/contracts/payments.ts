import { z } from "zod";
import { PAYMENT_METHODS, PAYMENT_STATUSES } from "../payment.ts";
import { optionalText, requiredText } from "./fields.ts";

/**
 * Paying for an order (docs/decisions/0053-online-payments.md): the method chosen at checkout, the order's payment
 * as its shopper and staff see it, starting a payment with a provider, switching to cash on delivery, refunds and
 * a bank transfer's verdict. Money is rupees.
 */

export const PAYMENT_MESSAGES = {
  method: "Choose how you want to pay.",
  notOffered: "This way to pay is not available. Please choose another.",
  notFound: "Order not found.",
  notAwaiting: "This order is not waiting for a payment.",
  holdEnded: "The time to pay for this order has passed, so it was cancelled. Please place it again.",
  providerDown: (name: string) =>
    `${name} could not be reached. Please try again in a moment, or choose cash on delivery.`,
  refundAmount: "The refund must be more than Rs. 0.",
  nothingPaid: "Nothing has been paid for this order, so there is nothing to refund.",
  refundTooLarge: (left: string) => `You can refund at most ${left}: more than that was never paid.`,
  refundReference: "Enter the reference of the bank transfer that refunds this money.",
  refundInPortal: (provider: string) =>
    `${provider} takes refunds in its own merchant portal: refund it there first, then enter its reference here.`,
  refundRace:
    "Another refund of this order was made at the same moment. Reload the page and check what is left.",
  decision: "Choose paid or rejected.",
  notBankTransfer: "Only a bank transfer's payment is marked by hand.",
  proofType: "The proof must be a JPEG, PNG or WebP picture, or a PDF.",
  proofSize: "The proof must be at most 5 MB.",
  proofMissing: "Choose the picture or PDF of your transfer.",
} as const;

/** Checkout's `payment_method`: absent means cash on delivery, as the spec's checkout has it. */
export const paymentMethodField = z
  .enum(PAYMENT_METHODS, { error: PAYMENT_MESSAGES.method })
  .optional()
  .describe("How the order is paid; absent is cash on delivery (cod).");

/** The ways to pay the checkout offers now, cash on delivery first, each with the name the shop shows. */
export const paymentMethodsSchema = z.object({
  methods: z.array(z.object({ id: z.enum(PAYMENT_METHODS), name: z.string() })),
});
export type OfferedPaymentMethod = z.output<typeof paymentMethodsSchema>["methods"][number];

/** What the checkout answers about the payment of a prepaid order: where to send the shopper. */
export const placedPaymentSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  due_by: z.string().nullable().describe("Until when the order's stock is held for its payment (UTC ISO)."),
  pay_url: z
    .string()
    .nullable()
    .describe(
      "The shop's page that sends the shopper to the provider (or shows the bank details); null for cod.",
    ),
});

export const bankDetailsSchema = z.object({
  account_title: z.string(),
  bank_name: z.string(),
  iban: z.string(),
  raast_id: z.string().nullable(),
  reference: z.string().describe("What the shopper writes as the transfer's reference: the order number."),
});

export const paymentViewSchema = z.object({
  number: z.string(),
  order_status: z.string(),
  method: z.enum(PAYMENT_METHODS),
  method_name: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  total: z.number(),
  paid: z.number(),
  refunded: z.number(),
  due_by: z.string().nullable(),
  can_pay: z.boolean().describe("The shopper may (again) be sent to the provider."),
  can_switch_to_cod: z.boolean(),
  methods: z.array(z.enum(PAYMENT_METHODS)).describe("The methods the shopper may pay this order with now."),
  bank: bankDetailsSchema.nullable(),
  proofs: z.number().int().describe("Proofs of a bank transfer uploaded."),
  can_upload_proof: z.boolean(),
  attempts: z.array(
    z.object({
      provider: z.string(),
      reference: z.string(),
      amount: z.number(),
      status: z.string(),
      created_at: z.string(),
    }),
  ),
  refunds: z.array(
    z.object({ amount: z.number(), via: z.string(), reference: z.string(), created_at: z.string() }),
  ),
});
export type PaymentView = z.output<typeof paymentViewSchema>;

/** The back office's view adds everything that happened, with the providers' raw fields, and the flag. */
export const adminPaymentViewSchema = paymentViewSchema.extend({
  flag: z.string().nullable().describe('"refund_due": money that arrived for an order already cancelled.'),
  refund_through: z
    .string()
    .nullable()
    .describe(
      "The provider a refund goes back through (its name); null when refunds are made outside the shop and recorded here with their reference.",
    ),
  proof_files: z.array(
    z.object({
      id: z.number().int(),
      content_type: z.string(),
      size: z.number().int(),
      created_at: z.string(),
    }),
  ),
  events: z.array(
    z.object({
      source: z.string(),
      outcome: z.string(),
      amount: z.number().nullable(),
      message: z.string(),
      raw: z.string(),
      created_at: z.string(),
    }),
  ),
  refunds: z.array(
    z.object({
      amount: z.number(),
      via: z.string(),
      reference: z.string(),
      reason: z.string(),
      actor_email: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type AdminPaymentView = z.output<typeof adminPaymentViewSchema>;

/** Who asks about a guest's order: the access token the checkout answered (a customer's session needs none). */
export const paymentAccessQuerySchema = z.object({ token: optionalText("token", 200) });

export const startPaymentSchema = z.object({
  token: optionalText("token", 200),
  method: z
    .enum(PAYMENT_METHODS, { error: PAYMENT_MESSAGES.method })
    .optional()
    .describe(
      "Another online method for this try (JazzCash instead of a card, say); absent keeps the order's.",
    ),
});

export const paymentStartSchema = z.object({
  start: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("redirect"), url: z.string() }),
    z.object({ kind: z.literal("form"), action: z.string(), fields: z.record(z.string(), z.string()) }),
  ]),
});

export const switchToCodSchema = z.object({ token: optionalText("token", 200) });

const rupees = z.coerce
  .number({ error: PAYMENT_MESSAGES.refundAmount })
  .finite(PAYMENT_MESSAGES.refundAmount)
  .gt(0, PAYMENT_MESSAGES.refundAmount)
  .max(10_000_000, PAYMENT_MESSAGES.refundAmount);

export const refundInputSchema = z.object({
  amount: rupees.describe("Rupees to give back: at most what was paid and not refunded yet."),
  reason: requiredText("reason", "Say why the money goes back.", 500),
  reference: optionalText("reference", 100).describe(
    "For an order not paid online: the bank transfer's reference that refunds it (required).",
  ),
});

/** A bank transfer's proof: a picture or a PDF, checked by its content. */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const paymentProofSchema = z.object({
  token: optionalText("token", 200),
  proof: z
    .file({
      error: (issue) =>
        issue.input === undefined || issue.input === ""
          ? PAYMENT_MESSAGES.proofMissing
          : PAYMENT_MESSAGES.proofType,
    })
    .min(1, PAYMENT_MESSAGES.proofMissing)
    .max(PROOF_MAX_BYTES, PAYMENT_MESSAGES.proofSize)
    .describe("A JPEG, PNG or WebP picture or a PDF of the transfer, at most 5 MB (checked by its content)."),
});

export const paymentDecisionSchema = z.object({
  decision: z.enum(["paid", "rejected"], { error: PAYMENT_MESSAGES.decision }),
  reference: optionalText("reference", 100).describe("The bank's reference of the transfer received."),
  note: optionalText("note", 500),
});
