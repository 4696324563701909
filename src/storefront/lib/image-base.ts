/**
 * S3_PUBLIC_URL (docs/decisions/0055-object-storage.md): with a public bucket or CDN in front of it, the shop's pages
 * point their images at that base instead of the shop's own `/images/`, so the bytes never pass through the shop.
 * The addresses are rewritten once, where the API's answers enter the storefront (its client), so every
 * component, preload and `srcset` follows without knowing; the API itself keeps answering `/images/…`.
 */

const IMAGE_PATH = /^\/images\/[^\s]*$/;

/** `value` with every string that is an `/images/…` address prefixed by `base` (arrays and objects walked). */
export function withImageBase<T>(value: T, base: string): T {
  if (typeof value === "string") return (IMAGE_PATH.test(value) ? `${base}${value}` : value) as T;
  if (Array.isArray(value)) return value.map((item) => withImageBase(item, base)) as T;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = withImageBase(item, base);
    return out as T;
  }
  return value;
}
