import { slugify } from "./images.ts";

/**
 * Stock-keeping units (docs/decisions/0030-product-admin.md): one per variant, unique in the shop, stored in
 * upper case. A variant the owner gives none gets `defaultSku` of its product, colour and size
 * ("CLASSIC-TOTE-BLACK-ONE-SIZE"). Zod-free: the back office's form and the API read the same rules.
 */
export const SKU_MAX = 64;
export const SKU_PATTERN = /^[A-Z0-9][A-Z0-9._-]*$/;

/** What is stored for what someone typed: trimmed, upper case. */
export function normaliseSku(text: string): string {
  return text.trim().toUpperCase();
}

/** The SKU a variant gets when none is given: its product slug, colour and size, cut to `SKU_MAX`. */
export function defaultSku(productSlug: string, colorName: string, sizeName: string): string {
  const sku = slugify(`${productSlug} ${colorName} ${sizeName}`).toUpperCase();
  return sku.slice(0, SKU_MAX).replace(/-+$/, "");
}
