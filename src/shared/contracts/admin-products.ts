import { z } from "zod";
import { parseRupees } from "../money.ts";
import {
  ADMIN_PRODUCT_SORTS,
  ADMIN_PRODUCTS_COUNT_LIMIT,
  ALT_MAX,
  DELETE_OUTCOMES,
  DESCRIPTION_MAX,
  IMAGE_UPLOAD_MAX_BYTES,
  PRICE_MAX_RUPEES,
  PRODUCT_MESSAGES,
  SLUG_MAX,
  SLUG_PATTERN,
  STOCK_FILTERS,
  STOCK_MAX,
  TAGS_MAX,
  TITLE_MAX,
  VARIANTS_MAX,
} from "../product-admin.ts";
import { PRODUCT_STATUSES } from "../product-status.ts";
import { SKU_MAX, SKU_PATTERN } from "../sku.ts";
import { pageMetaSchema, productImageSchema } from "./catalogue.ts";
import { idField, optionalText, pageField, requiredText } from "./fields.ts";
import { productDetailsSchema, sizeChartInputSchema, sizeChartSchema } from "./product-details.ts";

/** The back office's products (docs/decisions/0030-product-admin.md): the list, the editor and the photos. */

const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/** A yes/no from JSON (true/false) or an HTML checkbox ("on", "1", "true"; absent is no). */
const flag = (label: string) =>
  z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === "") return false;
      if (typeof value === "string") return ["on", "1", "true", "yes"].includes(value.trim().toLowerCase());
      return value;
    },
    z.boolean({ error: `The ${label} field must be true or false.` }),
  );

/** A whole number from JSON or a form field, within bounds, with the field's own words. */
function wholeNumber(label: string, min: number, max: number, messages: { range?: string } = {}) {
  return z.preprocess(
    (value) => {
      const blank = blankToUndefined(value);
      return typeof blank === "string" ? Number(blank.trim()) : blank;
    },
    z
      .number({
        error: (issue) =>
          issue.input === undefined ? `The ${label} field is required.` : `The ${label} must be a number.`,
      })
      .int(`The ${label} must be a whole number.`)
      .min(min, messages.range ?? `The ${label} may not be less than ${min}.`)
      .max(max, messages.range ?? `The ${label} may not be greater than ${max.toLocaleString("en-US")}.`),
  );
}

/**
 * A price in rupees as the form takes it: a number, or text such as "Rs. 1,250.50" (read by `parseRupees`,
 * src/shared/money.ts). More than 0, at most Rs. 10,000,000, at most two decimals. The API turns it into paisa
 * with the money module.
 */
export const rupeeAmount = (label: string) =>
  z.preprocess(
    (value) => {
      const blank = blankToUndefined(value);
      return typeof blank === "string" ? (parseRupees(blank) ?? blank) : blank;
    },
    z
      .number({
        error: (issue) =>
          issue.input === undefined
            ? `The ${label} field is required.`
            : `The ${label} must be an amount in rupees, like 1,250 or 1250.50.`,
      })
      .positive(`The ${label} must be more than Rs. 0.`)
      .max(
        PRICE_MAX_RUPEES,
        `The ${label} may not be more than Rs. ${PRICE_MAX_RUPEES.toLocaleString("en-US")}.`,
      )
      .refine(
        (rupees) => Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6,
        `The ${label} may have at most two decimals.`,
      ),
  );

const slugField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: "The slug must be text." })
    .trim()
    .toLowerCase()
    .max(SLUG_MAX, `The slug may not be greater than ${SLUG_MAX} characters.`)
    .regex(SLUG_PATTERN, PRODUCT_MESSAGES.slugFormat)
    .optional(),
);

const skuField = z.preprocess(
  blankToUndefined,
  z
    .string({ error: "The SKU must be text." })
    .trim()
    .toUpperCase()
    .max(SKU_MAX, `The SKU may not be greater than ${SKU_MAX} characters.`)
    .regex(SKU_PATTERN, PRODUCT_MESSAGES.skuFormat)
    .optional(),
);

export const adminVariantInputSchema = z.object({
  color_id: idField("colour"),
  size_id: idField("size"),
  price: rupeeAmount("price"),
  stock: wholeNumber("stock", 0, STOCK_MAX),
  stock_was: z
    .preprocess(blankToUndefined, wholeNumber("stock", 0, Number.MAX_SAFE_INTEGER).optional())
    .describe(
      "The stock the editor was shown. When it equals `stock` the variant's stock is left as it is now, so a " +
        "sale made while the form was open is not undone.",
    ),
  sku: skuField.describe(
    "Unique in the shop; left out, the variant gets one from the slug, colour and size.",
  ),
});
export type AdminVariantInput = z.output<typeof adminVariantInputSchema>;

