/**
 * The back office's product rules that the API's contract and the admin pages share (docs/decisions/0030).
 * Zod-free, so the pages' browser code may import it; the zod schemas are in contracts/admin-products.ts.
 */

export const TITLE_MAX = 200;
export const SLUG_MAX = 120;
/** Lower-case letters and digits in words joined by single hyphens: "classic-leather-tote-2". */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const DESCRIPTION_MAX = 20_000;
/** Rupees: the most a variant may cost. */
export const PRICE_MAX_RUPEES = 10_000_000;
export const STOCK_MAX = 1_000_000;
export const VARIANTS_MAX = 200;
export const TAGS_MAX = 50;
export const ALT_MAX = 250;

/** One uploaded photo: at most 10 MB, a JPEG, PNG or WebP picture (read from its bytes, not its name). */
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** What a browser may offer in its file picker; the server trusts only the file's content. */
export const IMAGE_UPLOAD_ACCEPT = "image/jpeg,image/png,image/webp";
/**
 * The request body an upload may send: the photo plus the form's other fields and multipart framing. Every other
 * request keeps the shop's 1 MB limit (docs/decisions/0016).
 */
export const IMAGE_UPLOAD_BODY_MAX_BYTES = IMAGE_UPLOAD_MAX_BYTES + 64 * 1024;

/** The back office's product list: how many rows a page shows. */
export const ADMIN_PRODUCTS_PER_PAGE = 25;
/**
 * The list counts and pages its matches up to here; past it, "10,000+" is as useful and far cheaper, as for orders
 * (docs/decisions/0059-a-million-products.md).
 */
export const ADMIN_PRODUCTS_COUNT_LIMIT = 10_000;

/**
 * A search in the list looks at the newest this many products the search index finds (and a SKU typed whole),
 * sorted as asked: past it, "1,000+" and a word more to narrow it (docs/decisions/0067-listing-facets.md).
 */
export const ADMIN_SEARCH_WINDOW = 1_000;

export const ADMIN_PRODUCT_SORTS = [
  "newest",
  "oldest",
  "title",
  "title_desc",
  "price_asc",
  "price_desc",
  "updated",
] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

export const ADMIN_PRODUCT_SORT_LABELS: Record<AdminProductSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  title: "Title A to Z",
  title_desc: "Title Z to A",
  price_asc: "Price, low to high",
  price_desc: "Price, high to low",
  updated: "Recently changed",
};

/** "low": some variant has the low-stock threshold or less; "out": every variant is sold out. */
export const STOCK_FILTERS = ["low", "out"] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

/** What DELETE did: a product with orders is archived (kept, off sale), one without is deleted. */
export const DELETE_OUTCOMES = ["deleted", "archived"] as const;
export type DeleteOutcome = (typeof DELETE_OUTCOMES)[number];

export const PRODUCT_MESSAGES = {
  titleRequired: "The title field is required.",
  slugFormat: "The slug may only contain lower-case letters, digits and single hyphens between them.",
  slugTaken: "The slug has already been taken.",
  slugUsedBefore:
    "Another product used this slug before; its old links still lead there. Choose another slug.",
  categoryInvalid: "The selected category is invalid.",
  tagInvalid: "The selected tag is invalid.",
  colorInvalid: "The selected colour is invalid.",
  sizeInvalid: "The selected size is invalid.",
  variantsRequired: "Add at least one variant: give a price to a colour and size.",
  variantDuplicate: "Each colour and size may appear only once.",
  variantHasOrders:
    "This colour and size has been ordered, so it cannot be removed. Set its stock to 0 to stop selling it.",
  skuFormat: "The SKU may only contain letters, digits, dots, hyphens and underscores.",
  skuTaken: "The SKU has already been taken.",
  skuRepeated: "Each variant needs its own SKU.",
  discount: "The discount must be a whole percent from 0 to 100.",
  status: "The selected status is invalid.",
  stale:
    "Someone changed this product after you opened it. Reload the page to see their changes, then make yours again.",
  imageRequired: "Choose a photo to upload.",
  imageTooLarge: "The photo may not be greater than 10 MB.",
  imageType: "The photo must be a JPEG, PNG or WebP picture.",
  imageTooSmall: "The photo must be at least 200 pixels wide and high.",
  altRequired: "The alt text field is required.",
  imageColor: "The selected colour is not offered for this product.",
} as const;
