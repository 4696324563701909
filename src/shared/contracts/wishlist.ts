import { z } from "zod";
import { MAX_WISHLIST_ITEMS } from "../wishlist-rules.ts";
import { idField } from "./fields.ts";

/** Blank (an HTML form's empty hidden field) or null counts as not sent. */
const absentWhenBlank = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

export const addToWishlistSchema = z.object({
  id: idField("product").describe("The product to save."),
  variation_id: z
    .preprocess(absentWhenBlank, idField("variation").optional())
    .describe(
      "Optional: the variant (colour and size) the shopper had chosen; the wishlist page opens on it while it " +
        "has stock. Saving a product that is already there only updates this.",
    ),
});

export const removeFromWishlistSchema = z.object({
  id: idField("product").describe("The product to remove."),
});

export type AddToWishlistInput = z.output<typeof addToWishlistSchema>;

/** One colour and size of a saved product, for the wishlist's chooser. */
export const wishlistOptionSchema = z.object({
  id: z.number().int().describe("The variant id, sent as `size` to /cart/add."),
  color_id: z.number().int(),
  color_name: z.string(),
  color_code: z.string(),
  size_name: z.string(),
  price: z.number().describe("What the shopper pays for one, in rupees."),
  regular_price: z.number().describe("Before the product's discount, in rupees."),
  stock: z.number().int(),
});

export const wishlistItemSchema = z.object({
  id: z.number().int().describe("The product id."),
  slug: z.string(),
  title: z.string(),
  image: z.string().nullable().describe("The photo of `variation_id`'s colour, else the product's cover."),
  price: z.number().describe("Rupees before the discount, of the variant `variation_id` names."),
  discount_price: z.number().nullable().describe("Rupees after the discount; null when not discounted."),
  discount: z.number().describe("Percent."),
  stock: z.number().int().describe("Units left over every colour and size."),
  sold_out: z.boolean().describe("True when no colour and size has stock."),
  saved_variation_id: z.number().int().nullable().describe("The variant saved with the item, if any."),
  variation_id: z
    .number()
    .int()
    .nullable()
    .describe(
      "The variant the chooser opens on: the saved one while it has stock, else the one the product page opens on.",
    ),
  options: z.array(wishlistOptionSchema).describe("Every colour and size, colours in the product's order."),
  added_at: z.string().describe("When it was saved (ISO 8601)."),
});

/** The wishlist with every saved product's card, newest first. */
export const wishlistSchema = z.object({
  count: z.number().int(),
  limit: z.number().int().describe(`At most this many products (${MAX_WISHLIST_ITEMS}).`),
  items: z.array(wishlistItemSchema),
});

/** Which products are saved, for the header's count and the hearts' pressed state. */
export const wishlistIdsSchema = z.object({
  count: z.number().int(),
  product_ids: z.array(z.number().int()).describe("Newest first."),
});

/** What every wishlist change answers: a message for the shopper and the saved products as they now are. */
export const wishlistChangeSchema = wishlistIdsSchema.extend({ message: z.string() });

export type WishlistOption = z.output<typeof wishlistOptionSchema>;
export type WishlistItem = z.output<typeof wishlistItemSchema>;
export type Wishlist = z.output<typeof wishlistSchema>;
export type WishlistIds = z.output<typeof wishlistIdsSchema>;
