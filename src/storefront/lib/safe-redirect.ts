/** A base no real address has: a target that resolves to another origin left the site. */
const SITE = "http://site.invalid";

/** How many layers of percent-encoding a target is checked through ("%252F" is "/" encoded twice). */
const DECODE_LAYERS = 3;

/** A path on this site as written: "/…", but not "//…" or "/\…" (protocol-relative to browsers), no controls. */
function looksLocal(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return false;
  // Browsers drop tabs and newlines from URLs, which would turn "/\t/evil.example" into "//evil.example".
  return ![...path].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127);
}

/**
 * The page a URL shows, as the shopper would type it: path, query and fragment, without React Router's data
 * request details (the `.data` suffix, `_routes` and an empty `index` parameter).
 */
export function pagePath(url: URL): string {
  const pathname = url.pathname.endsWith("/_.data")
    ? url.pathname.slice(0, -"_.data".length)
    : url.pathname.replace(/\.data$/, "");
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  if (search.get("index") === "") search.delete("index");
  const query = search.toString();
  return `${pathname || "/"}${query ? `?${query}` : ""}${url.hash}`;
}

/** A local path whose dot segments ("/.", "/..") also resolve to a local path: "/x/..//evil.example" does not. */
function resolvesLocal(path: string): boolean {
  if (!looksLocal(path)) return false;
  try {
    const url = new URL(path, SITE);
    return url.origin === SITE && looksLocal(url.pathname);
  } catch {
    return false;
  }
}

/**
 * A path that stays local however many times it is percent-decoded ("%252F" is "/" encoded twice) and however
 * its dot segments are resolved, at every layer.
 */
function staysLocal(path: string): boolean {
  let decoded = path;
  if (!resolvesLocal(decoded)) return false;
  for (let layer = 0; layer < DECODE_LAYERS; layer += 1) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return false;
    }
    if (next === decoded) return true;
    if (!resolvesLocal(next)) return false;
    decoded = next;
  }
  return true;
}

/**
 * Where to go after login or register: the `redirect` target when it is a page on this site, otherwise the
 * dashboard. Targets that leave the site, written plainly or percent-encoded ("/%2F/evil.example",
 * "/%5Cevil.example"), are refused; a data request's URL is turned back into its page's.
 *
 * What is returned is checked too, not only what was written: URL normalisation resolves dot segments, so
 * "/.//evil.example", "/x/..//evil.example" and "/%2e%2e//evil.example" all look local as written and become
 * the protocol-relative "//evil.example" once normalised.
 */
export function safeRedirect(
  target: FormDataEntryValue | string | null | undefined,
  fallback = "/user-dashboard",
): string {
  if (typeof target !== "string") return fallback;
  const written = target.trim();
  if (!staysLocal(written)) return fallback;
  let url: URL;
  try {
    url = new URL(written, SITE);
  } catch {
    return fallback;
  }
  if (url.origin !== SITE) return fallback;
  const path = pagePath(url);
  return staysLocal(path) ? path : fallback;
}

/** The login page that brings the shopper back to `path` afterwards. */
export function loginHref(path: string): string {
  return `/user-login?redirect=${encodeURIComponent(path)}`;
}
