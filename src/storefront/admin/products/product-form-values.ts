import type { AdminProduct } from "../../../shared/contracts/admin-products.ts";
import type { ProductDetail } from "../../../shared/contracts/product-details.ts";
import { formatPlainAmount } from "../../../shared/money.ts";
import { formText } from "../../ui/forms/api-errors.ts";

/**
 * The product editor's values as its fields hold them (text, as typed), from a saved product or from a refused
 * submission, so nothing typed is lost. The colour x size grid is one cell per chosen colour and size.
 */
export interface GridCell {
  price: string;
  stock: string;
  /** The stock the form was opened with (a saved variant's): a cell left at it does not overwrite a sale. */
  stockWas: string;
  sku: string;
}

export interface ProductFormValues {
  title: string;
  slug: string;
  description: string;
  categoryId: string;
  tagIds: string[];
  newArrival: boolean;
  dailyDeal: boolean;
  /** Cannot be returned. */
  finalSale: boolean;
  discount: string;
  status: string;
  /** Fabric, fit, care...: the rows not left empty, in order. */
  details: ProductDetail[];
  /** Chosen colours and sizes, as ids. */
  colors: number[];
  sizes: number[];
  /** By `cellKey(colorId, sizeId)`. */
  cells: Record<string, GridCell>;
  /** The product's `updated_at` when the editor opened it (a save after someone else's is refused). */
  updatedAt: string;
}

export const cellKey = (colorId: number, sizeId: number) => `${colorId}-${sizeId}`;

/** The name of a grid cell's field: "cell.3-7.price". */
export const cellField = (colorId: number, sizeId: number, field: keyof GridCell | "sku" | "general") =>
  `cell.${cellKey(colorId, sizeId)}.${field === "stockWas" ? "stock_was" : field}`;

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  title: "",
  slug: "",
  description: "",
  categoryId: "",
  tagIds: [],
  newArrival: false,
  dailyDeal: false,
  finalSale: false,
  discount: "0",
  status: "draft",
  details: [],
  colors: [],
  sizes: [],
  cells: {},
  updatedAt: "",
};

/** A rupee amount as the price field shows it: "1250" or "1250.50", no grouping, no "Rs.". */
function priceText(rupees: number): string {
  const plain = formatPlainAmount(rupees);
  return plain.endsWith(".00") ? plain.slice(0, -3) : plain;
}

/** The editor's values for a saved product. */
export function valuesOf(product: AdminProduct): ProductFormValues {
  const colors: number[] = [];
  const sizes: number[] = [];
  const cells: Record<string, GridCell> = {};
  for (const variant of product.variants) {
    if (!colors.includes(variant.color_id)) colors.push(variant.color_id);
    if (!sizes.includes(variant.size_id)) sizes.push(variant.size_id);
    cells[cellKey(variant.color_id, variant.size_id)] = {
      price: priceText(variant.price),
      stock: String(variant.stock),
      stockWas: String(variant.stock),
      sku: variant.sku ?? "",
    };
  }
  return {
    title: product.title,
    slug: product.slug,
    description: product.description,
    categoryId: String(product.category_id),
    tagIds: product.tag_ids.map(String),
    newArrival: product.new_arrival,
    dailyDeal: product.daily_deal,
    finalSale: product.final_sale,
    discount: String(product.discount),
    status: product.status,
    details: product.details,
    colors,
    sizes,
    cells,
    updatedAt: product.updated_at,
  };
}

/** Ids from a form's repeated field ("colors", "sizes"), in order, each once, positive whole numbers only. */
function idsOf(form: FormData, name: string): number[] {
  const ids = form
    .getAll(name)
    .map((value) => (typeof value === "string" && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : 0))
    .filter((id) => id > 0);
  return [...new Set(ids)];
}

/** The detail rows as typed (label and value fields side by side), leaving out rows left empty. */
function detailsOf(form: FormData): ProductDetail[] {
  const values = form.getAll("detail_value");
  return form
    .getAll("detail_label")
    .map((label, index) => ({
      label: typeof label === "string" ? label : "",
      value: typeof values[index] === "string" ? values[index] : "",
    }))
    .filter((detail) => detail.label.trim() !== "" || detail.value.trim() !== "");
}

/** What the editor's fields say, as typed. */
export function readProductForm(form: FormData): ProductFormValues {
  const colors = idsOf(form, "colors");
  const sizes = idsOf(form, "sizes");
  const cells: Record<string, GridCell> = {};
  for (const colorId of colors) {
    for (const sizeId of sizes) {
      cells[cellKey(colorId, sizeId)] = {
        price: formText(form, cellField(colorId, sizeId, "price")).trim(),
        stock: formText(form, cellField(colorId, sizeId, "stock")).trim(),
        stockWas: formText(form, cellField(colorId, sizeId, "stockWas")).trim(),
        sku: formText(form, cellField(colorId, sizeId, "sku")).trim(),
      };
    }
  }
  return {
    title: formText(form, "title"),
    slug: formText(form, "slug"),
    description: formText(form, "description"),
    categoryId: formText(form, "category_id"),
    tagIds: idsOf(form, "tag_ids").map(String),
    newArrival: form.has("new_arrival"),
    dailyDeal: form.has("daily_deal"),
    finalSale: form.has("final_sale"),
    discount: formText(form, "discount"),
    status: formText(form, "status"),
    details: detailsOf(form),
    colors,
    sizes,
    cells,
    updatedAt: formText(form, "updated_at"),
  };
}
