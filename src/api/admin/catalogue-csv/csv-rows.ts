import {
  CATALOG_CSV_COLUMNS,
  CATALOG_CSV_MAX_ROWS,
  CATALOG_CSV_MESSAGES,
  CATALOG_CSV_PRODUCT_COLUMNS,
  type CatalogCsvColumn,
  SHOPIFY_CSV_COLUMNS,
} from "../../../shared/catalogue-csv.ts";
import { SIZE_NAME_MAX } from "../../../shared/catalogue-settings.ts";
import type { ProductDetail, SizeChart } from "../../../shared/contracts/product-details.ts";
import { parseRupees } from "../../../shared/money.ts";
import {
  ALT_MAX,
  DESCRIPTION_MAX,
  PRICE_MAX_RUPEES,
  SLUG_MAX,
  SLUG_PATTERN,
  STOCK_MAX,
  TAGS_MAX,
  TITLE_MAX,
  VARIANTS_MAX,
} from "../../../shared/product-admin.ts";
import { PRODUCT_STATUSES, type ProductStatus } from "../../../shared/product-status.ts";
import { normaliseSku, SKU_MAX, SKU_PATTERN } from "../../../shared/sku.ts";
import { CsvSyntaxError, parseCsv, unguarded } from "../../csv.ts";
import { toPaisa } from "../../money/money.ts";
import { readDetailsCell, readSizeChartCell } from "./detail-cells.ts";
import { layoutNote, optionLayout, optionValues } from "./option-layout.ts";

/**
 * The catalogue CSV read into products (docs/catalogue-csv.md): rows grouped by Handle, each product's fields taken
 * from whichever of its rows gives them, every cell checked. Nothing here reads the database: names of
 * categories, colours, sizes and tags are resolved by the import service.
 */

/** A problem with the file as a whole (no header, too many rows, broken quoting): nothing is imported. */
export class CsvFileError extends Error {
  override name = "CsvFileError";
}

export interface RowProblem {
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: number;
  reason: string;
}

export interface VariantPlan {
  row: number;
  colour: string;
  size: string;
  /** Normalised; undefined: keep the variant's SKU, or make one. */
  sku: string | undefined;
  /** Paisa; undefined: keep the variant's price (an existing variant only). */
  price: number | undefined;
  /** Undefined: keep the variant's stock (0 for a new one). */
  stock: number | undefined;
  /** Paisa, from `Variant Compare At Price` (a Shopify export): the price before the discount. */
  compareAt?: number | undefined;
}

export interface ImagePlan {
  row: number;
  src: string;
  /** Blank: "Title, photo N". */
  alt: string;
  /** 1-based; undefined: after the numbered ones, in file order. */
  position: number | undefined;
  /** Blank: a photo of no particular colour. */
  colour: string;
}

/**
 * A product-level value: undefined when the file has no such column (the product keeps what it has), null when
 * the column is there but every row of the product left it blank.
 */
type Given<T> = T | null | undefined;

export interface ProductPlan {
  handle: string;
  /** The product's rows, in file order. */
  rows: number[];
  title: Given<string>;
  body: Given<string>;
  category: Given<string>;
  tags: Given<string[]>;
  status: Given<ProductStatus>;
  newArrival: Given<boolean>;
  dailyDeal: Given<boolean>;
  finalSale: Given<boolean>;
  discount: Given<number>;
  details: Given<ProductDetail[]>;
  /** The product's own chart; null (a blank cell) removes it. */
  sizeChart: Given<SizeChart>;
  variants: VariantPlan[];
  /** Undefined when the file has no Image Src column: the product keeps its photos. */
  images: ImagePlan[] | undefined;
  /** Any problem rejects the whole product. */
  problems: RowProblem[];
  /** How the file's options, prices or stock were read when not as the shop's own export writes them. */
  notes: RowProblem[];
}

export interface ReadFile {
  products: ProductPlan[];
  /** Data rows read (the header not counted). */
  rowCount: number;
}

const COLUMN_ALIASES: Record<string, CatalogCsvColumn> = {
  ...Object.fromEntries(
    [...CATALOG_CSV_COLUMNS, ...SHOPIFY_CSV_COLUMNS].map((column) => [column.toLowerCase(), column]),
  ),
  slug: "Handle",
  "image color": "Image Colour",
  discount: "Discount Percent",
  "discount %": "Discount Percent",
  featured: "New Arrival",
  final_sale: "Final Sale",
};

