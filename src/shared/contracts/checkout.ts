import { z } from "zod";
import { emailField, optionalText, requiredText } from "./fields.ts";

export const SHIPPING_COUNTRIES = ["Pakistan"] as const;

/** The spec's messages for the required fields. */
export const CHECKOUT_MESSAGES = {
  email: "Email is required.",
  phone: "Phone is required.",
  first_name: "First name is required.",
  last_name: "Last name is required.",
  address: "Address is required.",
  city: "City is required.",
} as const;

/**
 * The spec checks only emptiness; the email must also be exactly one valid address, since the confirmation is
 * mailed to it (a line break and a "Bcc:" line once reached a second recipient). The spec has no text for it.
 */
export const CHECKOUT_EMAIL_INVALID = "Email must be a valid email address.";

const money = z.coerce.number({ error: "The amount must be a number." }).finite().optional();

export const shippingAddressSchema = z.object({
  country: z.preprocess(
    (value) => (value === undefined || value === null || value === "" ? "Pakistan" : value),
    z.enum(SHIPPING_COUNTRIES, { error: "We only ship to Pakistan." }),
  ),
  first_name: requiredText("first name", CHECKOUT_MESSAGES.first_name, 100),
  last_name: requiredText("last name", CHECKOUT_MESSAGES.last_name, 100),
  address: requiredText("address", CHECKOUT_MESSAGES.address, 255),
  address_2: optionalText("second address line", 255),
  city: requiredText("city", CHECKOUT_MESSAGES.city, 100),
  postcode: optionalText("postcode", 20),
});

/**
 * The spec's payload. `cart` and the totals are accepted but never trusted: the server prices the shopper's
 * own cart, and a client total that disagrees is refused (see docs/decisions).
 */
export const checkoutSchema = z.object({
  email: emailField({ required: CHECKOUT_MESSAGES.email, invalid: CHECKOUT_EMAIL_INVALID }),
  phone: requiredText("phone", CHECKOUT_MESSAGES.phone, 30),
  shipping_address: z.preprocess(
    (value) => (value === undefined || value === null ? {} : value),
    shippingAddressSchema,
  ),
  notes: optionalText("order notes", 1000),
  cart: z.unknown().optional(),
  total: money,
  subtotal: money,
  delivery_charges: money,
  discount: money,
});

export type CheckoutInput = z.output<typeof checkoutSchema>;

export const orderLineSchema = z.object({
  product_id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  color_name: z.string(),
  size_name: z.string(),
  price: z.number().describe("Unit price paid, in rupees."),
  quantity: z.number().int(),
  total: z.number(),
  sale: z
    .string()
    .nullable()
    .optional()
    .describe("The sale that priced the line, as it was named then; null for none."),
});

export const orderSchema = z.object({
  number: z.string(),
  status: z.string(),
  created_at: z.string(),
  email: z.string(),
  phone: z.string(),
  shipping_address: z.object({
    country: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    address: z.string(),
    address_2: z.string(),
    city: z.string(),
    postcode: z.string(),
  }),
  notes: z.string(),
  subtotal: z.number(),
  delivery_charges: z.number(),
  discount: z.number(),
  cod_fee: z.number().describe("The cash-on-delivery fee charged with the order (0 for none)."),
  coupon_code: z.string().nullable().describe("The discount code that priced the order."),
  total: z.number(),
  items: z.array(orderLineSchema),
  confirm_by: z
    .string()
    .nullable()
    .describe(
      "While the order awaits the shopper's confirmation (status awaiting_confirmation): the time by which it must be " +
        "confirmed, with the link or the code from the order's message (POST /orders/{number}/confirm), or it is " +
        "cancelled. Null otherwise.",
    ),
});

export const placedOrderSchema = z.object({
  message: z.string(),
  order: orderSchema,
  access_token: z
    .string()
    .describe("Lets whoever placed the order read it without an account: send it to POST /guest-order."),
});

export type OrderLine = z.output<typeof orderLineSchema>;
export type Order = z.output<typeof orderSchema>;
