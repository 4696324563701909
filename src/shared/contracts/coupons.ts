import { z } from "zod";
import { pageMetaSchema } from "./catalogue.ts";
import { optionalText, pageField, requiredText } from "./fields.ts";

/**
 * Discount codes and delivery pricing (docs/decisions/0047-discount-codes-and-delivery-pricing.md): what the
 * shopper sends to apply a code, the back office's codes, and the owner's delivery settings. Money is rupees in
 * the API (paisa in the database); times are ISO with their zone, or the shop's local time (Pakistan) as a
 * `datetime-local` field sends it.
 */

export const COUPON_KINDS = ["percent", "amount", "free_delivery"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const COUPON_SCOPES = ["all", "categories", "products", "tags"] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];
export const COUPON_STATUSES = ["active", "paused"] as const;

/** The sentences a shopper meets: each refusal its own, none telling more than it must. */
export const COUPON_MESSAGES = {
  required: "Enter a discount code.",
  notValid: "This code is not valid.",
  expired: "This code has expired.",
  notStarted: "This code is not active yet.",
  usedUp: "This code has been used up.",
  usedByYou: "You have already used this code.",
  belowMinimum: (minimum: string) => `This code needs a subtotal of at least ${minimum}.`,
  outOfScope: "This code does not apply to anything in your cart.",
  emptyCart: "Add something to your cart before applying a code.",
  applied: (code: string) => `Code ${code} applied.`,
  removed: "The code has been removed.",
  /** Said when a code the cart held stopped applying (the reason follows). */
  dropped: (code: string, why: string) => `Code ${code} was removed: ${why}`,
} as const;

export const CODE_MAX = 40;
/** Letters, digits, dash and underscore: what fits on an Instagram post and is typed on a phone. */
export const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

export const applyCouponSchema = z.object({
  code: requiredText("code", COUPON_MESSAGES.required, CODE_MAX),
});
export type ApplyCouponInput = z.output<typeof applyCouponSchema>;

/** The code on a cart or an order, as the shopper sees it. */
export const appliedCouponSchema = z.object({
  code: z.string(),
  description: z.string().describe('What it gives, in words ("10% off", "Rs. 500 off", "Free delivery").'),
});

// ---- The back office's codes ----

export const COUPON_ADMIN_MESSAGES = {
  code: `The code is letters, digits, dashes and underscores, at most ${CODE_MAX}.`,
  duplicate: "Another code is already called that (codes do not differ by case).",
  percent: "A percent off is a whole number from 1 to 100.",
  amount: "The amount off must be more than Rs. 0.",
  dates: "The end must be after the start.",
  scopeIds: "Choose at least one category, product or tag for this code.",
  scopeMissing: (ids: number[]) => `These do not exist (any more): ${ids.join(", ")}. Choose again.`,
  freeDelivery: "A free-delivery code takes off the delivery only; its value is 0.",
  time: "Enter a date and time (shop time, or ISO with its zone).",
  codeUsed: (uses: number) =>
    `The code cannot change: it has been used ${uses === 1 ? "once" : `${uses} times`}, and those orders name it. Make a new code instead.`,
  notFound: "Discount code not found.",
} as const;

const rupees = (label: string) =>
  z.coerce
    .number({ error: `The ${label} must be a number of rupees.` })
    .finite(`The ${label} must be a number of rupees.`)
    .min(0, `The ${label} cannot be negative.`)
    .max(10_000_000, `The ${label} is too large.`);

const optionalCount = (label: string) =>
  z.preprocess(
    (value) => (value === "" || value === undefined ? null : value),
    z.coerce
      .number({ error: `The ${label} must be a whole number.` })
      .int(`The ${label} must be a whole number.`)
      .min(1, `The ${label} must be at least 1 (leave it empty for no limit).`)
      .max(1_000_000, `The ${label} is too large.`)
      .nullable(),
  );

const optionalTime = (label: string) =>
  z.preprocess(
    (value) => (value === "" || value === undefined ? null : value),
    z
      .string({ error: `The ${label} must be a date and time.` })
      .max(40)
      .nullable(),
  );

export const couponInputSchema = z.object({
  code: requiredText("code", "Enter the code.", CODE_MAX).refine(
    (value) => CODE_PATTERN.test(value),
    COUPON_ADMIN_MESSAGES.code,
  ),
  description: optionalText("description", 200),
  kind: z.enum(COUPON_KINDS, {
    error: "Choose what the code takes off: a percent, an amount or the delivery.",
  }),
  value: z.coerce
    .number({ error: "The value must be a number." })
    .finite()
    .min(0)
    .max(10_000_000)
    .describe("A whole percent for percent codes, rupees for amount codes, 0 for free delivery."),
  min_subtotal: rupees("minimum subtotal").default(0),
  scope: z.enum(COUPON_SCOPES, { error: "Choose what the code applies to." }).default("all"),
  scope_ids: z.array(z.coerce.number().int().min(1)).max(500).default([]),
  exclude_discounted: z.boolean().default(false),
  starts_at: optionalTime("start"),
  ends_at: optionalTime("end"),
  max_uses: optionalCount("number of uses"),
  max_uses_per_customer: optionalCount("number of uses per customer"),
  status: z.enum(COUPON_STATUSES).default("active"),
});
export type CouponInput = z.output<typeof couponInputSchema>;

const { min_subtotal, scope, scope_ids, exclude_discounted, status, ...required } = couponInputSchema.shape;
/** A change to a code: any of its fields; what is left out stays as it is (no defaults fill it in). */
export const couponPatchSchema = z
  .object({
    ...required,
    min_subtotal: min_subtotal.unwrap(),
    scope: scope.unwrap(),
    scope_ids: scope_ids.unwrap(),
    exclude_discounted: exclude_discounted.unwrap(),
    status: status.unwrap(),
  })
  .partial();
export type CouponPatch = z.output<typeof couponPatchSchema>;

export const couponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number(),
  min_subtotal: z.number(),
  scope: z.enum(COUPON_SCOPES),
  scope_ids: z.array(z.number().int()),
  exclude_discounted: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  max_uses_per_customer: z.number().int().nullable(),
  status: z.enum(COUPON_STATUSES),
  uses: z.number().int(),
  usage: z.object({
    orders: z.number().int(),
    revenue: z.number().describe("Rupees: the totals of the orders that used it."),
    discount: z.number().describe("Rupees: the discount it gave."),
  }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Coupon = z.output<typeof couponSchema>;

export const couponPageSchema = z.object({ data: z.array(couponSchema), meta: pageMetaSchema });
export const couponQuerySchema = z.object({ page: pageField() });
export const COUPONS_PER_PAGE = 25;

// ---- Delivery pricing ----

export const DELIVERY_DEFAULTS = {
  flat_charge: 200,
  free_from: null,
  city_charges: [],
  cod_fee: 0,
} as const;

export const deliverySettingsSchema = z.object({
  flat_charge: rupees("delivery charge").describe(
    "Rupees on every order with something to deliver (the spec's Rs. 200).",
  ),
  free_from: rupees("free delivery amount")
    .nullable()
    .describe("Free delivery when the subtotal after discounts is at least this (rupees); null for never."),
  city_charges: z
    .array(
      z.object({
        city: requiredText("city", "Name the city.", 100),
        charge: rupees("city's delivery charge"),
      }),
    )
    .max(200)
    .describe("A different charge for these cities (matched without case or extra spaces)."),
  cod_fee: rupees("cash-on-delivery fee").describe(
    "Added to every cash-on-delivery order as its own line; 0 for none.",
  ),
});
export type DeliverySettings = z.output<typeof deliverySettingsSchema>;
