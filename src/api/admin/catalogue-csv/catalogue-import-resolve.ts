import type { ProductRow, Trx } from "../../../platform/db/schema.ts";
import { UPLOADS_URL_PREFIX } from "../../../platform/images/image-urls.ts";
import type { GridVariant, NewProductImage } from "../../products/product-writer.ts";
import type { AdminProductsRepository } from "../products/admin-products.repository.ts";
import type { CatalogueImportRepository } from "./catalogue-import.repository.ts";
import type { ProductPlan, RowProblem } from "./csv-rows.ts";
import type { NameKind, NameMaker } from "./name-maker.ts";

/**
 * The catalogue import's second step (catalogue-import.ts): a product's plan, as read from the file, resolved
 * against the database: its Handle, category, colours, sizes, SKUs and photos. Nothing is written here.
 */

/** A product the file refuses, with every reason (the batch goes on without it). */
export class Refused extends Error {
  readonly problems: RowProblem[];
  constructor(problems: RowProblem[]) {
    super("refused");
    this.problems = problems;
  }
}

export interface Named {
  id: number;
  name: string;
}

/** Names to rows, case-insensitively; the first row of a name wins (names are not unique in the schema). */
export function byName<T extends Named>(rows: T[], extra: (row: T) => string[] = () => []): Map<string, T> {
  const map = new Map<string, T>();
  for (const row of rows.toSorted((a, b) => a.id - b.id)) {
    for (const name of [row.name, ...extra(row)]) {
      const key = name.trim().toLowerCase();
      if (!map.has(key)) map.set(key, row);
    }
  }
  return map;
}

/** The order photos take: numbered ones by their Image Position, then the rest as the file lists them. */
function orderedImages(plan: ProductPlan) {
  const images = plan.images ?? [];
  return [
    ...images.filter((image) => image.position !== undefined).toSorted((a, b) => a.position! - b.position!),
    ...images.filter((image) => image.position === undefined),
  ];
}

/** The shop's categories, colours and sizes, read once per import, that the file's names resolve to. */
export interface ShopNames {
  categories: Named[];
  colors: Named[];
  sizes: Named[];
  /** By lower-cased name or slug. */
  categoryByName: Map<string, Named>;
  colorByName: Map<string, Named>;
  sizeByName: Map<string, Named>;
  colorName: Map<number, string>;
  sizeName: Map<number, string>;
}

export async function readShopNames(store: CatalogueImportRepository): Promise<ShopNames> {
  const { categories, colors, sizes } = await store.shopNames();
  return {
    categories,
    colors,
    sizes,
    categoryByName: byName(categories, (row) => [row.slug]),
    colorByName: byName(colors),
    sizeByName: byName(sizes),
    colorName: new Map(colors.map((row) => [row.id, row.name])),
    sizeName: new Map(sizes.map((row) => [row.id, row.name])),
  };
}

/** The first dozen names, for a message that says which names there are. */
const listOf = (rows: Named[]) =>
  rows
    .slice(0, 12)
    .map((row) => row.name)
    .join(", ") + (rows.length > 12 ? "…" : "");

/** What resolving a plan reads: the repositories, in the batch's transaction, and the shop's names. */
export interface ResolveContext {
  store: CatalogueImportRepository;
  products: AdminProductsRepository;
  names: ShopNames;
  /** Makes the colours, sizes and categories the shop lacks; undefined in a strict import (they refuse). */
  maker?: NameMaker | undefined;
}

/**
 * The file's names found among the shop's (or made by this batch); a name the shop lacks gets a placeholder (a
 * negative id) when it may be made, and is made only once the product is found to have no other problem.
 */
class Lookup {
  readonly #context: ResolveContext;
  readonly #placeholders = new Map<number, { kind: NameKind; name: string }>();
  constructor(context: ResolveContext) {
    this.#context = context;
  }

  find(kind: NameKind, name: string): Named | undefined {
    const { maker, names } = this.#context;
    if (maker) return maker.find(kind, name) ?? this.#placeholder(kind, name);
    const map = { colours: names.colorByName, sizes: names.sizeByName, categories: names.categoryByName }[
      kind
    ];
    return map.get(name.toLowerCase());
  }

