import { z } from "zod";
import {
  CATEGORY_NAME_MAX,
  CATEGORY_SLUG_MAX,
  COLOR_NAME_MAX,
  CATALOGUE_MESSAGES as M,
  REORDER_MAX,
  SIZE_NAME_MAX,
  SLIDER_TITLE_MAX,
  SLIDER_URL_MAX,
  SWATCH_PATTERN,
  TAG_NAME_MAX,
} from "../catalogue-settings.ts";
import { IMAGE_UPLOAD_MAX_BYTES, SLUG_PATTERN } from "../product-admin.ts";
import { parseShopTime } from "../shop-time.ts";
import { idField, optionalText, requiredText } from "./fields.ts";
import { sizeChartInputSchema, sizeChartSchema } from "./product-details.ts";

/**
 * The back office's catalogue settings (docs/decisions/0031-catalogue-settings.md): categories (nested, ordered),
 * colours (name and swatch), sizes (ordered), tags and the home page's slides, under /api/admin/catalogue.
 */

const nameField = (label: string, max: number) => requiredText(label, M.nameRequired, max);

/** A parent id, or none: null, "" or "none" (a form's "Top level") mean the top. */
const parentField = z
  .preprocess((value) => (value === "" || value === "none" ? null : value), idField("parent").nullable())
  .describe("The category it sits under; null for a top-level category.");

const slugField = z
  .preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z
      .string({ error: "The slug must be text." })
      .trim()
      .toLowerCase()
      .max(CATEGORY_SLUG_MAX, `The slug may not be greater than ${CATEGORY_SLUG_MAX} characters.`)
      .regex(SLUG_PATTERN, M.slugFormat)
      .optional(),
  )
  .describe("The category's address (/shop/<slug>); left out or blank: made from the name.");

export const adminCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  parent_id: z.number().int().nullable(),
  position: z.number().int(),
  depth: z.number().int().describe("0 for a top-level category, 1 under it, and so on."),
  products: z.number().int().describe("Products in this category itself (not its subcategories)."),
  size_chart: sizeChartSchema
    .nullable()
    .describe(
      "Its size chart, shown on its products and its subcategories' (a product's own chart comes first); null for none.",
    ),
});
export type AdminCategory = z.output<typeof adminCategorySchema>;
export const adminCategoryListSchema = z.object({
  data: z
    .array(adminCategorySchema)
    .describe("Every category, each followed by its subcategories, in order."),
});

export const adminCreateCategorySchema = z.object({
  name: nameField("name", CATEGORY_NAME_MAX),
  slug: slugField,
  parent_id: parentField.default(null),
});
export const adminUpdateCategorySchema = z.object({
  name: nameField("name", CATEGORY_NAME_MAX).optional(),
  slug: slugField,
  parent_id: parentField.optional(),
  size_chart: sizeChartInputSchema.optional(),
});
export type AdminCategoryInput = z.output<typeof adminUpdateCategorySchema>;

const idList = (label: string) =>
  z
    .array(idField(label), { error: "The order must be a list of ids." })
    .min(1, "The order must be a list of ids.")
    .max(REORDER_MAX, `The order may name at most ${REORDER_MAX} rows.`);

export const adminCategoryOrderSchema = z.object({
  parent_id: parentField.default(null),
  ids: idList("category").describe("Every category under `parent_id`, in their new order."),
});

const swatchField = z
  .string({ error: (issue) => (issue.input === undefined ? M.swatchRequired : M.swatch) })
  .trim()
  .min(1, M.swatchRequired)
  .regex(SWATCH_PATTERN, M.swatch)
  .toLowerCase()
  .describe("The swatch: a colour code like #1f2a44.");

export const adminColorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  variants: z.number().int().describe("Variants sold in this colour."),
  products: z.number().int().describe("Products with a variant in this colour."),
});
export type AdminColor = z.output<typeof adminColorSchema>;
export const adminColorListSchema = z.object({ data: z.array(adminColorSchema) });
export const adminCreateColorSchema = z.object({
  name: nameField("name", COLOR_NAME_MAX),
  code: swatchField,
});
export const adminUpdateColorSchema = adminCreateColorSchema.partial();

