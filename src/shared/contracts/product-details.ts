import { z } from "zod";
import { hasNul } from "./fields.ts";

/**
 * A product's details and size charts (docs/decisions/0063-product-details-and-size-charts.md): an ordered list
 * of labelled attributes (Fabric, Fit, Care and any other), and a size chart (a titled table) kept on a category
 * for its products or on a product, which then overrides its category's.
 */

export const DETAILS_MAX = 20;
export const DETAIL_LABEL_MAX = 40;
export const DETAIL_VALUE_MAX = 300;
/** Offered in the back office's form; any other label is allowed. */
export const SUGGESTED_DETAIL_LABELS = ["Fabric", "Fit", "Care", "Material", "Lining", "Closure"] as const;

export const SIZE_CHART_TITLE_MAX = 80;
export const SIZE_CHART_NOTE_MAX = 120;
export const SIZE_CHART_COLUMNS_MAX = 10;
export const SIZE_CHART_ROWS_MAX = 30;
export const SIZE_CHART_CELL_MAX = 40;

const text = (label: string, max: number, required: string) =>
  z
    .string({ error: `The ${label} must be text.` })
    .trim()
    .min(1, required)
    .max(max, `The ${label} may not be longer than ${max} characters.`)
    .refine((value) => !hasNul(value), `The ${label} contains a character that is not allowed.`);

const optional = (label: string, max: number) =>
  z.preprocess(
    (value) => (value === undefined || value === null ? "" : value),
    z
      .string({ error: `The ${label} must be text.` })
      .trim()
      .max(max, `The ${label} may not be longer than ${max} characters.`)
      .refine((value) => !hasNul(value), `The ${label} contains a character that is not allowed.`),
  );

export const productDetailSchema = z.object({
  label: text("detail's label", DETAIL_LABEL_MAX, "Each detail needs a label, like Fabric."),
  value: text("detail's value", DETAIL_VALUE_MAX, "Each detail needs a value, like Lawn."),
});
export type ProductDetail = z.output<typeof productDetailSchema>;

export const productDetailsSchema = z
  .array(productDetailSchema, { error: "The details must be a list." })
  .max(DETAILS_MAX, `A product may have at most ${DETAILS_MAX} details.`)
  .refine(
    (details) => new Set(details.map((detail) => detail.label.toLowerCase())).size === details.length,
    "Each detail's label may be given once.",
  )
  .describe("Label and value pairs in the order shoppers see them (Fabric: Lawn, Fit: Regular, Care: ...).");

const cell = text("size chart's cell", SIZE_CHART_CELL_MAX, "Every cell of the size chart needs a value.");

const sizeChartFields = z.object({
  title: optional("size chart's title", SIZE_CHART_TITLE_MAX).describe('Blank shows "Size chart".'),
  note: optional("size chart's note", SIZE_CHART_NOTE_MAX).describe(
    'The unit and how to measure, e.g. "Measurements in inches".',
  ),
  columns: z
    .array(
      text("size chart's heading", SIZE_CHART_CELL_MAX, "Every column of the size chart needs a heading."),
      { error: "The size chart's headings must be a list." },
    )
    .min(2, "A size chart needs at least two columns (the size and one measurement).")
    .max(SIZE_CHART_COLUMNS_MAX, `A size chart may have at most ${SIZE_CHART_COLUMNS_MAX} columns.`),
  rows: z
    .array(z.array(cell, { error: "Each row of the size chart must be a list of cells." }), {
      error: "The size chart's rows must be a list.",
    })
    .min(1, "A size chart needs at least one row.")
    .max(SIZE_CHART_ROWS_MAX, `A size chart may have at most ${SIZE_CHART_ROWS_MAX} rows.`),
});

export const sizeChartSchema = sizeChartFields.refine(
  (chart) => chart.rows.every((row) => row.length === chart.columns.length),
  {
    message: "Every row of the size chart must have one cell per column.",
    path: ["rows"],
  },
);
export type SizeChart = z.output<typeof sizeChartSchema>;

/** What a write takes: a chart, or null to remove it. */
export const sizeChartInputSchema = sizeChartSchema
  .nullable()
  .describe("The size chart (a title, a note, column headings and rows of cells); null removes it.");

export const productSizeChartSchema = sizeChartFields
  .extend({
    source: z
      .enum(["product", "category"])
      .describe("Whether the chart is the product's own or its category's (the nearest one up the tree)."),
  })
  .nullable()
  .describe("The size chart that applies to the product; null when none does.");
export type ProductSizeChart = z.output<typeof productSizeChartSchema>;

/** A stored JSON column read back; anything unreadable reads as nothing. */
export function storedDetails(json: string | null | undefined): ProductDetail[] {
  const parsed = productDetailsSchema.safeParse(parseJson(json));
  return parsed.success ? parsed.data : [];
}

export function storedSizeChart(json: string | null | undefined): SizeChart | null {
  const parsed = sizeChartSchema.safeParse(parseJson(json));
  return parsed.success ? parsed.data : null;
}

function parseJson(json: string | null | undefined): unknown {
  if (!json) return null;
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}
