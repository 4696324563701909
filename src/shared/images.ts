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

/** A mobile slide's address, on the shop (`/images/…`) or under a public image base (S3_PUBLIC_URL + `/images/…`). */
const SLIDE_MOBILE = /^((?:https?:\/\/[^?#]*)?\/images\/(?:uploads\/)?sliders\/[^/?#]+-mobile)\.webp$/;

/**
 * The AVIF twin of a rendered mobile slide (`/images/sliders/slide-1-mobile.webp` ->
 * `/images/sliders/slide-1-mobile.avif`, the same for uploaded slides), or null for any other URL. The mobile
 * slide is the home page's largest paint on a phone; as AVIF it is about half the bytes of the WebP at the same
 * look, which on a slow connection is a round trip less (decision 34). The renderer writes it beside every mobile
 * slide it makes and, at start, for slides made before it; browsers without AVIF keep the WebP.
 */
export function slideMobileAvifUrl(url: string): string | null {
  const match = SLIDE_MOBILE.exec(url);
  return match ? `${match[1]}.avif` : null;
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