  #placeholder(kind: NameKind, name: string): Named {
    for (const [id, entry] of this.#placeholders) {
      if (entry.kind === kind && entry.name.toLowerCase() === name.toLowerCase()) return { id, name };
    }
    const id = -(this.#placeholders.size + 1);
    this.#placeholders.set(id, { kind, name });
    return { id, name };
  }

  /** Makes what the placeholders stand for; answers the real id of each placeholder's. */
  async make(trx: Trx): Promise<(id: number) => number> {
    const real = new Map<number, number>();
    for (const [id, { kind, name }] of this.#placeholders) {
      real.set(id, (await this.#context.maker!.make(trx, kind, name)).id);
    }
    return (id) => real.get(id) ?? id;
  }
}

export type CurrentVariant = Awaited<ReturnType<AdminProductsRepository["variants"]>>[number];

/** "colour id x size id": a variant's place in the grid. */
export const gridKey = (colorId: number, sizeId: number) => `${colorId}x${sizeId}`;

/** A product's plan resolved against the database: every name found, every rule checked, ready to write. */
export interface ResolvedProduct {
  plan: ProductPlan;
  /** The product of the plan's Handle; undefined for a new one. */
  product: ProductRow | undefined;
  /** Its variants and tag ids as they are (none for a new product). */
  current: CurrentVariant[];
  currentTags: number[];
  currentByKey: Map<string, CurrentVariant>;
  categoryId: number;
  title: string;
  grid: GridVariant[];
  /** Undefined when the file has no Image Src column: the product keeps its photos. */
  images: NewProductImage[] | undefined;
}

/**
 * Resolves one product's plan in the batch's transaction: its Handle to the product (or a new one), its category,
 * colours and sizes to the shop's, its SKUs against other products', its photos to its colours. Throws `Refused`
 * with every reason, having written nothing.
 */
export async function resolveProduct(
  trx: Trx,
  context: ResolveContext,
  plan: ProductPlan,
): Promise<ResolvedProduct> {
  const { store, products, names } = context;
  const lookup = new Lookup(context);
  const problems: RowProblem[] = [];
  const first = plan.rows[0]!;
  const product = await store.productByHandle(plan.handle, trx);
  if (!product) {
    const redirectedTo = await store.redirectedSlug(plan.handle, trx);
    if (redirectedTo !== undefined) {
      throw new Refused([
        {
          row: first,
          reason: `Handle "${plan.handle}" is an old address of the product now at "${redirectedTo}"; use its current Handle.`,
        },
      ]);
    }
  }
  const current = product ? await products.variants(product.id, trx) : [];
  const currentTags = product ? await products.tagIds(product.id, trx) : [];
  if (!product && !plan.title) problems.push({ row: first, reason: "Title is required for a new product." });

  let categoryId = product?.category_id;
  if (plan.category) {
    const category = lookup.find("categories", plan.category);
    if (!category) {
      problems.push({
        row: first,
        reason: `Category "${plan.category}" is not one of the shop's categories (${listOf(names.categories)}).`,
      });
    } else categoryId = category.id;
  } else if (!product) problems.push({ row: first, reason: "Category is required for a new product." });

  const currentByKey = new Map(
    current.map((variant) => [gridKey(variant.color_id, variant.size_id), variant]),
  );
  const grid = resolveGrid(plan, lookup, names, currentByKey, problems);
  const givenSkus = plan.variants.flatMap((variant) => (variant.sku === undefined ? [] : [variant.sku]));
  if (givenSkus.length > 0) {
    for (const holder of await store.skuHolders(givenSkus, product?.id, trx)) {
      const variant = plan.variants.find((entry) => entry.sku === holder.sku)!;
      problems.push({
        row: variant.row,
        reason: `Variant SKU ${holder.sku} belongs to a variant of another product (Handle "${holder.slug}").`,
      });
    }
  }
  const kept = new Set(grid.map((variant) => gridKey(variant.colorId, variant.sizeId)));
  for (const variant of current) {
    if (variant.has_orders && !kept.has(gridKey(variant.color_id, variant.size_id))) {
      problems.push({
        row: first,
        reason: `${variant.color_name} / ${variant.size_name} has been ordered, so it cannot be removed: keep its row (with Variant Inventory Qty 0 to stop selling it).`,
      });
    }
  }

  const title = plan.title ?? product?.title ?? "";
  const images = resolveImages(plan, lookup, grid, title, problems, product?.id);
  if (problems.length > 0) throw new Refused(problems);
  const real = await lookup.make(trx);
  for (const variant of grid) {
    variant.colorId = real(variant.colorId);
    variant.sizeId = real(variant.sizeId);
  }
  for (const image of images ?? []) if (image.colorId !== null) image.colorId = real(image.colorId);
  categoryId = categoryId === undefined ? undefined : real(categoryId);
  return {
    plan,
    product,
    current,
    currentTags,
    currentByKey,
    categoryId: categoryId!,
    title,
    grid,
    images,
  };
}

/**
 * Why an Image Src may not be used for this product, if it may not: a photo uploaded in the back office belongs to
 * the product it was uploaded for (deleting that product deletes its files), so a file may name only this
 * product's own uploads, written plainly (no "..", "." or encoded segment could lead elsewhere).
 */
function uploadRefused(src: string, productId: number | undefined): string | null {
  if (!src.startsWith("/")) return null;
  if (/(^|\/)\.{1,2}(\/|$)|\\|%2e|%2f|%5c/i.test(src)) {
    return `Image Src "${src.slice(0, 60)}" must be written plainly, without "..", "." or encoded parts.`;
  }
  const own = productId === undefined ? null : `${UPLOADS_URL_PREFIX}products/${productId}/`;
  const uploaded = [`${UPLOADS_URL_PREFIX}products/`, `${UPLOADS_URL_PREFIX}sliders/`];
  if (uploaded.some((folder) => src.startsWith(folder)) && (own === null || !src.startsWith(own))) {
    return `Image Src "${src.slice(0, 60)}" is a photo uploaded for another product: upload the photo for this product in the back office instead.`;
  }
  return null;
}

/**
 * The product's colour x size grid from the file's variants: each one's colour and size found among the shop's,
 * and what the file leaves out (price, stock, SKU) kept from the variant as it is. Adds a problem for each miss.
 */
function resolveGrid(
  plan: ProductPlan,
  lookup: Lookup,
  names: ShopNames,
  currentByKey: Map<string, CurrentVariant>,
  problems: RowProblem[],
): GridVariant[] {
  const grid: GridVariant[] = [];
  for (const variant of plan.variants) {
    const color = lookup.find("colours", variant.colour);
    const size = lookup.find("sizes", variant.size);
    if (!color) {
      problems.push({
        row: variant.row,
        reason: `Colour "${variant.colour}" is not one of the shop's colours (${listOf(names.colors)}).`,
      });
    }
    if (!size) {
      problems.push({
        row: variant.row,
        reason: `Size "${variant.size}" is not one of the shop's sizes (${listOf(names.sizes)}).`,
      });
    }
    if (!color || !size) continue;
    const existing = currentByKey.get(gridKey(color.id, size.id));
    const price = variant.price ?? existing?.price;
    if (price === undefined) {
      problems.push({ row: variant.row, reason: "Variant Price is required for a new variant." });
      continue;
    }
    grid.push({
      colorId: color.id,
      sizeId: size.id,
      price,
      stock: variant.stock ?? existing?.stock ?? 0,
      sku: variant.sku ?? existing?.sku ?? undefined,
      keepStock: existing !== undefined && variant.stock === undefined,
    });
  }
  return grid;
}

/**
 * The product's photos from the file (undefined when the file has none: the product keeps its own), in their
 * order, each of a colour the product is sold in or of none. Adds a problem for each other colour.
 */
function resolveImages(
  plan: ProductPlan,
  lookup: Lookup,
  grid: GridVariant[],
  title: string,
  problems: RowProblem[],
  productId: number | undefined,
): NewProductImage[] | undefined {
  if (plan.images === undefined) return undefined;
  const offered = new Set(grid.map((variant) => variant.colorId));
  const images: NewProductImage[] = [];
  for (const [index, image] of orderedImages(plan).entries()) {
    const refused = uploadRefused(image.src, productId);
    if (refused) {
      problems.push({ row: image.row, reason: refused });
      continue;
    }
    let colorId: number | null = null;
    if (image.colour !== "") {
      const color = lookup.find("colours", image.colour);
      if (!color || !offered.has(color.id)) {
        problems.push({
          row: image.row,
          reason: `Image Colour "${image.colour}" is not a colour this product is sold in.`,
        });
        continue;
      }
      colorId = color.id;
    }
    images.push({ file: image.src, alt: image.alt || `${title}, photo ${index + 1}`, colorId });
  }
  return images;
}
