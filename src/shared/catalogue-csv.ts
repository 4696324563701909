/**
 * The catalogue's CSV (docs/catalogue-csv.md, docs/decisions/0032-catalogue-csv.md): one row per variant,
 * Shopify-style columns. Shared by the API (import, export), the CLI and the back office's import page.
 */

/** The product's own columns: given on any one of its rows (the export writes them on the first). */
export const CATALOG_CSV_PRODUCT_COLUMNS = [
  "Title",
  "Body (HTML)",
  "Category",
  "Tags",
  "Status",
  "New Arrival",
  "Daily Deal",
  "Final Sale",
  "Discount Percent",
  "Details",
  "Size Chart",
] as const;

/** The columns in the order the export writes them; the import finds them by name, in any order and case. */
export const CATALOG_CSV_COLUMNS = [
  "Handle",
  ...CATALOG_CSV_PRODUCT_COLUMNS,
  "Option1 Name",
  "Option1 Value",
  "Option2 Name",
  "Option2 Value",
  "Variant SKU",
  "Variant Price",
  "Variant Inventory Qty",
  "Image Src",
  "Image Alt Text",
  "Image Position",
  "Image Colour",
] as const;
/**
 * Columns a Shopify product export has that the shop's own export does not write: read on import only
 * (docs/decisions/0065-shopify-import.md). `Product Category` (its last part) or `Type` give the category when
 * there is no Category column; `Variant Compare At Price` gives the discount.
 */
export const SHOPIFY_CSV_COLUMNS = [
  "Product Category",
  "Type",
  "Option3 Name",
  "Option3 Value",
  "Variant Compare At Price",
] as const;

/** Every column the import reads. */
export type CatalogCsvColumn = (typeof CATALOG_CSV_COLUMNS)[number] | (typeof SHOPIFY_CSV_COLUMNS)[number];

/** The largest file the import reads, and the most rows (besides the header). */
export const CATALOG_CSV_MAX_BYTES = 10 * 1024 * 1024;
export const CATALOG_CSV_MAX_ROWS = 50_000;
/** What a request carrying the file may weigh: the file and a little form around it. */
export const CATALOG_CSV_BODY_MAX_BYTES = CATALOG_CSV_MAX_BYTES + 64 * 1024;

export const CATALOG_CSV_MESSAGES = {
  tooLarge: `The file is too large: a catalogue CSV may be at most ${CATALOG_CSV_MAX_BYTES / 1024 / 1024} MB. Split it into several files.`,
  tooManyRows: `The file has too many rows: a catalogue CSV may have at most ${CATALOG_CSV_MAX_ROWS.toLocaleString("en-PK")} rows besides the header. Split it into several files.`,
  fileRequired: "Choose a CSV file to import.",
  notUtf8:
    'The file must be UTF-8 text. In Excel choose "CSV UTF-8 (Comma delimited)" when saving; in Google Sheets, download it as CSV.',
  empty: "The file is empty: it needs a header row and at least one row of products.",
} as const;

/** How each product of the file ended. */
export const IMPORT_OUTCOMES = ["created", "updated", "unchanged", "rejected"] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];
