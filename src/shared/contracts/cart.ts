import { z } from "zod";
import { idField, quantityField } from "./fields.ts";

/** No single line may hold more than this, whatever the stock. */
export const MAX_LINE_QUANTITY = 999;

export const addToCartSchema = z.object({
  id: idField("product"),
  quantity: quantityField(MAX_LINE_QUANTITY),
  size: idField("size"),
});

export const removeFromCartSchema = z.object({ id: idField("item") });

/** `product_id` names the cart line (its `id` in GET /api/cart); `variation_id` must be that line's variant. */
export const updateCartSchema = z.object({
  product_id: idField("item"),
  quantity: quantityField(MAX_LINE_QUANTITY),
  variation_id: idField("variation"),
});

export type AddToCartInput = z.output<typeof addToCartSchema>;
export type UpdateCartInput = z.output<typeof updateCartSchema>;

export interface CartLine {
  id: number;
  name: string;
  /** What the shopper pays for one, in rupees. */
  price: number;
  quantity: number;
  /** The line's subtotal (price times quantity), in rupees, as the API works it out. */
  total: number;
  attributes: {
    slug: string;
    image: string | null;
    color_name: string;
    color_code: string;
    size_name: string;
    variation_id: number;
    product_id: number;
    stock: number;
  };
}

/**
 * What the order would cost, in rupees, under the checkout's field names: `total = subtotal + delivery_charges -
 * discount`. Every screen shows these figures as they are; none computes its own.
 */
export interface CartSummary {
  subtotal: number;
  discount: number;
  delivery_charges: number;
  total: number;
}

/** The spec's cart (`total` is the sum of its lines), with the checkout summary beside it. */
export interface Cart {
  quantity: number;
  total: number;
  cart: CartLine[];
  summary: CartSummary;
}
