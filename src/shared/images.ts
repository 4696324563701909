/**
 * Image URL conventions shared by the API, the seed and the storefront (pure string code, safe in the browser).
 *
 * Product images are stored as WebP in two square widths. The URL kept in the database is the 800 px file,
 * `/images/products/<product-slug>/<color-slug>-<front|back>-800.webp`; the 400 px sibling is the same path
 * ending in `-400.webp`. The `/images/` prefix maps to the images directory on disk.
 */

export const IMAGE_URL_PREFIX = "/images/";

/** Widths every product image is rendered at, smallest first. */
export const PRODUCT_IMAGE_WIDTHS = [400, 800] as const;
export type ProductImageWidth = (typeof PRODUCT_IMAGE_WIDTHS)[number];
export type ProductImageView = "front" | "back";

/** Shown when a product has no image of its own. */
export const DEFAULT_PRODUCT_IMAGE = "/images/defaults/product.webp";
/** Shown in a product card until its image has loaded (light neutral). */
export const PLACEHOLDER_IMAGE = "/images/defaults/placeholder.webp";
/** Shown for a user without a picture. */
export const DEFAULT_AVATAR = "/images/defaults/avatar.webp";

export interface ImageVariants {
  src: string;
  /** `srcSet` for an <img> when the image has sized siblings, otherwise undefined. */
  srcSet: string | undefined;
}

const SIZED = /-800\.webp$/;

/**
 * The `src` and `srcSet` for an image URL. A product image URL (ending `-800.webp`) gets its 400 px sibling
 * in the set; any other URL is used as it is; no URL at all falls back to `fallback`.
 */
export function imageVariants(
  url: string | null | undefined,
  fallback: string = DEFAULT_PRODUCT_IMAGE,
): ImageVariants {
  const src = url && url.trim() !== "" ? url : fallback;
  if (!SIZED.test(src)) return { src, srcSet: undefined };
  const small = src.replace(SIZED, "-400.webp");
  return { src, srcSet: `${small} 400w, ${src} 800w` };
}

/** The URL of one rendered product image (by default the 800 px file, the one stored in the database). */
export function productImageUrl(
  productSlug: string,
  colorSlug: string,
  view: ProductImageView,
  width: ProductImageWidth = 800,
): string {
  return `${IMAGE_URL_PREFIX}products/${productSlug}/${colorSlug}-${view}-${width}.webp`;
}

/** The URL of a home-page banner slide (1-based), desktop 1600x600 or mobile 800x1000. */
export function sliderImageUrl(slide: number, layout: "desktop" | "mobile"): string {
  return `${IMAGE_URL_PREFIX}sliders/slide-${slide}-${layout}.webp`;
}

/** "Blush Pink" -> "blush-pink": the slug used for colours, categories and products. */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