const PRODUCT_COLUMNS = CATALOG_CSV_PRODUCT_COLUMNS;
type ProductColumn = (typeof PRODUCT_COLUMNS)[number];

const VARIANT_COLUMNS = [
  "Option1 Value",
  "Option2 Value",
  "Option3 Value",
  "Variant Compare At Price",
  "Variant SKU",
  "Variant Price",
  "Variant Inventory Qty",
] as const satisfies readonly CatalogCsvColumn[];

const WHOLE = /^\d+$/;
const IMAGE_SRC = /^(\/(?!\/)|https?:\/\/)\S+$/;
const IMAGE_SRC_MAX = 500;
const TAG_MAX = 100;

const BOOLEANS: Record<string, boolean> = {
  true: true,
  yes: true,
  y: true,
  "1": true,
  false: false,
  no: false,
  n: false,
  "0": false,
};

type Cells = Partial<Record<CatalogCsvColumn, string>>;

/** Reads the header: known columns by name (any case, a few aliases), others ignored; Handle is required. */
function readHeader(fields: string[]): Map<number, CatalogCsvColumn> {
  const columns = new Map<number, CatalogCsvColumn>();
  const seen = new Set<CatalogCsvColumn>();
  for (const [index, name] of fields.entries()) {
    const column = COLUMN_ALIASES[name.trim().toLowerCase()];
    if (!column) continue;
    if (seen.has(column)) throw new CsvFileError(`The header names the column "${column}" twice.`);
    seen.add(column);
    columns.set(index, column);
  }
  if (!seen.has("Handle")) {
    throw new CsvFileError(
      `The first row must be the header, naming the columns (at least "Handle"); see docs/catalogue-csv.md. Found: ${fields.slice(0, 5).join(", ")}.`,
    );
  }
  return columns;
}

/** A price cell in paisa, or the reason it is not one. */
export function parsePrice(text: string, column = "Variant Price"): number | string {
  const reason = `${column} must be a number of rupees like 1499 or 1499.50 (found "${text}").`;
  const rupees = parseRupees(text, { strict: true });
  if (rupees === undefined) return reason;
  if (!(rupees > 0)) return `${column} must be more than Rs. 0.`;
  if (rupees > PRICE_MAX_RUPEES)
    return `${column} may not be more than Rs. ${PRICE_MAX_RUPEES.toLocaleString("en-US")}.`;
  return toPaisa(rupees);
}

function wholeNumber(column: string, text: string, max: number): number | string {
  if (!WHOLE.test(text) || Number(text) > max) {
    return `${column} must be a whole number from 0 to ${max.toLocaleString("en-US")} (found "${text}").`;
  }
  return Number(text);
}

/** The tags of a Tags cell: comma-separated, trimmed, blanks dropped, each once (whatever its case). */
export function splitTags(text: string): string[] {
  const tags = new Map<string, string>();
  for (const part of text.split(",")) {
    const tag = part.trim().replace(/\s+/g, " ");
    if (tag !== "" && !tags.has(tag.toLowerCase())) tags.set(tag.toLowerCase(), tag);
  }
  return [...tags.values()];
}

/** One product-level cell checked; a string result is a problem. */
function productValue(column: ProductColumn, text: string): { value: unknown } | string {
  switch (column) {
    case "Title":
      return text.length > TITLE_MAX
        ? `Title may not be longer than ${TITLE_MAX} characters.`
        : { value: text };
    case "Body (HTML)":
      return text.length > DESCRIPTION_MAX
        ? `Body (HTML) may not be longer than ${DESCRIPTION_MAX.toLocaleString("en-US")} characters.`
        : { value: text };
    case "Category":
      return { value: text };
    case "Tags": {
      const tags = splitTags(text);
      if (tags.length > TAGS_MAX) return `Tags may list at most ${TAGS_MAX} tags.`;
      const long = tags.find((tag) => tag.length > TAG_MAX);
      return long
        ? `A tag may not be longer than ${TAG_MAX} characters ("${long.slice(0, 20)}…").`
        : { value: tags };
    }
    case "Status": {
      const status = text.toLowerCase();
      return (PRODUCT_STATUSES as readonly string[]).includes(status)
        ? { value: status }
        : `Status must be draft, active or archived (found "${text}").`;
    }
    case "New Arrival":
    case "Daily Deal":
    case "Final Sale": {
      const flag = BOOLEANS[text.toLowerCase()];
      return flag === undefined ? `${column} must be TRUE or FALSE (found "${text}").` : { value: flag };
    }
    case "Discount Percent": {
      const discount = wholeNumber("Discount Percent", text.replace(/\s*%$/, ""), 100);
      return typeof discount === "string" ? discount : { value: discount };
    }
    case "Details": {
      const details = readDetailsCell(text);
      return typeof details === "string" ? details : { value: details };
    }
    case "Size Chart": {
      const chart = readSizeChartCell(text);
      return typeof chart === "string" ? chart : { value: chart };
    }
  }
}

