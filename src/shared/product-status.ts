/**
 * Where a product stands in the shop (docs/decisions/0030-product-admin.md): a "draft" is being prepared and
 * only the back office sees it; "active" is on sale; "archived" is withdrawn but kept (it has orders), and its
 * page says it is no longer available. The database refuses any other value (migration 013). Zod-free, so
 * pages may import it without pulling zod into the browser.
 */
export const PRODUCT_STATUSES = ["draft", "active", "archived"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** The only status shoppers see: listings, search, suggestions, the sitemap, the cart and checkout. */
export const LIVE_STATUS: ProductStatus = "active";

export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = {
  draft: "Draft",
  active: "Active",
  archived: "Archived",
};
