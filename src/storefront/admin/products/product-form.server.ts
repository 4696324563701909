import type { AdminCreateProduct } from "../../../shared/contracts/admin-products.ts";
import type { ApiClient } from "../../lib/api.server.ts";
import { failureStatus, formText } from "../../ui/forms/api-errors.ts";
import { answerOf } from "./admin-api.server.ts";
import type { ProductFormFailure, ReferenceLists } from "./product-form.tsx";
import { cellField, cellKey, type ProductFormValues, readProductForm } from "./product-form-values.ts";

/**
 * The API's body for the editor's values, and which grid cell each variant came from (to put the API's
 * "variants.3.price" under the right cell). A cell with no price and no stock is a colour and size not sold.
 */
export function productBody(values: ProductFormValues) {
  const cellOfVariant: [colorId: number, sizeId: number][] = [];
  const variants: Record<string, string>[] = [];
  for (const colorId of values.colors) {
    for (const sizeId of values.sizes) {
      const cell = values.cells[cellKey(colorId, sizeId)];
      if (!cell || (cell.price === "" && cell.stock === "" && cell.sku === "")) continue;
      cellOfVariant.push([colorId, sizeId]);
      variants.push({
        color_id: String(colorId),
        size_id: String(sizeId),
        price: cell.price,
        stock: cell.stock,
        ...(cell.stockWas !== "" ? { stock_was: cell.stockWas } : {}),
        ...(cell.sku !== "" ? { sku: cell.sku } : {}),
      });
    }
  }
  const body = {
    title: values.title,
    slug: values.slug,
    description: values.description,
    category_id: values.categoryId,
    tag_ids: values.tagIds,
    new_arrival: values.newArrival,
    daily_deal: values.dailyDeal,
    final_sale: values.finalSale,
    discount: values.discount,
    status: values.status,
    details: values.details,
    variants,
    // The API's schemas read numbers from text, as they arrive from any form.
  } as unknown as AdminCreateProduct;
  return { body, cellOfVariant };
}

/**
 * The API's field messages under the editor's own field names: "variants.3.price" becomes the price of the cell
 * it came from, "tag_ids.1" the tags. The first message of each field.
 */
export function formErrors(
  errors: Record<string, string[]> | undefined,
  cellOfVariant: [number, number][],
): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const [path, messages] of Object.entries(errors ?? {})) {
    const message = messages[0];
    if (!message) continue;
    const variant = /^variants\.(\d+)\.(\w+)$/.exec(path);
    let field = path.replace(/\.\d+$/, "");
    if (variant) {
      const cell = cellOfVariant[Number(variant[1])];
      const part =
        variant[2] === "price" || variant[2] === "stock" || variant[2] === "sku" ? variant[2] : "general";
      field = cell ? cellField(cell[0], cell[1], part) : "variants";
    }
    shown[field] ??= message;
  }
  return shown;
}

/** The shop's categories, colours, sizes and tags, which the editor offers. */
export async function referenceLists(api: ApiClient): Promise<ReferenceLists> {
  const [categories, colors, sizes, tags] = await Promise.all([
    api.call("listCategories"),
    api.call("listColors"),
    api.call("listSizeNames"),
    api.call("listTags"),
  ]);
  return {
    categories: answerOf(categories),
    colors: answerOf(colors),
    sizes: answerOf(sizes),
    tags: answerOf(tags),
  };
}

/**
 * A product save through the API (create, or an edit of `productId`): the refusal as the editor shows it, or the
 * saved product's id. "Update grid" (no JavaScript) saves nothing and brings the values back with the new grid.
 */
export async function saveProduct(
  api: ApiClient,
  form: FormData,
  productId: number | null,
): Promise<{ savedId: number } | { failure: ProductFormFailure; status: number }> {
  const values = readProductForm(form);
  if (formText(form, "intent") === "grid") {
    return { failure: { ok: false, intent: "grid", message: "", errors: {}, values }, status: 200 };
  }
  const { body, cellOfVariant } = productBody(values);
  const answer =
    productId === null
      ? await api.call("adminCreateProduct", { body })
      : await api.call("adminUpdateProduct", {
          params: { id: String(productId) },
          body: { ...body, updated_at: values.updatedAt || undefined },
        });
  if (answer.ok) return { savedId: answer.data.id };
  return {
    failure: {
      ok: false,
      intent: "save",
      // A refusal of fields is said under each field; the box above the form only points there.
      message:
        answer.status === 422 && answer.data.errors
          ? "Some fields need correcting: see the messages under them."
          : answer.data.message || "The product could not be saved. Please try again.",
      errors: formErrors(answer.data.errors, cellOfVariant),
      values,
    },
    status: failureStatus(answer.status),
  };
}
