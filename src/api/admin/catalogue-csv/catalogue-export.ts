import type { Kysely } from "kysely";
import type { Database } from "../../../platform/db/schema.ts";
import { CATALOG_CSV_COLUMNS, type CatalogCsvColumn } from "../../../shared/catalogue-csv.ts";
import { storedDetails, storedSizeChart } from "../../../shared/contracts/product-details.ts";
import { sanitizeDescription } from "../../catalogue/description-html.ts";
import { csvRecord, rupeesText } from "../../csv.ts";
import { inDisplayOrder } from "../../products/default-variant.ts";
import { exportNames, exportProductPage, exportProductParts } from "./catalogue-export.repository.ts";
import { detailsCell, sizeChartCell } from "./detail-cells.ts";

/** Products read per round of queries: the export never holds more than this many in memory. */
export const EXPORT_PAGE = 500;

const flag = (value: number) => (value === 1 ? "TRUE" : "FALSE");

function record(cells: Partial<Record<CatalogCsvColumn, string | number>>): string {
  return csvRecord(CATALOG_CSV_COLUMNS.map((column) => cells[column] ?? null));
}

/**
 * The whole catalogue as CSV (docs/catalogue-csv.md), every status, products in id order: the header, then per
 * product one row per variant in display order with the product's fields on its first row (the description as
 * the shop shows it, sanitised), its photos on its
 * rows in order (extra rows when it has more photos than variants). Yields a page of products at a time, so 100k
 * products are never in memory at once. The formula guard of `csvRecord` is on; the import takes it off again.
 */
export async function* exportCatalogue(db: Kysely<Database>): AsyncGenerator<string> {
  yield csvRecord(CATALOG_CSV_COLUMNS);
  const { categories, colors } = await exportNames(db);
  const categoryName = new Map(categories.map((row) => [row.id, row.name]));
  const colorName = new Map(colors.map((row) => [row.id, row.name]));
  for (let afterId = 0; ; ) {
    const products = await exportProductPage(db, afterId, EXPORT_PAGE);
    if (products.length === 0) return;
    const ids = products.map((product) => product.id);
    const [variants, images, tags] = await exportProductParts(db, ids);
    const grouped = <T extends { product_id: number }>(rows: T[]) => {
      const map = new Map<number, T[]>();
      for (const row of rows) map.set(row.product_id, [...(map.get(row.product_id) ?? []), row]);
      return map;
    };
    const variantsOf = grouped(variants);
    const imagesOf = grouped(images);
    const tagsOf = grouped(tags);
    const lines: string[] = [];
    for (const product of products) {
      const ordered = inDisplayOrder(variantsOf.get(product.id) ?? []);
      const photos = imagesOf.get(product.id) ?? [];
      const tagNames = (tagsOf.get(product.id) ?? []).map((tag) => tag.name).toSorted();
      for (let index = 0; index < Math.max(ordered.length, photos.length, 1); index++) {
        const variant = ordered[index];
        const photo = photos[index];
        lines.push(
          record({
            Handle: product.slug,
            ...(index === 0
              ? {
                  Title: product.title,
                  "Body (HTML)": sanitizeDescription(product.short_description),
                  Category: categoryName.get(product.category_id) ?? "",
                  Tags: tagNames.join(", "),
                  Status: product.status,
                  "New Arrival": flag(product.new_arrival),
                  "Daily Deal": flag(product.daily_deal),
                  "Final Sale": flag(product.final_sale),
                  "Discount Percent": product.discount,
                  Details: detailsCell(storedDetails(product.details)),
                  "Size Chart": sizeChartCell(storedSizeChart(product.size_chart)),
                  "Option1 Name": "Colour",
                  "Option2 Name": "Size",
                }
              : {}),
            ...(variant
              ? {
                  "Option1 Value": colorName.get(variant.color_id) ?? "",
                  "Option2 Value": variant.size_name,
                  "Variant SKU": variant.sku ?? "",
                  "Variant Price": rupeesText(variant.price),
                  "Variant Inventory Qty": variant.stock,
                }
              : {}),
            ...(photo
              ? {
                  "Image Src": photo.file,
                  "Image Alt Text": photo.alt,
                  "Image Position": index + 1,
                  "Image Colour": photo.color_id === null ? "" : (colorName.get(photo.color_id) ?? ""),
                }
              : {}),
          }),
        );
      }
    }
    yield lines.join("");
    afterId = ids.at(-1)!;
  }
}

/** The export as one string (tests, small catalogues). */
export async function exportCatalogueText(db: Kysely<Database>): Promise<string> {
  let text = "";
  for await (const chunk of exportCatalogue(db)) text += chunk;
  return text;
}
