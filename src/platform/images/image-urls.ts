/**
 * Where the renderer writes product and banner images, and the URL each file is served at. The seed stores
 * these URLs in `product_images` and `sliders`; everything else reads them from the database, never guesses.
 *
 * Product images are WebP in two square widths. The URL stored is the 800 px file,
 * `/images/products/<product-slug>/<color-slug>-<front|back>-800.webp`; the 400 px sibling is the same path
 * ending in `-400.webp` (`imageVariants` in shared builds the srcset from that). The `/images/` prefix maps to
 * the images directory on disk.
 */

export const IMAGE_URL_PREFIX = "/images/";

/** Widths every product image is rendered at, smallest first. */
export const PRODUCT_IMAGE_WIDTHS = [400, 800] as const;
export type ProductImageWidth = (typeof PRODUCT_IMAGE_WIDTHS)[number];
export type ProductImageView = "front" | "back";

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

/** Where the back office's uploaded photos live: their own folder, apart from the drawn catalogue's files. */
export const UPLOADS_URL_PREFIX = `${IMAGE_URL_PREFIX}uploads/`;

/**
 * The URL of an uploaded photo of a product (the 800 px file; the 400 px sibling ends `-400.webp`), named by a
 * random `name` so a new upload never replaces a file a cached page still shows.
 */
export function uploadedPhotoUrl(productId: number, name: string, width: ProductImageWidth = 800): string {
  return `${UPLOADS_URL_PREFIX}products/${productId}/${name}-${width}.webp`;
}

/**
 * The URLs of an uploaded home-page slide's two images (desktop 1600x600, mobile 800x1000), named by a random
 * `name` so a replaced picture never keeps a cached page's file.
 */
export function uploadedSlideUrls(name: string): { desktop: string; mobile: string } {
  return {
    desktop: `${UPLOADS_URL_PREFIX}sliders/${name}-desktop.webp`,
    mobile: `${UPLOADS_URL_PREFIX}sliders/${name}-mobile.webp`,
  };
}

/**
 * The URL of an uploaded blog post's cover (1600 x 600, the desktop slide's size), named by a random `name` so a
 * replaced cover never keeps a cached page's file.
 */
export function uploadedCoverUrl(name: string): string {
  return `${UPLOADS_URL_PREFIX}posts/${name}-desktop.webp`;
}