/** Every field of a product; POST takes them with defaults, PATCH any of them. */
const productFields = {
  title: requiredText("title", PRODUCT_MESSAGES.titleRequired, TITLE_MAX),
  slug: slugField.describe("Left out on creation: made from the title (with -2, -3... if taken)."),
  description: optionalText("description", DESCRIPTION_MAX).describe(
    "HTML; kept to paragraphs, line breaks, bold, italic, underline, lists and links.",
  ),
  category_id: idField("category"),
  tag_ids: z
    .array(idField("tag"), { error: "The tags must be a list." })
    .max(TAGS_MAX, `A product may have at most ${TAGS_MAX} tags.`),
  new_arrival: flag("new arrival"),
  daily_deal: flag("daily deal"),
  final_sale: flag("final sale").describe("Cannot be returned: the returns service refuses it."),
  discount: wholeNumber("discount", 0, 100, { range: PRODUCT_MESSAGES.discount }).describe(
    "Percent off every variant's price.",
  ),
  status: z.enum(PRODUCT_STATUSES, { error: PRODUCT_MESSAGES.status }),
  details: productDetailsSchema,
  size_chart: sizeChartInputSchema.describe(
    "The product's own size chart, shown instead of its category's; null: none of its own.",
  ),
  variants: z
    .array(adminVariantInputSchema, { error: "The variants must be a list." })
    .min(1, PRODUCT_MESSAGES.variantsRequired)
    .max(VARIANTS_MAX, `A product may have at most ${VARIANTS_MAX} variants.`)
    .describe("The whole colour x size grid: a colour and size left out is not sold (removed if it was)."),
};

export const adminCreateProductSchema = z.object({
  ...productFields,
  description: productFields.description.default(""),
  tag_ids: productFields.tag_ids.default([]),
  discount: productFields.discount.default(0),
  details: productFields.details.default([]),
  size_chart: productFields.size_chart.default(null),
  status: productFields.status
    .default("draft")
    .describe("Draft unless given: nothing goes on sale by accident."),
});
export type AdminCreateProduct = z.output<typeof adminCreateProductSchema>;

export const adminUpdateProductSchema = z.object({
  title: productFields.title.optional(),
  slug: productFields.slug,
  description: productFields.description.optional(),
  category_id: productFields.category_id.optional(),
  tag_ids: productFields.tag_ids.optional(),
  new_arrival: productFields.new_arrival.optional(),
  daily_deal: productFields.daily_deal.optional(),
  final_sale: productFields.final_sale.optional(),
  discount: productFields.discount.optional(),
  status: productFields.status.optional(),
  details: productFields.details.optional(),
  size_chart: productFields.size_chart.optional(),
  variants: productFields.variants.optional(),
  updated_at: z
    .string()
    .max(40)
    .optional()
    .describe(
      "The product's `updated_at` when the editor opened it: a product changed since then is not overwritten (409).",
    ),
});
export type AdminUpdateProduct = z.output<typeof adminUpdateProductSchema>;

export const adminProductsQuerySchema = z.object({
  q: z.preprocess(
    (value) => blankToUndefined(typeof value === "string" ? value.replaceAll("\u0000", "") : value),
    z.string().trim().max(100, "The search may not be longer than 100 characters.").optional(),
  ),
  status: z.preprocess(
    blankToUndefined,
    z.enum(PRODUCT_STATUSES, { error: PRODUCT_MESSAGES.status }).optional(),
  ),
  category: z.preprocess(blankToUndefined, idField("category").optional()),
  stock: z.preprocess(
    blankToUndefined,
    z.enum(STOCK_FILTERS, { error: "The selected stock filter is invalid." }).optional(),
  ),
  sort: z.preprocess(
    blankToUndefined,
    z.enum(ADMIN_PRODUCT_SORTS, { error: "The selected sort is invalid." }).default("newest"),
  ),
  page: pageField(),
});
export type AdminProductsQuery = z.output<typeof adminProductsQuerySchema>;

const statusSchema = z.enum(PRODUCT_STATUSES);

