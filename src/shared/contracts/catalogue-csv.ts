import { z } from "zod";
import {
  CATALOG_CSV_COLUMNS,
  CATALOG_CSV_MAX_BYTES,
  CATALOG_CSV_MAX_ROWS,
  CATALOG_CSV_MESSAGES,
} from "../catalogue-csv.ts";

/** The catalogue's CSV import and export (docs/catalogue-csv.md, docs/decisions/0032-catalogue-csv.md). */

/** A form's checkbox: on (or 1, true, yes) is true; absent or blank is false. */
const checkbox = z.preprocess(
  (value) =>
    value === undefined || value === ""
      ? false
      : ["on", "1", "true", "yes"].includes(String(value).toLowerCase()),
  z.boolean(),
);

export const catalogueImportSchema = z.object({
  file: z
    .file({ error: CATALOG_CSV_MESSAGES.fileRequired })
    .min(1, CATALOG_CSV_MESSAGES.fileRequired)
    .max(CATALOG_CSV_MAX_BYTES, CATALOG_CSV_MESSAGES.tooLarge)
    .describe(
      `A catalogue CSV (UTF-8), at most ${CATALOG_CSV_MAX_BYTES / 1024 / 1024} MB and ${CATALOG_CSV_MAX_ROWS} rows; columns in docs/catalogue-csv.md.`,
    ),
  dry_run: checkbox.describe(
    "Check the file and answer the report without saving anything (a form's checkbox: on).",
  ),
  strict: checkbox.describe(
    "Refuse a product naming a colour, size or category the shop does not have, instead of creating it " +
      "(a form's checkbox: on).",
  ),
});
export type CatalogueImportInput = z.output<typeof catalogueImportSchema>;

const counts = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
});

export const catalogueImportReportSchema = z.object({
  dry_run: z.boolean().describe("True when nothing was saved: the report says what an import would do."),
  message: z.string(),
  products: counts.describe("Products (Handles) of the file by what happened to them."),
  rows: counts
    .extend({ total: z.number().int() })
    .describe("The file's rows (the header not counted), each counted with its product."),
  rejections: z
    .array(
      z.object({
        row: z.number().int().describe("The row as a spreadsheet numbers it: the header is row 1."),
        handle: z.string(),
        reason: z.string(),
      }),
    )
    .describe("Why each refused product was refused, row by row; nothing of a refused product was saved."),
  created_tags: z
    .array(z.string())
    .describe("Tags the file named that the shop did not have, created by it."),
  created: z
    .object({ colours: z.array(z.string()), sizes: z.array(z.string()), categories: z.array(z.string()) })
    .describe(
      "Colours, sizes and categories the file named that the shop did not have: created (or, in a dry run, " +
        "that would be). Always empty when `strict`.",
    ),
  notes: z
    .array(z.object({ row: z.number().int(), handle: z.string(), note: z.string() }))
    .describe(
      "How a product's options, compare-at prices or stock were read when not as the shop's own export writes " +
        "them (Shopify's Material option folded into the size, its Default Title, a discount from compare-at prices).",
    ),
});
export type CatalogueImportReport = z.output<typeof catalogueImportReportSchema>;

export const catalogueCsvSchema = z
  .string()
  .describe(
    `RFC 4180 CSV (UTF-8, CRLF), one row per variant (extra rows for photos beyond the variants), every product ` +
      `whatever its status, in id order: ${CATALOG_CSV_COLUMNS.join(", ")}. It imports back as it is.`,
  );
