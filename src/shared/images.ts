/**
 * Image conventions shared by the API, the seed and the storefront (pure string code, safe in the browser):
 * the fallback images, the srcset of a rendered product image, and slugs. Which image a product has is data
 * (`product_images`, read through the API); nothing here derives an image URL from a product or colour name.
 */

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
 * The `src` and `srcSet` for an image URL. A rendered product image (ending `-800.webp`) has a 400 px sibling
 * ending `-400.webp`, which goes in the set; any other URL is used as it is; no URL at all falls back to
 * `fallback`.
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
