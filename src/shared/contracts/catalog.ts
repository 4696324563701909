import { z } from "zod";
import { pageField } from "./fields.ts";

/** The page size of the product listing when the caller does not ask for fewer with `take`. */
export const PRODUCTS_PER_PAGE = 12;
export const MAX_TAKE = 48;
export const SORTS = ["default", "low2high", "high2low"] as const;
export const PRODUCT_TYPES = ["new-arrival", "daily-deals"] as const;

export type Sort = (typeof SORTS)[number];
export type ProductType = (typeof PRODUCT_TYPES)[number];

/** An empty query value ("All" in a filter form) means "no filter". */
const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const positiveId = (field: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: `The ${field} must be a number.` })
      .int(`The ${field} must be a whole number.`)
      .positive(`The ${field} must be a positive number.`)
      .max(2_147_483_647, `The ${field} is too large.`)
      .optional(),
  );

/**
 * The listing's query string. Malformed values are refused with a 422 rather than clamped, so a broken link
 * is noticed; unknown but well-formed values (a colour id nobody has) simply match nothing.
 */
export const productQuerySchema = z.object({
  take: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: "The take must be a number." })
      .int("The take must be a whole number.")
      .min(1, "The take must be at least 1.")
      .max(MAX_TAKE, `The take may not be greater than ${MAX_TAKE}.`)
      .optional(),
  ),
  page: pageField(),
  type: z.preprocess(
    blankToUndefined,
    z.enum(PRODUCT_TYPES, { message: "The selected type is invalid." }).optional(),
  ),
  category: z.preprocess(
    blankToUndefined,
    z.string().trim().max(100, "The category may not be longer than 100 characters.").optional(),
  ),
  color: positiveId("color"),
  size: positiveId("size"),
  tag: positiveId("tag"),
  sort: z.preprocess(
    blankToUndefined,
    z.enum(SORTS, { message: "The selected sort is invalid." }).default("default"),
  ),
  search: z.preprocess(
    blankToUndefined,
    z.string().trim().max(100, "The search may not be longer than 100 characters.").optional(),
  ),
});

export type ProductQuery = z.output<typeof productQuerySchema>;

export interface ProductCard {
  id: number;
  slug: string;
  title: string;
  image: string | null;
  back_image: string | null;
  price: number;
  discount_price: number | null;
  discount: number;
  new_arrival: boolean;
}

export interface PageMeta {
  from: number;
  to: number;
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
}

export interface ProductList {
  data: ProductCard[];
  meta: PageMeta;
}

export interface ProductColor {
  color_id: number;
  color_name: string;
  color_code: string;
}

/** One product photo. `color_id` is null for a photo of no particular colour; `url` is the 800 px file. */
export interface ProductImage {
  id: number;
  color_id: number | null;
  url: string;
  alt: string;
  /** 0-based place in the product's photos. */
  position: number;
}

export interface ProductDetail {
  id: number;
  slug: string;
  title: string;
  image: string | null;
  back_image: string | null;
  gallery: string[];
  price: number;
  discount: number;
  discount_price: number | null;
  new_arrival: boolean;
  rating: number;
  reviews: number;
  short_description: string;
  colors: ProductColor[];
  category: { name: string; slug: string };
  /** Every photo in display order, with its colour and alt text (additive to the spec's `gallery`). */
  images: ProductImage[];
}

export interface SizeOption {
  id: number;
  size_name: string;
  /** What the shopper pays, "1,250.00". */
  price: string;
  /** Before the product's discount, "1,500.00". */
  regular_price: string;
  stock: number;
}

export interface Slider {
  id: number;
  url: string;
  slideimage: string;
  slide_mobile: string;
}

export interface Category {
  id: number;
  name: string;
  slug: string;
}
