import { z } from "zod";
import { appliedCouponSchema } from "./coupons.ts";
import { idField, quantityField } from "./fields.ts";

/** No single line may hold more than this, whatever the stock. */
export const MAX_LINE_QUANTITY = 999;

export const addToCartSchema = z.object({
  id: idField("product"),
  quantity: quantityField(MAX_LINE_QUANTITY),
  size: idField("size"),
});

export const removeFromCartSchema = z.object({ id: idField("item") });

/**
 * `variation_id` (a line's `attributes.variation_id`) names the line: a cart holds one line per variant.
 * `product_id` is that line's product (`attributes.product_id`), or, as accepted since the start, the line's own
 * `id`; anything else is refused with 404, like a variant that is not in the cart.
 */
export const updateCartSchema = z.object({
  product_id: idField("product").describe(
    "The line's product (`attributes.product_id`), or the line's own `id`.",
  ),
  quantity: quantityField(MAX_LINE_QUANTITY),
  variation_id: idField("variation").describe("The line's variant (`attributes.variation_id`)."),
});

export type AddToCartInput = z.output<typeof addToCartSchema>;
export type UpdateCartInput = z.output<typeof updateCartSchema>;

export const cartLineSchema = z.object({
  id: z.number().int().describe("The cart line's id (used by /update-cart and /cart/remove)."),
  name: z.string(),
  price: z.number().describe("What the shopper pays for one, in rupees."),
  quantity: z.number().int(),
  total: z
    .number()
    .describe("The line's subtotal (price times quantity), in rupees, as the API works it out."),
  attributes: z.object({
    slug: z.string(),
    image: z.string().nullable(),
    color_name: z.string(),
    color_code: z.string(),
    size_name: z.string(),
    variation_id: z.number().int(),
    product_id: z.number().int(),
    stock: z.number().int(),
  }),
});

/**
 * What the order would cost, in rupees, under the checkout's field names: `total = subtotal + delivery_charges +
 * cod_fee - discount`. Every screen shows these figures as they are; none computes its own.
 */
export const cartSummarySchema = z.object({
  subtotal: z.number(),
  discount: z.number(),
  delivery_charges: z.number(),
  cod_fee: z.number().describe("The cash-on-delivery fee, its own line (0 when the shop charges none)."),
  delivery_note: z
    .string()
    .describe(
      'Why delivery costs what it does: "Free delivery on orders of Rs. 5,000 or more", "Delivery to Karachi"… ("" for the flat charge).',
    ),
  coupon: appliedCouponSchema.nullable().describe("The discount code applied to the cart, if any."),
  total: z.number(),
});

/** The spec's cart (`total` is the sum of its lines), with the checkout summary beside it. */
export const cartSchema = z.object({
  quantity: z.number().int().describe("Total number of items."),
  total: z.number().describe("Sum of the lines, in rupees."),
  cart: z.array(cartLineSchema),
  summary: cartSummarySchema,
  coupon_message: z
    .string()
    .nullable()
    .describe(
      "Set when the code the cart held stopped applying and was removed, saying why; null otherwise.",
    ),
});

/** What every cart change answers: a message for the shopper and the cart as it now is. */
export const cartChangeSchema = cartSchema.extend({ message: z.string() });

export type CartLine = z.output<typeof cartLineSchema>;
export type CartSummary = z.output<typeof cartSummarySchema>;
export type Cart = z.output<typeof cartSchema>;
