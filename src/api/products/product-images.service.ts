import type { Trx } from "../../platform/db/schema.ts";
import type { ProductImage } from "../../shared/contracts/catalogue.ts";
import { ALT_MAX, PRODUCT_MESSAGES } from "../../shared/product-admin.ts";
import { type AuditActor, recordAudit } from "../admin/audit.ts";
import {
  type CatalogueListener,
  catalogueWrite,
  markCatalogueChanged,
} from "../catalogue/catalogue-write.ts";
import { NotFound, ValidationFailed } from "../errors.ts";
import type { ProductImagesRepository } from "./product-images.repository.ts";

const NO_PRODUCT = "No Product Found";
const NO_IMAGE = "This image does not belong to this product.";
const FILE_MAX = 500;

export interface NewImage {
  /** URL of the stored file: a site path (`/images/...`) or an https URL. */
  file: string;
  alt: string;
  /** The colour the photo shows, one the product is sold in; null for none in particular. */
  colorId: number | null;
}

type ImageRow = Awaited<ReturnType<ProductImagesRepository["list"]>>[number];

export function toProductImage(row: ImageRow): ProductImage {
  return { id: row.id, color_id: row.color_id, url: row.file, alt: row.alt, position: row.position };
}

function checkedAlt(alt: string): string {
  const text = alt.trim();
  if (text === "") throw ValidationFailed.field("alt", PRODUCT_MESSAGES.altRequired);
  if (text.length > ALT_MAX) {
    throw ValidationFailed.field("alt", `The alt text may not be greater than ${ALT_MAX} characters.`);
  }
  return text;
}

function checkedFile(file: string): string {
  const url = file.trim();
  if (url === "") throw ValidationFailed.field("file", "The file field is required.");
  if (url.length > FILE_MAX || !/^(\/(?!\/)|https:\/\/)\S+$/.test(url)) {
    throw ValidationFailed.field("file", "The file must be a site path or an https URL.");
  }
  return url;
}

/** A change to one image: its alt text, its colour (null: no colour in particular), or both. */
export interface ImageChange {
  alt?: string | undefined;
  colorId?: number | null | undefined;
}

/**
 * A product's photos as the back office manages them: list, add (at the end), reorder, change the alt text or
 * colour, remove. Every change runs in one transaction that locks the product, keeps positions 0, 1, 2...
 * without gaps, refreshes the listing's copy of the first photos (`products.image`, `back_image`) and, given the
 * person making it, records it in the audit log (as a change of the product).
 */
export function productImagesService(
  images: ProductImagesRepository,
  /** Told after each committed change (by `catalogueWrite`): the product's page and cards show its photos. */
  onCatalogueChanged?: CatalogueListener,
) {
  /** A change of the product's photos, in a `catalogueWrite`: every one shows on its page and cards. */
  function photoChange<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return catalogueWrite(
      images.transaction,
      (trx) => {
        markCatalogueChanged(trx);
        return work(trx);
      },
      onCatalogueChanged,
    );
  }

  /** Refuses a colour the product is not sold in. */
  async function checkColor(productId: number, colorId: number | null, trx: Trx) {
    if (colorId !== null && !(await images.offersColor(productId, colorId, trx))) {
      throw ValidationFailed.field("color_id", PRODUCT_MESSAGES.imageColor);
    }
  }

  async function audit(
    trx: Trx,
    actor: AuditActor | undefined,
    action: string,
    productId: number,
    before: unknown,
    after: unknown,
  ) {
    if (actor)
      await recordAudit(trx, { actor, action, entityType: "product", entityId: productId, before, after });
  }

  return {
    fileInUse: (file: string) => images.fileInUse(file),
    filesUsedByOthers: (productId: number, files: readonly string[]) =>
      images.filesUsedByOthers(productId, files),

    /** The product's photos in display order, or one colour's. */
    async list(productId: number, colorId?: number): Promise<ProductImage[]> {
      if (!(await images.productExists(productId))) throw new NotFound(NO_PRODUCT);
      return (await images.list(productId, colorId)).map(toProductImage);
    },

    async add(productId: number, input: NewImage, actor?: AuditActor): Promise<ProductImage> {
      const file = checkedFile(input.file);
      const alt = checkedAlt(input.alt);
      const added = await photoChange(async (trx) => {
        if (!(await images.lockProduct(productId, trx))) throw new NotFound(NO_PRODUCT);
        await checkColor(productId, input.colorId, trx);
        const position = (await images.list(productId, undefined, trx)).length;
        const id = await images.insert({ productId, colorId: input.colorId, position, file, alt }, trx);
        await images.refreshCover(productId, trx);
        const image = { id, color_id: input.colorId, url: file, alt, position };
        await audit(trx, actor, "product.image.add", productId, null, { image });
        return image;
      });
      return added;
    },

    /** `ids` is every one of the product's photos, once each, in the new order. */
    async reorder(productId: number, ids: readonly number[], actor?: AuditActor): Promise<ProductImage[]> {
      const reordered = await photoChange(async (trx) => {
        if (!(await images.lockProduct(productId, trx))) throw new NotFound(NO_PRODUCT);
        const before = (await images.list(productId, undefined, trx)).map((row) => row.id);
        const current = new Set(before);
        const complete =
          ids.length === current.size &&
          new Set(ids).size === ids.length &&
          ids.every((id) => current.has(id));
        if (!complete) {
          throw ValidationFailed.field(
            "ids",
            "The order must list each of this product's images exactly once.",
          );
        }
        await images.setOrder(productId, ids, trx);
        await images.refreshCover(productId, trx);
        await audit(trx, actor, "product.image.reorder", productId, { order: before }, { order: ids });
        return (await images.list(productId, undefined, trx)).map(toProductImage);
      });
      return reordered;
    },

    async update(
      productId: number,
      imageId: number,
      change: ImageChange,
      actor?: AuditActor,
    ): Promise<ProductImage> {
      const alt = change.alt === undefined ? undefined : checkedAlt(change.alt);
      const updated = await photoChange(async (trx) => {
        if (!(await images.lockProduct(productId, trx))) throw new NotFound(NO_PRODUCT);
        const before = (await images.list(productId, undefined, trx)).find((row) => row.id === imageId);
        if (!before) throw new NotFound(NO_IMAGE);
        if (change.colorId !== undefined) await checkColor(productId, change.colorId, trx);
        const after = {
          ...before,
          alt: alt ?? before.alt,
          color_id: change.colorId === undefined ? before.color_id : change.colorId,
        };
        await images.update(productId, imageId, { alt: after.alt, color_id: after.color_id }, trx);
        await audit(
          trx,
          actor,
          "product.image.update",
          productId,
          { image: toProductImage(before) },
          { image: toProductImage(after) },
        );
        return toProductImage(after);
      });
      return updated;
    },

    /** Removes the photo and closes the gap it leaves; answers the removed photo. */
    async remove(productId: number, imageId: number, actor?: AuditActor): Promise<ProductImage> {
      const removed = await photoChange(async (trx) => {
        if (!(await images.lockProduct(productId, trx))) throw new NotFound(NO_PRODUCT);
        const before = (await images.list(productId, undefined, trx)).find((row) => row.id === imageId);
        if (!before || !(await images.remove(productId, imageId, trx))) throw new NotFound(NO_IMAGE);
        const rest = await images.list(productId, undefined, trx);
        await images.setOrder(
          productId,
          rest.map((row) => row.id),
          trx,
        );
        await images.refreshCover(productId, trx);
        await audit(trx, actor, "product.image.remove", productId, { image: toProductImage(before) }, null);
        return toProductImage(before);
      });
      return removed;
    },
  };
}
