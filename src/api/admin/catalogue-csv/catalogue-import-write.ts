import type { ProductRow, Trx } from "../../../platform/db/schema.ts";
import type { ImportOutcome } from "../../../shared/catalogue-csv.ts";
import {
  type ProductDetail,
  type SizeChart,
  storedDetails,
  storedSizeChart,
} from "../../../shared/contracts/product-details.ts";
import type { ProductStatus } from "../../../shared/product-status.ts";
import { sanitizeDescription } from "../../catalogue/description-html.ts";
import { toRupees } from "../../money/money.ts";
import { insertProduct, updateProduct } from "../../products/product-writer.ts";
import { type AuditActor, recordAudit } from "../audit.ts";
import type { AdminProductsRepository } from "../products/admin-products.repository.ts";
import { type ProductSnapshot, productSnapshot, snapshotChanges } from "../products/product-snapshot.ts";
import type { CatalogueImportRepository } from "./catalogue-import.repository.ts";
import { byName, gridKey, type ResolveContext, type ResolvedProduct } from "./catalogue-import-resolve.ts";

/**
 * The catalogue import's third step (catalogue-import.ts): a resolved product written in its batch's
 * transaction, through the catalogue writer, with its missing tags made and an audit entry.
 */

const sameList = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Tag ids for the file's tag names, creating the missing tags. Remembers the tags it created for the report; a
 * batch that fails puts back what it had before (`restore`), its tags having been rolled back with it.
 */
export function tagMaker(store: CatalogueImportRepository) {
  const created = new Map<string, string>();
  return {
    /** Lower-cased name to name, in the order they were made. */
    created,

    async idsFor(trx: Trx, names: string[]): Promise<number[]> {
      if (names.length === 0) return [];
      const existing = byName(
        await store.tagsNamed(
          names.map((name) => name.toLowerCase()),
          trx,
        ),
      );
      const ids: number[] = [];
      for (const name of names) {
        let tag = existing.get(name.toLowerCase());
        if (!tag) {
          tag = { id: await store.insertTag(name, trx), name };
          existing.set(name.toLowerCase(), tag);
          if (!created.has(name.toLowerCase())) created.set(name.toLowerCase(), name);
        }
        ids.push(tag.id);
      }
      return [...new Set(ids)].toSorted((a, b) => a - b);
    },

    saved: () => new Map(created),

    restore(saved: Map<string, string>) {
      created.clear();
      for (const [key, name] of saved) created.set(key, name);
    },
  };
}

/** What resolving and writing the products of one import share. */
export interface ImportContext extends ResolveContext {
  tags: ReturnType<typeof tagMaker>;
  actor: AuditActor;
}

/**
 * Writes one resolved product in the batch's transaction through the catalogue writer, making its missing tags,
 * and audit-logs it: created, updated, or unchanged (nothing written) when the file says what the shop has.
 */
export async function writeProduct(
  trx: Trx,
  context: ImportContext,
  resolved: ResolvedProduct,
): Promise<ImportOutcome> {
  const { plan, product } = resolved;
  const tagIds =
    plan.tags === undefined ? resolved.currentTags : await context.tags.idsFor(trx, plan.tags ?? []);
  const description =
    plan.body === undefined ? (product?.short_description ?? "") : sanitizeDescription(plan.body ?? "");
  const status: ProductStatus = plan.status ?? product?.status ?? "draft";
  const fields: ProductFields = {
    title: resolved.title,
    categoryId: resolved.categoryId,
    shortDescription: description,
    discount: plan.discount ?? product?.own_discount ?? 0,
    newArrival: plan.newArrival ?? (product ? product.new_arrival === 1 : false),
    dailyDeal: plan.dailyDeal ?? (product ? product.own_daily_deal === 1 : false),
    finalSale: plan.finalSale ?? (product ? product.final_sale === 1 : false),
    details: plan.details === undefined ? storedDetails(product?.details) : (plan.details ?? []),
    sizeChart: plan.sizeChart === undefined ? storedSizeChart(product?.size_chart) : (plan.sizeChart ?? null),
    status,
    tagIds,
  };
  return product
    ? updateExisting(trx, context, { ...resolved, product }, fields)
    : createNew(trx, context, resolved, fields);
}

