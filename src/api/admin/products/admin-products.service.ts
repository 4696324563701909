import { randomBytes } from "node:crypto";
import type { Logger } from "pino";
import { isUniqueViolation } from "../../../platform/db/errors.ts";
import type { Trx } from "../../../platform/db/schema.ts";
import { UPLOADS_URL_PREFIX, uploadedPhotoUrl } from "../../../platform/images/image-urls.ts";
import { renderProductPhoto } from "../../../platform/images/render.ts";
import { inspectUpload, removeUploadedPhoto } from "../../../platform/images/uploads.ts";
import { imageKey, imageUrlOf, listAll, type Storage } from "../../../platform/storage/storage.ts";
import type {
  AdminCreateProduct,
  AdminDeleteProduct,
  AdminProduct,
  AdminProductList,
  AdminProductsQuery,
  AdminUpdateProduct,
  AdminVariantInput,
} from "../../../shared/contracts/admin-products.ts";
import type { ProductImage } from "../../../shared/contracts/catalogue.ts";
import { storedDetails, storedSizeChart } from "../../../shared/contracts/product-details.ts";
import { slugify } from "../../../shared/images.ts";
import {
  ADMIN_PRODUCTS_COUNT_LIMIT,
  ADMIN_PRODUCTS_PER_PAGE,
  PRODUCT_MESSAGES,
} from "../../../shared/product-admin.ts";
import {
  type CatalogueListener,
  catalogueWrite,
  markCatalogueChanged,
} from "../../catalogue/catalogue-write.ts";
import { countCache } from "../../catalogue/count-cache.ts";
import { sanitizeDescription } from "../../catalogue/description-html.ts";
import { Conflict, type FieldErrors, NotFound, ServiceUnavailable, ValidationFailed } from "../../errors.ts";
import { salePrice, toPaisa, toRupees } from "../../money/money.ts";
import { pageMeta } from "../../pagination.ts";
import { inDisplayOrder } from "../../products/default-variant.ts";
import type { ImageChange, productImagesService } from "../../products/product-images.service.ts";
import {
  deleteProduct,
  type GridVariant,
  insertProduct,
  updateProduct,
} from "../../products/product-writer.ts";
import { type AuditActor, recordAudit } from "../audit.ts";
import type { AdminProductsRepository } from "./admin-products.repository.ts";
import { productSnapshot, snapshotChanges } from "./product-snapshot.ts";

const NO_PRODUCT = "No Product Found";
const WRITE_ATTEMPTS = 5;
const BUSY = "Other changes to the catalogue were being saved at the same moment. Please try again.";
/** How many of a product's latest changes its page shows. */
const HISTORY_SHOWN = 20;
export const DELETED = "The product was deleted.";
export const ARCHIVED =
  "The product has orders, so it was archived instead of deleted: it is off sale, and its page says it is no longer available.";

export interface AdminProductsDeps {
  repository: AdminProductsRepository;
  images: ReturnType<typeof productImagesService>;
  /** Where uploaded photos are stored (the folder or the bucket); without it the shop cannot take uploads. */
  storage: Storage | undefined;
  lowStockThreshold: number;
  logger: Logger;
  /** Told after every committed change of a product (by `catalogueWrite`; ApiDeps.onCatalogueChanged). */
  onCatalogueChanged?: CatalogueListener;
  /** Where the list stops counting and paging (ADMIN_PRODUCTS_COUNT_LIMIT; tests use a small one). */
  countLimit?: number;
}

export interface ImageUpload {
  image: File;
  alt: string;
  color_id: number | null;
}

/** Collects field messages and throws them together, so a form shows every problem at once. */
class Problems {
  readonly errors: FieldErrors = {};
  add(field: string, message: string) {
    const list = this.errors[field] ?? [];
    if (!list.includes(message)) list.push(message);
    this.errors[field] = list;
  }
  throwAny() {
    if (Object.keys(this.errors).length > 0) throw new ValidationFailed(this.errors);
  }
}

const gridKey = (colorId: number, sizeId: number) => `${colorId}x${sizeId}`;