export const adminSizeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  variants: z.number().int(),
  products: z.number().int(),
});
export type AdminSize = z.output<typeof adminSizeSchema>;
export const adminSizeListSchema = z.object({ data: z.array(adminSizeSchema) });
export const adminSizeInputSchema = z.object({ name: nameField("name", SIZE_NAME_MAX) });
export const adminOrderSchema = z.object({ ids: idList("row").describe("Every row, in the new order.") });

export const adminTagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  products: z.number().int(),
});
export type AdminTag = z.output<typeof adminTagSchema>;
export const adminTagListSchema = z.object({ data: z.array(adminTagSchema) });
export const adminTagInputSchema = z.object({ name: nameField("name", TAG_NAME_MAX) });

/** A moment as `parseShopTime` (src/shared/shop-time.ts) reads it; blank or null: no limit. */
const momentField = z
  .preprocess(
    (value) => (value === null || (typeof value === "string" && value.trim() === "") ? null : value),
    z
      .string({ error: M.date })
      .trim()
      .transform((text, ctx) => {
        const parsed = parseShopTime(text);
        if (parsed === undefined) {
          ctx.addIssue({ code: "custom", message: M.date });
          return z.NEVER;
        }
        return parsed;
      })
      .nullable(),
  )
  .describe("An ISO time, or a date and time in the shop's time (UTC+5); blank or null: no limit.");

const urlField = requiredText("link", M.urlRequired, SLIDER_URL_MAX)
  .refine((value) => /^(https?:\/\/[^\s/]+[^\s]*|\/(?!\/)[^\s]*)$/i.test(value), M.url)
  .describe(
    "Where the slide leads (opens in a new tab): https://…, or a page of this shop such as /shop/bags.",
  );

const slideImageField = z
  .file({
    error: (issue) => (issue.input === undefined || issue.input === "" ? M.imageRequired : M.imageType),
  })
  .min(1, M.imageRequired)
  .max(IMAGE_UPLOAD_MAX_BYTES, M.imageTooLarge)
  .describe(
    "A JPEG, PNG or WebP picture, at most 10 MB, at least 200 x 200 pixels (checked from its content); the " +
      "desktop (1600 x 600) and mobile (800 x 1000) images are cut from it.",
  );

/** A form's empty file input sends an empty file: that means "keep the current picture". */
const optionalSlideImage = z.preprocess(
  (value) => (value instanceof File && value.size === 0 && value.name === "" ? undefined : value),
  slideImageField.optional(),
);

/** The phone's own picture (issue 35 item 9): optional; without it the phone's image is cut from `image`. */
const phoneSlideImage = z
  .preprocess(
    (value) => (value instanceof File && value.size === 0 && value.name === "" ? undefined : value),
    z
      .file({ error: () => M.imageType })
      .min(1, M.imageRequired)
      .max(IMAGE_UPLOAD_MAX_BYTES, M.imageTooLarge)
      .optional(),
  )
  .describe(
    "Optional: a picture of its own for phones (a JPEG, PNG or WebP, at most 10 MB, at least 200 x 200; the " +
      "800 x 1000 image is cut from it). Without it the phone's image is cut from `image`.",
  );

export const adminSliderSchema = z.object({
  id: z.number().int(),
  title: z.string().describe("What the slide shows, for the back office and as the picture's description."),
  url: z.string(),
  image: z.string(),
  image_mobile: z.string(),
  position: z.number().int(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  showing: z.boolean().describe("Whether the home page shows it now."),
});
export type AdminSlider = z.output<typeof adminSliderSchema>;
export const adminSliderListSchema = z.object({ data: z.array(adminSliderSchema) });

export const adminCreateSliderSchema = z.object({
  image: slideImageField,
  image_mobile: phoneSlideImage,
  title: optionalText("title", SLIDER_TITLE_MAX),
  url: urlField,
  starts_at: momentField.default(null),
  ends_at: momentField.default(null),
});
export const adminUpdateSliderSchema = z.object({
  image: optionalSlideImage,
  image_mobile: phoneSlideImage,
  title: optionalText("title", SLIDER_TITLE_MAX).optional(),
  url: urlField.optional(),
  starts_at: momentField.optional(),
  ends_at: momentField.optional(),
});
export type AdminSliderInput = z.output<typeof adminUpdateSliderSchema>;
