import { z } from "zod";
import { MAX_ID, pageField } from "./fields.ts";
import { productSizeChartSchema } from "./product-details.ts";

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

/** The text filters drop NUL bytes (no product has one, and PostgreSQL cannot compare them); blank is no filter. */
const filterText = (value: unknown) =>
  blankToUndefined(typeof value === "string" ? value.replaceAll("\u0000", "") : value);

const positiveId = (field: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: `The ${field} must be a number.` })
      .int(`The ${field} must be a whole number.`)
      .positive(`The ${field} must be a positive number.`)
      .max(MAX_ID, `The ${field} is too large.`)
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
    filterText,
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
    filterText,
    z.string().trim().max(100, "The search may not be longer than 100 characters.").optional(),
  ),
});

export type ProductQuery = z.output<typeof productQuerySchema>;

/** A product's approved reviews in two figures, kept on the product so cards need no join. */
const reviewFigures = {
  rating: z
    .number()
    .describe("Average of the approved reviews' ratings (1 to 5, one decimal); 0 when there are none."),
  reviews: z.number().int().describe("Approved reviews."),
};

export const productCardSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  back_image: z.string().nullable(),
  price: z
    .number()
    .describe(
      "Rupees, before the product's discount: the price of the variant the product page opens on (its first colour and size in stock).",
    ),
  discount_price: z.number().nullable().describe("Rupees after the discount; null when not discounted."),
  discount: z.number().describe("Percent."),
  new_arrival: z.boolean(),
  ...reviewFigures,
});

export const pageMetaSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  total: z.number().int(),
  per_page: z.number().int(),
  current_page: z.number().int(),
  last_page: z.number().int(),
});

export const productListSchema = z.object({
  data: z.array(productCardSchema),
  meta: pageMetaSchema.extend({
    total_capped: z
      .boolean()
      .optional()
      .describe(
        "With a search: true when more products match than a search answers (its newest 500 matches); `total` is then that limit, shown as '500+'. Without a search: present (true) only when more than 10,000 products match; `total` is then 10,000 ('10000+') and pages stop there.",
      ),
    suggestions: z
      .array(z.string())
      .max(3)
      .optional()
      .describe(
        "Only when a search found nothing: up to 3 corrected searches (from the catalogue's words) that find products.",
      ),
  }),
});

export const productColorSchema = z.object({
  color_id: z.number().int(),
  color_name: z.string(),
  color_code: z.string(),
  default_variation_id: z
    .number()
    .int()
    .describe("The size this colour opens on: its first size in stock, else its first size."),
});

/** One product photo. `color_id` is null for a photo of no particular colour; `url` is the 800 px file. */
export const productImageSchema = z.object({
  id: z.number().int(),
  color_id: z.number().int().nullable(),
  url: z.string(),
  alt: z.string(),
  position: z.number().int().describe("0-based place in the product's photos."),
});

/** A running sale with a countdown (decision 0049): its name and when it ends (UTC ISO). */
export const saleCountdownSchema = z.object({ name: z.string(), ends_at: z.string() });
export type SaleCountdown = z.output<typeof saleCountdownSchema>;

export const runningSaleSchema = z.object({
  sale: saleCountdownSchema
    .nullable()
    .describe("The running sale with a countdown that ends first; null when none runs."),
});

export const productDetailSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  back_image: z.string().nullable(),
  gallery: z.array(z.string()),
  price: z.number(),
  discount: z.number(),
  discount_price: z.number().nullable(),
  new_arrival: z.boolean(),
  ...reviewFigures,
  short_description: z.string().describe("Sanitised HTML."),
  colors: z.array(productColorSchema),
  default_color_id: z
    .number()
    .int()
    .nullable()
    .describe("The colour the page opens on: the first colour with stock, else the first colour."),
  default_variation_id: z
    .number()
    .int()
    .nullable()
    .describe(
      "The variant (size option id) the page opens on; `price` and `discount_price` are its prices, as on the card.",
    ),
  category: z.object({ name: z.string(), slug: z.string() }),
  images: z
    .array(productImageSchema)
    .describe(
      "Every photo in display order, with its colour and alt text (additive to the spec's `gallery`).",
    ),
  sale: saleCountdownSchema
    .nullable()
    .optional()
    .describe("The running sale that prices the product, when it shows a countdown (additive)."),
  final_sale: z
    .boolean()
    .optional()
    .describe("Sold as final sale: it cannot be returned (additive; left out reads as false)."),
  details: z
    .array(z.object({ label: z.string(), value: z.string() }))
    .optional()
    .describe("Fabric, fit, care and other details in order (additive; left out reads as none)."),
  size_chart: productSizeChartSchema
    .optional()
    .describe(
      "The size chart that applies: the product's own, else its category's or the nearest one above (additive; null or left out: none).",
    ),
});

export const sizeOptionSchema = z.object({
  id: z.number().int().describe("The variant id, sent as `size` to /cart/add."),
  size_name: z.string(),
  price: z.string().describe('What the shopper pays, "1,250.00".'),
  regular_price: z.string().describe('Before the product\'s discount, "1,500.00".'),
  stock: z.number().int(),
});

export const sliderSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  slideimage: z.string(),
  slide_mobile: z.string(),
});

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  parent_id: z
    .number()
    .int()
    .nullable()
    .describe(
      "The category it sits under (null at the top); the list gives each category's children after it.",
    ),
});

export const filterColorSchema = z.object({ id: z.number().int(), title: z.string(), code: z.string() });
export const filterSizeSchema = z.object({ id: z.number().int(), size: z.string() });
export const tagSchema = z.object({ id: z.number().int(), name: z.string() });

export type ProductCard = z.output<typeof productCardSchema>;
export type PageMeta = z.output<typeof pageMetaSchema>;
export type ProductList = z.output<typeof productListSchema>;
export type ProductColor = z.output<typeof productColorSchema>;
export type ProductImage = z.output<typeof productImageSchema>;
export type ProductDetail = z.output<typeof productDetailSchema>;
export type SizeOption = z.output<typeof sizeOptionSchema>;
export type Slider = z.output<typeof sliderSchema>;
export type Category = z.output<typeof categorySchema>;
export type FilterColor = z.output<typeof filterColorSchema>;
export type FilterSize = z.output<typeof filterSizeSchema>;
export type Tag = z.output<typeof tagSchema>;