const PLAN_KEYS: Record<ProductColumn, keyof ProductPlan> = {
  Title: "title",
  "Body (HTML)": "body",
  Category: "category",
  Tags: "tags",
  Status: "status",
  "New Arrival": "newArrival",
  "Daily Deal": "dailyDeal",
  "Final Sale": "finalSale",
  "Discount Percent": "discount",
  Details: "details",
  "Size Chart": "sizeChart",
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Groups the rows of one Handle into a product: its fields, variants and photos, and every problem found. */
function planProduct(handle: string, rows: { row: number; cells: Cells }[], present: Set<CatalogCsvColumn>) {
  const plan: ProductPlan = {
    handle,
    rows: rows.map((entry) => entry.row),
    title: undefined,
    body: undefined,
    category: undefined,
    tags: undefined,
    status: undefined,
    newArrival: undefined,
    dailyDeal: undefined,
    finalSale: undefined,
    discount: undefined,
    details: undefined,
    sizeChart: undefined,
    variants: [],
    images: present.has("Image Src") ? [] : undefined,
    problems: [],
    notes: [],
  };
  const problem = (row: number, reason: string) => plan.problems.push({ row, reason });
  if (handle.length > SLUG_MAX || !SLUG_PATTERN.test(handle)) {
    problem(
      rows[0]!.row,
      `Handle "${handle}" must be lower-case letters, digits and single hyphens between them (at most ${SLUG_MAX} characters).`,
    );
  }
  for (const column of PRODUCT_COLUMNS) {
    if (!present.has(column)) continue;
    let found: { row: number; value: unknown } | undefined;
    for (const { row, cells } of rows) {
      const text = cells[column] ?? "";
      if (text === "") continue;
      const checked = productValue(column, text);
      if (typeof checked === "string") {
        problem(row, checked);
        continue;
      }
      if (found && !same(found.value, checked.value)) {
        problem(
          row,
          `${column} differs from row ${found.row} of the same Handle; give it once, or the same on every row.`,
        );
        continue;
      }
      found ??= { row, value: checked.value };
    }
    (plan as unknown as Record<string, unknown>)[PLAN_KEYS[column]] = found ? found.value : null;
  }
  if (!present.has("Category") && (present.has("Product Category") || present.has("Type"))) {
    plan.category = shopifyCategory(rows.map((entry) => entry.cells));
  }
  const slots = optionLayout(rows.map((entry) => entry.cells));
  const seenVariants = new Map<string, number>();
  const seenSkus = new Map<string, number>();
  for (const { row, cells } of rows) {
    for (const [column, text] of Object.entries(cells)) {
      // No shop text holds a NUL byte, and PostgreSQL cannot even store one.
      if (text.includes("\u0000")) problem(row, `${column} holds a NUL character, which no text may hold.`);
    }
    const isVariant = VARIANT_COLUMNS.some((column) => (cells[column] ?? "") !== "");
    if (isVariant) {
      const { colour, size, missing, tooLong } = optionValues(slots, cells);
      for (const { column, what } of missing) {
        problem(
          row,
          what === "colour"
            ? `${column} (the colour) is required on a variant's row.`
            : `${column} (the size) is required on a variant's row (use "One Size" for none).`,
        );
      }
      if (tooLong)
        problem(row, `The size "${size.slice(0, 40)}" may not be longer than ${SIZE_NAME_MAX} characters.`);
      const key = `${colour.toLowerCase()}\u0000${size.toLowerCase()}`;
      if (colour !== "" && size !== "") {
        const earlier = seenVariants.get(key);
        if (earlier !== undefined) problem(row, `${colour} / ${size} is already on row ${earlier}.`);
        else seenVariants.set(key, row);
      }
      const skuText = cells["Variant SKU"] ?? "";
      let sku: string | undefined;
      if (skuText !== "") {
        sku = normaliseSku(skuText);
        if (sku.length > SKU_MAX || !SKU_PATTERN.test(sku)) {
          problem(
            row,
            `Variant SKU may only contain letters, digits, dots, hyphens and underscores (at most ${SKU_MAX}).`,
          );
        } else if (seenSkus.has(sku)) {
          problem(row, `Variant SKU ${sku} is already on row ${seenSkus.get(sku)}.`);
        } else seenSkus.set(sku, row);
      }
      const priceText = cells["Variant Price"] ?? "";
      let price: number | undefined;
      if (priceText !== "") {
        const parsed = parsePrice(priceText);
        if (typeof parsed === "string") problem(row, parsed);
        else price = parsed;
      }
      const compareText = cells["Variant Compare At Price"] ?? "";
      let compareAt: number | undefined;
      if (compareText !== "") {
        const parsed = parsePrice(compareText, "Variant Compare At Price");
        if (typeof parsed === "string") problem(row, parsed);
        else compareAt = parsed;
      }
      const stockText = cells["Variant Inventory Qty"] ?? "";
      let stock: number | undefined;
      if (/^-\d+$/.test(stockText)) {
        // Shopify lets stock go below zero (oversold); the shop has none to sell.
        stock = 0;
        plan.notes.push({ row, reason: `Variant Inventory Qty ${stockText} is imported as 0.` });
      } else if (stockText !== "") {
        const parsed = wholeNumber("Variant Inventory Qty", stockText, STOCK_MAX);
        if (typeof parsed === "string") problem(row, parsed);
        else stock = parsed;
      }
      plan.variants.push({ row, colour, size, sku, price, stock, compareAt });
    }
    const src = cells["Image Src"] ?? "";
    const imageCells = ["Image Alt Text", "Image Position", "Image Colour"] as const;
    if (src === "") {
      if (imageCells.some((column) => (cells[column] ?? "") !== "")) {
        problem(row, "Image Alt Text, Image Position and Image Colour need an Image Src on the same row.");
      }
    } else {
      if (src.length > IMAGE_SRC_MAX || !IMAGE_SRC.test(src)) {
        problem(
          row,
          `Image Src must be a site path (/images/…) or an http(s):// URL (found "${src.slice(0, 60)}").`,
        );
      }
      const alt = cells["Image Alt Text"] ?? "";
      if (alt.length > ALT_MAX) problem(row, `Image Alt Text may not be longer than ${ALT_MAX} characters.`);
      const positionText = cells["Image Position"] ?? "";
      let position: number | undefined;
      if (positionText !== "") {
        if (!/^[1-9]\d{0,3}$/.test(positionText)) {
          problem(row, `Image Position must be a whole number from 1 (found "${positionText}").`);
        } else position = Number(positionText);
      }
      plan.images?.push({ row, src, alt, position, colour: cells["Image Colour"] ?? "" });
    }
  }
  if (plan.variants.length === 0) {
    problem(
      rows[0]!.row,
      `Handle "${handle}" has no variant rows: give at least one row with a colour, a size and a price.`,
    );
  }
  if (plan.variants.length > VARIANTS_MAX) {
    problem(
      rows[0]!.row,
      `Handle "${handle}" has ${plan.variants.length} variants; a product may have at most ${VARIANTS_MAX}.`,
    );
  }
  const note = layoutNote(slots, plan.variants[0]);
  if (note && plan.variants.length > 0) plan.notes.unshift({ row: plan.variants[0]!.row, reason: note });
  if (present.has("Variant Compare At Price") && !present.has("Discount Percent")) compareAtDiscount(plan);
  const positions = new Map<number, number>();
  for (const image of plan.images ?? []) {
    if (image.position === undefined) continue;
    const earlier = positions.get(image.position);
    if (earlier !== undefined)
      problem(image.row, `Image Position ${image.position} is already on row ${earlier}.`);
    else positions.set(image.position, image.row);
  }
  plan.problems.sort((a, b) => a.row - b.row);
  return plan;
}

/** A Shopify export's category: the last part of `Product Category` ("… > Handbags"), else `Type`; null for none. */
function shopifyCategory(rows: Cells[]): string | null {
  const first = (column: CatalogCsvColumn) =>
    rows.map((cells) => cells[column] ?? "").find((text) => text !== "");
  const path = first("Product Category");
  const last = path
    ?.split(">")
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .at(-1);
  return last ?? first("Type") ?? null;
}

/** The whole percent `price` is below `compareAt`. */
const percentOff = (price: number, compareAt: number) => Math.round((1 - price / compareAt) * 100);

/**
 * A Shopify export's `Variant Compare At Price` as the shop's discount (decision 0065): the shop has one percent
 * per product, so the first variant with a compare-at price above its price gives it, every variant's price becomes
 * the price before the discount (its compare-at price, or its price raised to the whole rupee so that the discount
 * gives it back), and the report says when variants had other percents. No compare-at price: no discount.
 */
function compareAtDiscount(plan: ProductPlan) {
  const first = plan.variants.find(
    (variant) =>
      variant.price !== undefined && variant.compareAt !== undefined && variant.compareAt > variant.price,
  );
  const percent = first ? Math.min(99, Math.max(0, percentOff(first.price!, first.compareAt!))) : 0;
  plan.discount = percent;
  if (!first || percent === 0) return;
  let differs = false;
  for (const variant of plan.variants) {
    if (variant.price === undefined) continue;
    if (variant.compareAt !== undefined && variant.compareAt > variant.price) {
      differs ||= percentOff(variant.price, variant.compareAt) !== percent;
      variant.price = variant.compareAt;
    } else {
      differs = true;
      variant.price = Math.round(variant.price / (1 - percent / 100) / 100) * 100;
    }
  }
  plan.notes.push({
    row: first.row,
    reason: `Discount ${percent}% from the compare-at price of row ${first.row}; prices are the compare-at prices${differs ? ". Variants with another percent (or none) now sell at this one" : ""}.`,
  });
}

/**
 * Reads a catalogue CSV: the header, then every row grouped by Handle (first appearance decides the order), with
 * each product's problems. Throws `CsvFileError` when the file as a whole cannot be read.
 */
export function readCatalogueCsv(text: string): ReadFile {
  let columns: Map<number, CatalogCsvColumn> | undefined;
  const present = new Set<CatalogCsvColumn>();
  const groups = new Map<string, { row: number; cells: Cells }[]>();
  const orphans: RowProblem[] = [];
  let rowCount = 0;
  try {
    let row = 0;
    for (const record of parseCsv(text)) {
      row += 1;
      if (!columns) {
        columns = readHeader(record.fields);
        for (const column of columns.values()) present.add(column);
        continue;
      }
      rowCount += 1;
      if (rowCount > CATALOG_CSV_MAX_ROWS) throw new CsvFileError(CATALOG_CSV_MESSAGES.tooManyRows);
      const cells: Cells = {};
      for (const [index, column] of columns) {
        const field = record.fields[index];
        if (field !== undefined) cells[column] = unguarded(field.trim());
      }
      const handle = (cells.Handle ?? "").toLowerCase();
      if (handle === "") {
        orphans.push({
          row,
          reason: "Handle is required on every row (it says which product the row belongs to).",
        });
        continue;
      }
      const group = groups.get(handle) ?? [];
      group.push({ row, cells });
      groups.set(handle, group);
    }
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw new CsvFileError(`The file is not valid CSV: ${error.message}`);
    throw error;
  }
  if (!columns || rowCount === 0) throw new CsvFileError(CATALOG_CSV_MESSAGES.empty);
  const products = [...groups].map(([handle, rows]) => planProduct(handle, rows, present));
  if (orphans.length > 0) {
    products.push({
      ...planProduct("", [{ row: orphans[0]!.row, cells: {} }], new Set()),
      rows: orphans.map((orphan) => orphan.row),
      problems: orphans,
      notes: [],
    });
  }
  markSharedSkus(products);
  return { products, rowCount };
}

/** A SKU given to variants of two products of the file: the later product is refused. */
function markSharedSkus(products: ProductPlan[]) {
  const owner = new Map<string, { handle: string; row: number }>();
  for (const product of products) {
    for (const variant of product.variants) {
      if (variant.sku === undefined) continue;
      const first = owner.get(variant.sku);
      if (first && first.handle !== product.handle) {
        product.problems.push({
          row: variant.row,
          reason: `Variant SKU ${variant.sku} is also on row ${first.row} (Handle "${first.handle}"); each variant needs its own SKU.`,
        });
      } else if (!first) owner.set(variant.sku, { handle: product.handle, row: variant.row });
    }
  }
}