export const adminProductRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  status: statusSchema,
  category: z.object({ id: z.number().int(), name: z.string() }),
  image: z.string().nullable(),
  price: z.number().describe("Rupees: the card's price before the discount."),
  sale_price: z.number().describe("Rupees: what a shopper pays for it."),
  discount: z.number().int(),
  stock: z.number().int().describe("Every variant's stock added up."),
  variants: z.number().int(),
  low_stock_variants: z
    .number()
    .int()
    .describe("Variants with the low-stock threshold (LOW_STOCK_THRESHOLD) or less."),
  updated_at: z.string(),
});
export type AdminProductRow = z.output<typeof adminProductRowSchema>;

export const adminProductListSchema = z.object({
  data: z.array(adminProductRowSchema),
  meta: pageMetaSchema.extend({
    total_capped: z
      .boolean()
      .describe(
        `True when more than ${ADMIN_PRODUCTS_COUNT_LIMIT.toLocaleString("en")} products match: \`total\` (and ` +
          "`last_page`) then stop there, and pages past it are empty; narrow the filters or search to reach the rest.",
      ),
    low_stock_threshold: z.number().int(),
  }),
});
export type AdminProductList = z.output<typeof adminProductListSchema>;

export const adminVariantSchema = z.object({
  id: z.number().int(),
  color_id: z.number().int(),
  color_name: z.string(),
  color_code: z.string(),
  size_id: z.number().int(),
  size_name: z.string(),
  price: z.number().describe("Rupees, before the product's discount."),
  sale_price: z.number().describe("Rupees, after it."),
  stock: z.number().int(),
  sku: z.string().nullable(),
  has_orders: z.boolean().describe("Ordered at least once: it can be set to no stock, not removed."),
});
export type AdminVariant = z.output<typeof adminVariantSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  actor_email: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

export const adminProductSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  status: statusSchema,
  description: z.string().describe("Sanitised HTML."),
  category_id: z.number().int(),
  tag_ids: z.array(z.number().int()),
  new_arrival: z.boolean(),
  daily_deal: z.boolean(),
  final_sale: z.boolean().describe("Cannot be returned."),
  discount: z.number().int(),
  details: z.array(z.object({ label: z.string(), value: z.string() })),
  size_chart: sizeChartSchema
    .nullable()
    .describe("Its own size chart; null: it shows its category's (or none)."),
  price: z
    .number()
    .describe("Rupees: the card's price (the variant the product opens on), before the discount."),
  sale_price: z.number().describe("Rupees: the card's price after the discount."),
  variants: z.array(adminVariantSchema),
  images: z.array(productImageSchema),
  old_slugs: z.array(z.string()).describe("Earlier slugs; their pages redirect (301) to the current one."),
  has_orders: z.boolean().describe("Ordered at least once: DELETE archives it instead of deleting it."),
  created_at: z.string(),
  updated_at: z.string(),
  history: z.array(auditEntrySchema).describe("The product's latest changes (audit log), newest first."),
});
export type AdminProduct = z.output<typeof adminProductSchema>;

export const adminDeleteProductSchema = z.object({
  outcome: z.enum(DELETE_OUTCOMES),
  message: z.string(),
});
export type AdminDeleteProduct = z.output<typeof adminDeleteProductSchema>;

const altField = requiredText("alt text", PRODUCT_MESSAGES.altRequired, ALT_MAX);
const imageColorField = z
  .preprocess(
    (value) => (value === null || value === "" || value === "none" ? null : value),
    idField("colour").nullable(),
  )
  .describe(
    "The colour the photo shows (one the product is sold in); null or left out: no colour in particular.",
  );

/** A photo upload: multipart/form-data with the file and its fields. */
export const adminImageUploadSchema = z.object({
  image: z
    .file({
      error: (issue) =>
        issue.input === undefined || issue.input === ""
          ? PRODUCT_MESSAGES.imageRequired
          : PRODUCT_MESSAGES.imageType,
    })
    .min(1, PRODUCT_MESSAGES.imageRequired)
    .max(IMAGE_UPLOAD_MAX_BYTES, PRODUCT_MESSAGES.imageTooLarge)
    .describe(
      "A JPEG, PNG or WebP picture, at most 10 MB, at least 200 x 200 pixels (checked from its content).",
    ),
  alt: altField,
  color_id: imageColorField.default(null),
});

export const adminImageUpdateSchema = z.object({
  alt: altField.optional(),
  color_id: imageColorField.optional(),
});

export const adminImageOrderSchema = z.object({
  ids: z
    .array(idField("image"), { error: "The order must be a list of image ids." })
    .max(500, "A product may have at most 500 photos.")
    .describe("Every one of the product's photo ids, once each, in the new order."),
});

export const productImagesSchema = z.array(productImageSchema);