/** A product's own fields as the catalogue writer takes them. */
interface ProductFields {
  title: string;
  categoryId: number;
  shortDescription: string;
  discount: number;
  newArrival: boolean;
  dailyDeal: boolean;
  finalSale: boolean;
  details: ProductDetail[];
  sizeChart: SizeChart | null;
  status: ProductStatus;
  tagIds: number[];
}

async function createNew(
  trx: Trx,
  context: ImportContext,
  resolved: ResolvedProduct,
  fields: ProductFields,
): Promise<ImportOutcome> {
  const productId = await insertProduct(trx, {
    slug: resolved.plan.handle,
    ...fields,
    images: resolved.images ?? [],
    variants: resolved.grid,
  });
  await recordAudit(trx, {
    actor: context.actor,
    action: "product.create",
    entityType: "product",
    entityId: productId,
    after: { ...(await snapshotOf(trx, context.products, productId)), source: "csv import" },
  });
  return "created";
}

/** Compares the product with what the file wants and writes only a difference. */
async function updateExisting(
  trx: Trx,
  context: ImportContext,
  resolved: ResolvedProduct & { product: ProductRow },
  fields: ProductFields,
): Promise<ImportOutcome> {
  const { product, grid, images, currentByKey } = resolved;
  const { colorName, sizeName } = context.names;
  const before = productSnapshot({ product, variants: resolved.current, tagIds: resolved.currentTags });
  const wanted: ProductSnapshot = {
    title: fields.title,
    slug: product.slug,
    status: fields.status,
    description: fields.shortDescription,
    category_id: fields.categoryId,
    tag_ids: fields.tagIds,
    new_arrival: fields.newArrival,
    daily_deal: fields.dailyDeal,
    final_sale: fields.finalSale,
    discount: fields.discount,
    details: fields.details,
    size_chart: fields.sizeChart,
    variants: Object.fromEntries(
      grid.map((variant) => {
        const existing = currentByKey.get(gridKey(variant.colorId, variant.sizeId));
        return [
          `${colorName.get(variant.colorId)} / ${sizeName.get(variant.sizeId)}`,
          {
            // A new variant without a SKU gets one made: a change either way.
            sku: variant.sku ?? null,
            price: toRupees(variant.price),
            stock: variant.keepStock ? existing!.stock : variant.stock,
          },
        ];
      }),
    ),
  };
  const currentImages = images === undefined ? undefined : await context.store.images(product.id, trx);
  const imagesChanged =
    images !== undefined &&
    !sameList(
      currentImages?.map((image) => [image.file, image.alt, image.colorId]),
      images.map((image) => [image.file, image.alt, image.colorId]),
    );
  const fieldChanges = snapshotChanges(before, wanted);
  if (!fieldChanges && !imagesChanged) return "unchanged";

  await updateProduct(trx, product.id, {
    ...fields,
    variants: grid,
    ...(imagesChanged ? { images } : {}),
  });
  const changes = snapshotChanges(before, await snapshotOf(trx, context.products, product.id)) ?? {
    before: {},
    after: {},
  };
  if (imagesChanged) {
    changes.before.images = currentImages?.map((image) => image.file);
    changes.after.images = images?.map((image) => image.file);
  }
  await recordAudit(trx, {
    actor: context.actor,
    action: "product.update",
    entityType: "product",
    entityId: product.id,
    before: changes.before,
    after: { ...changes.after, source: "csv import" },
  });
  return "updated";
}

async function snapshotOf(trx: Trx, products: AdminProductsRepository, productId: number) {
  const [product, variants, tagIds] = await Promise.all([
    products.find(productId, trx),
    products.variants(productId, trx),
    products.tagIds(productId, trx),
  ]);
  return productSnapshot({ product: product!, variants, tagIds });
}
