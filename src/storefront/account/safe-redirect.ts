/**
 * Where to go after login or register: the `redirect` target when it is a path on this site, otherwise the
 * dashboard. "//evil.example" and "/\evil.example" are protocol-relative to browsers, so they are refused.
 */
export function safeRedirect(
  target: FormDataEntryValue | string | null | undefined,
  fallback = "/user-dashboard",
): string {
  if (typeof target !== "string") return fallback;
  const path = target.trim();
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  // Browsers drop tabs and newlines from URLs, which would turn "/\t/evil.example" into "//evil.example".
  if ([...path].some((char) => char.charCodeAt(0) < 32)) return fallback;
  return path;
}

/** The login page that brings the shopper back to `path` afterwards. */
export function loginHref(path: string): string {
  return `/user-login?redirect=${encodeURIComponent(path)}`;
}
