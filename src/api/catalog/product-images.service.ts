import type { ProductImage } from "../../shared/contracts/catalog.ts";
import { NotFound, ValidationFailed } from "../errors.ts";
import type { ProductImagesRepository } from "./product-images.repository.ts";

const NO_PRODUCT = "No Product Found";
const NO_IMAGE = "This image does not belong to this product.";
const ALT_MAX = 250;
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
  if (text === "") throw ValidationFailed.field("alt", "The alt text field is required.");
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

/**
 * A product's photos as the back office manages them: list, add (at the end), reorder, change the alt text,
 * remove. Every change runs in one transaction that locks the product, keeps positions 0, 1, 2... without
 * gaps, and refreshes the listing's copy of the first photos (`products.image`, `back_image`).
 */
export function productImagesService(images: ProductImagesRepository) {
  return {
    /** The product's photos in display order, or one colour's. */
    async list(productId: number, colorId?: number): Promise<ProductImage[]> {
      if (!(await images.productExists(productId))) throw new NotFound(NO_PRODUCT);
      return (await images.list(productId, colorId)).map(toProductImage);
    },

    async add(productId: number, input: NewImage): Promise<ProductImage> {
      const file = checkedFile(input.file);
      const alt = checkedAlt(input.alt);
      return images.transaction(async (trx) => {
        if (!(await images.lockProduct(productId, trx))) throw new NotFound(NO_PRODUCT);
        if (input.colorId !== null && !(await images.offersColor(productId, input.colorId, trx))) {
          throw ValidationFailed.field("color_id", "The selected colour is not offered for this product.");
        }
        const position = (await images.list(productId, undefined, trx)).length;
        const id = await images.insert({ productId, colorId: input.colorId, position, file, alt }, trx);
        await images.refreshCover(productId, trx);
        return { id, color_id: input.colorId, url: file, alt, position };
      });
    },

    /** `ids` is every one of the product's photos, once each, in the new order. */
    async reorder(productId: number, ids: readonly number[]): Promise<ProductImage[]> {
      return images.transaction(async (trx) => {
        if (!(await images.lockProduct(productId, trx))) throw new NotFound(NO_PRODUCT);
        const current = new Set((await images.list(productId, undefined, trx)).map((row) => row.id));
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
        return (await images.list(productId, undefined, trx)).map(toProductImage);
      });
    },

    async updateAlt(productId: number, imageId: number, alt: string): Promise<void> {
      const text = checkedAlt(alt);
      await images.transaction(async (trx) => {
        if (!(await images.lockProduct(productId, trx))) throw new NotFound(NO_PRODUCT);
        if (!(await images.updateAlt(productId, imageId, text, trx))) throw new NotFound(NO_IMAGE);
      });
    },

    /** Removes the photo and closes the gap it leaves. */
    async remove(productId: number, imageId: number): Promise<void> {
      await images.transaction(async (trx) => {
        if (!(await images.lockProduct(productId, trx))) throw new NotFound(NO_PRODUCT);
        if (!(await images.remove(productId, imageId, trx))) throw new NotFound(NO_IMAGE);
        const rest = await images.list(productId, undefined, trx);
        await images.setOrder(
          productId,
          rest.map((row) => row.id),
          trx,
        );
        await images.refreshCover(productId, trx);
      });
    },
  };
}