/**
 * The back office's products: list, read, create, edit, delete (or archive) and their photos. Every write runs
 * in one transaction with the search document, the listing's price columns and the audit entry (the catalogue
 * writer keeps the first two in step), and refuses with every field's message at once.
 */
export function adminProductsService(deps: AdminProductsDeps) {
  const { repository, images, lowStockThreshold, countLimit = ADMIN_PRODUCTS_COUNT_LIMIT } = deps;
  // Totals for a filter, dropped by any catalogue write in this process (and after 30 s): a count at 100k
  // products is the list's dearest part, and paging through one filter asks the same one again and again.
  const totals = countCache();

  /**
   * Runs a write: a `catalogueWrite`, which tells the caches once it commits (every write of a product changes
   * what its pages show). A slug or SKU that a save committing at the same moment took (a unique violation)
   * sends the write round again, which then sees it: an explicit one is refused with its field's message, a
   * made-up one moves on to the next free one. After a few rounds of that, a 409 says to try again.
   */
  async function write<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    const changing = (trx: Trx) => {
      markCatalogueChanged(trx);
      return work(trx);
    };
    for (let attempt = 1; ; attempt++) {
      try {
        return await catalogueWrite(repository.transaction, changing, deps.onCatalogueChanged);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (attempt === WRITE_ATTEMPTS) throw new Conflict(BUSY);
      }
    }
  }

  /** The variant rows of the input grid in paisa, with every problem a field can have besides uniqueness. */
  function gridOf(variants: AdminVariantInput[], problems: Problems): GridVariant[] {
    const seen = new Map<string, number>();
    const skus = new Map<string, number>();
    return variants.map((variant, index) => {
      const key = gridKey(variant.color_id, variant.size_id);
      if (seen.has(key)) problems.add(`variants.${index}.size_id`, PRODUCT_MESSAGES.variantDuplicate);
      seen.set(key, index);
      if (variant.sku !== undefined) {
        if (skus.has(variant.sku)) problems.add(`variants.${index}.sku`, PRODUCT_MESSAGES.skuRepeated);
        skus.set(variant.sku, index);
      }
      return {
        colorId: variant.color_id,
        sizeId: variant.size_id,
        price: toPaisa(variant.price),
        stock: variant.stock,
        sku: variant.sku,
        keepStock: variant.stock_was !== undefined && variant.stock_was === variant.stock,
      };
    });
  }

  /** Problems only the database can tell: unknown references, slugs and SKUs others hold, ordered variants. */
  async function checkAgainstDatabase(
    trx: Trx,
    productId: number | undefined,
    input: { slug?: string; category_id?: number; tag_ids?: number[]; variants?: AdminVariantInput[] },
    problems: Problems,
  ) {
    if (input.slug !== undefined) {
      const holder = await repository.slugHolder(input.slug, trx);
      if (holder && holder.productId !== productId) {
        problems.add("slug", holder.current ? PRODUCT_MESSAGES.slugTaken : PRODUCT_MESSAGES.slugUsedBefore);
      }
    }
    if (input.category_id !== undefined) {
      const found = await repository.existing("categories", [input.category_id], trx);
      if (!found.has(input.category_id)) problems.add("category_id", PRODUCT_MESSAGES.categoryInvalid);
    }
    if (input.tag_ids !== undefined) {
      const found = await repository.existing("tags", input.tag_ids, trx);
      for (const [index, tagId] of input.tag_ids.entries()) {
        if (!found.has(tagId)) problems.add(`tag_ids.${index}`, PRODUCT_MESSAGES.tagInvalid);
      }
    }
    if (input.variants !== undefined) {
      const variants = input.variants;
      const [colors, sizes, heldSkus] = await Promise.all([
        repository.existing("colors", [...new Set(variants.map((variant) => variant.color_id))], trx),
        repository.existing("sizes", [...new Set(variants.map((variant) => variant.size_id))], trx),
        repository.skusHeldElsewhere(
          variants.flatMap((variant) => (variant.sku === undefined ? [] : [variant.sku])),
          productId,
          trx,
        ),
      ]);
      for (const [index, variant] of variants.entries()) {
        if (!colors.has(variant.color_id))
          problems.add(`variants.${index}.color_id`, PRODUCT_MESSAGES.colorInvalid);
        if (!sizes.has(variant.size_id))
          problems.add(`variants.${index}.size_id`, PRODUCT_MESSAGES.sizeInvalid);
        if (variant.sku !== undefined && heldSkus.has(variant.sku)) {
          problems.add(`variants.${index}.sku`, PRODUCT_MESSAGES.skuTaken);
        }
      }
      if (productId !== undefined) {
        const kept = new Set(variants.map((variant) => gridKey(variant.color_id, variant.size_id)));
        for (const current of await repository.variants(productId, trx)) {
          if (current.has_orders && !kept.has(gridKey(current.color_id, current.size_id))) {
            problems.add(
              "variants",
              `${current.color_name} / ${current.size_name}: ${PRODUCT_MESSAGES.variantHasOrders}`,
            );
          }
        }
      }
    }
  }

  /** A free slug made from the title: "classic-tote", else "classic-tote-2", "-3"... */
  async function slugFromTitle(trx: Trx, title: string): Promise<string> {
    const base = slugify(title).slice(0, 100).replace(/-+$/, "") || "product";
    for (let n = 1; ; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (!(await repository.slugHolder(slug, trx))) return slug;
    }
  }

  async function snapshotOf(trx: Trx, productId: number) {
    const [product, variants, tagIds] = await Promise.all([
      repository.find(productId, trx),
      repository.variants(productId, trx),
      repository.tagIds(productId, trx),
    ]);
    if (!product) throw new NotFound(NO_PRODUCT);
    return productSnapshot({ product, variants, tagIds });
  }

  async function get(productId: number): Promise<AdminProduct> {
    const product = await repository.find(productId);
    if (!product) throw new NotFound(NO_PRODUCT);
    const [variants, tagIds, imageList, oldSlugs, history] = await Promise.all([
      repository.variants(productId),
      repository.tagIds(productId),
      images.list(productId),
      repository.oldSlugs(productId),
      repository.history(productId, HISTORY_SHOWN),
    ]);
    const ordered = inDisplayOrder(
      variants.map((variant) => ({ ...variant, has_orders: Boolean(variant.has_orders) })),
    );
    return {
      id: product.id,
      title: product.title,
      slug: product.slug,
      status: product.status,
      description: product.short_description,
      category_id: product.category_id,
      tag_ids: tagIds,
      new_arrival: product.new_arrival === 1,
      daily_deal: product.own_daily_deal === 1,
      final_sale: product.final_sale === 1,
      // The owner's own percent; the prices are what shoppers pay (a campaign may give more: decision 0048).
      discount: product.own_discount,
      details: storedDetails(product.details),
      size_chart: storedSizeChart(product.size_chart),
      price: toRupees(product.price),
      sale_price: toRupees(product.sale_price),
      variants: ordered.map((variant) => ({
        id: variant.id,
        color_id: variant.color_id,
        color_name: variant.color_name,
        color_code: variant.color_code,
        size_id: variant.size_id,
        size_name: variant.size_name,
        price: toRupees(variant.price),
        sale_price: toRupees(salePrice(variant.price, product.discount)),
        stock: variant.stock,
        sku: variant.sku,
        has_orders: variant.has_orders,
      })),
      images: imageList,
      old_slugs: oldSlugs,
      has_orders: ordered.some((variant) => variant.has_orders) || (await repository.hasOrders(productId)),
      created_at: product.created_at,
      updated_at: product.updated_at,
      history: history.map((entry) => ({
        id: entry.id,
        action: entry.action,
        actor_email: entry.actor_email,
        before: entry.before === null ? null : JSON.parse(entry.before),
        after: entry.after === null ? null : JSON.parse(entry.after),
        created_at: entry.created_at,
      })),
    };
  }

  function requireStorage(): Storage {
    if (!deps.storage) throw new ServiceUnavailable(new Error("no image storage is configured"));
    return deps.storage;
  }

  /**
   * The product's uploaded photos, removed after the product is: every image under its uploads prefix, except a
   * photo another product shows (a catalogue imported before such links were refused may point at it), which stays.
   */
  async function removeUploadsOf(productId: number) {
    const { storage } = deps;
    if (!storage) return;
    const prefix = imageKey(uploadedPhotoUrl(productId, "x")).replace(/[^/]+$/, "");
    const stored = await listAll(storage, prefix);
    const photos = stored.filter(({ key }) => key.endsWith("-800.webp")).map(({ key }) => imageUrlOf(key));
    const shared = await images.filesUsedByOthers(productId, photos);
    if (shared.size === 0) {
      await Promise.all(stored.map(({ key }) => storage.delete(key)));
      return;
    }
    for (const url of photos) if (!shared.has(url)) await removeUploadedPhoto(storage, url);
  }

  return {
    get,

    async list(query: AdminProductsQuery): Promise<AdminProductList> {
      const { page, sort, ...filter } = query;
      const perPage = ADMIN_PRODUCTS_PER_PAGE;
      const offset = (page - 1) * perPage;
      // Counted and paged up to the limit, as the shop's listing is (docs/decisions/0059-a-million-products.md):
      // a deeper page would walk every row before it.
      const inLimit = Math.min(perPage, countLimit - offset);
      const [counted, windowFull, rows] = await Promise.all([
        totals.get(JSON.stringify([filter, lowStockThreshold]), () =>
          repository.count(filter, lowStockThreshold, countLimit),
        ),
        // A search looks at its newest ADMIN_SEARCH_WINDOW documents: more found, and its count is a floor.
        filter.q !== undefined ? repository.searchWindowFull(filter.q) : false,
        inLimit > 0 ? repository.list(filter, sort, lowStockThreshold, inLimit, offset) : [],
      ]);
      const capped = counted > countLimit || windowFull;
      const total = Math.min(counted, countLimit);
      return {
        data: rows.map((row) => ({
          id: row.id,
          title: row.title,
          slug: row.slug,
          status: row.status,
          category: { id: row.category_id, name: row.category_name },
          image: row.image,
          price: toRupees(row.price),
          sale_price: toRupees(row.sale_price),
          discount: row.own_discount,
          stock: Number(row.stock ?? 0),
          variants: Number(row.variants ?? 0),
          low_stock_variants: Number(row.low_stock_variants ?? 0),
          updated_at: row.updated_at,
        })),
        meta: {
          ...pageMeta(page, perPage, rows.length, total),
          total_capped: capped,
          low_stock_threshold: lowStockThreshold,
        },
      };
    },

    async create(actor: AuditActor, input: AdminCreateProduct): Promise<AdminProduct> {
      const problems = new Problems();
      const grid = gridOf(input.variants, problems);
      const id = await write(async (trx) => {
        await checkAgainstDatabase(trx, undefined, input, problems);
        problems.throwAny();
        const slug = input.slug ?? (await slugFromTitle(trx, input.title));
        const productId = await insertProduct(trx, {
          slug,
          title: input.title,
          categoryId: input.category_id,
          shortDescription: sanitizeDescription(input.description),
          images: [],
          discount: input.discount,
          newArrival: input.new_arrival,
          dailyDeal: input.daily_deal,
          finalSale: input.final_sale,
          details: input.details,
          sizeChart: input.size_chart,
          tagIds: [...new Set(input.tag_ids)],
          variants: grid,
          status: input.status,
        });
        await recordAudit(trx, {
          actor,
          action: "product.create",
          entityType: "product",
          entityId: productId,
          after: await snapshotOf(trx, productId),
        });
        return productId;
      });
      return get(id);
    },

    async update(actor: AuditActor, productId: number, input: AdminUpdateProduct): Promise<AdminProduct> {
      const problems = new Problems();
      const grid = input.variants === undefined ? undefined : gridOf(input.variants, problems);
      await write(async (trx) => {
        const locked = await repository.lock(productId, trx);
        if (!locked) throw new NotFound(NO_PRODUCT);
        if (input.updated_at !== undefined && input.updated_at !== locked.updated_at) {
          throw new Conflict(PRODUCT_MESSAGES.stale);
        }
        await checkAgainstDatabase(trx, productId, input, problems);
        problems.throwAny();
        const before = await snapshotOf(trx, productId);
        await updateProduct(trx, productId, {
          slug: input.slug,
          title: input.title,
          categoryId: input.category_id,
          shortDescription:
            input.description === undefined ? undefined : sanitizeDescription(input.description),
          discount: input.discount,
          newArrival: input.new_arrival,
          dailyDeal: input.daily_deal,
          finalSale: input.final_sale,
          details: input.details,
          sizeChart: input.size_chart,
          status: input.status,
          tagIds: input.tag_ids === undefined ? undefined : [...new Set(input.tag_ids)],
          variants: grid,
        });
        const changes = snapshotChanges(before, await snapshotOf(trx, productId));
        if (changes) {
          await recordAudit(trx, {
            actor,
            action: "product.update",
            entityType: "product",
            entityId: productId,
            ...changes,
          });
        }
      });
      return get(productId);
    },

    /** A product with orders is archived (kept, off sale); one without is deleted with its photos. */
    async remove(actor: AuditActor, productId: number): Promise<AdminDeleteProduct> {
      const outcome = await write(async (trx) => {
        const locked = await repository.lock(productId, trx);
        if (!locked) throw new NotFound(NO_PRODUCT);
        const before = await snapshotOf(trx, productId);
        if (await repository.hasOrders(productId, trx)) {
          if (locked.status !== "archived") {
            await updateProduct(trx, productId, { status: "archived" });
            await recordAudit(trx, {
              actor,
              action: "product.archive",
              entityType: "product",
              entityId: productId,
              before: { status: before.status },
              after: { status: "archived" },
            });
          }
          return "archived" as const;
        }
        await deleteProduct(trx, productId);
        await recordAudit(trx, {
          actor,
          action: "product.delete",
          entityType: "product",
          entityId: productId,
          before,
        });
        return "deleted" as const;
      });
      if (outcome === "deleted") await removeUploadsOf(productId);
      return { outcome, message: outcome === "deleted" ? DELETED : ARCHIVED };
    },

    /**
     * Takes an uploaded photo: checked by its content, turned into the catalogue's WebP sizes, then added at the
     * end of the product's photos. Files of a refused or failed upload are removed.
     */
    async uploadImage(actor: AuditActor, productId: number, upload: ImageUpload): Promise<ProductImage> {
      const storage = requireStorage();
      if (!(await repository.find(productId))) throw new NotFound(NO_PRODUCT);
      const bytes = Buffer.from(await upload.image.arrayBuffer());
      const check = await inspectUpload(bytes);
      if (!check.ok) {
        throw ValidationFailed.field(
          "image",
          check.problem === "too-small" ? PRODUCT_MESSAGES.imageTooSmall : PRODUCT_MESSAGES.imageType,
        );
      }
      const url = uploadedPhotoUrl(productId, randomBytes(9).toString("base64url").replace(/[-_]/g, "x"));
      await renderProductPhoto(storage, bytes, url);
      try {
        return await images.add(productId, { file: url, alt: upload.alt, colorId: upload.color_id }, actor);
      } catch (error) {
        await removeUploadedPhoto(storage, url);
        throw error;
      }
    },

    reorderImages: (actor: AuditActor, productId: number, ids: number[]) =>
      images.reorder(productId, ids, actor),

    updateImage: (actor: AuditActor, productId: number, imageId: number, change: ImageChange) =>
      images.update(productId, imageId, change, actor),

    async deleteImage(actor: AuditActor, productId: number, imageId: number): Promise<void> {
      const removed = await images.remove(productId, imageId, actor);
      // Another product may show the same file (an older import could point at it): then its files stay.
      if (
        deps.storage &&
        removed.url.startsWith(UPLOADS_URL_PREFIX) &&
        !(await images.fileInUse(removed.url))
      ) {
        await removeUploadedPhoto(deps.storage, removed.url).catch((error: unknown) =>
          deps.logger.warn({ err: error, url: removed.url }, "could not remove an uploaded photo's files"),
        );
      }
    },
  };
}

export type AdminProductsService = ReturnType<typeof adminProductsService>;
