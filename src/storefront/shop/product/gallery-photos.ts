import type { ProductDetail } from "../../../shared/contracts/catalogue.ts";
import { DEFAULT_PRODUCT_IMAGE } from "../../../shared/images.ts";
import type { GalleryPhoto } from "./product-gallery.tsx";

/**
 * The gallery's photos for the chosen colour, so its autoplay never shows another colour: that colour's own
 * photos in the shop's order; when it has none, the product's photos of no particular colour; when there are
 * none of those either, the default image (another colour's photo would show the wrong colour). With no colour
 * chosen (a product without variants), every photo.
 */
export function photosOf(
  product: Pick<ProductDetail, "images" | "title">,
  colorId: number | null,
): GalleryPhoto[] {
  const own = product.images.filter((image) => image.color_id === colorId);
  const general = product.images.filter((image) => image.color_id === null);
  const photos = colorId === null ? product.images : own.length > 0 ? own : general;
  if (photos.length === 0) return [{ url: DEFAULT_PRODUCT_IMAGE, alt: product.title }];
  return photos.map((image) => ({ url: image.url, alt: image.alt }));
}
