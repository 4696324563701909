/**
 * A change the page reports as done must be done (issue 34). Once hydrated, the shop's forms post through React
 * Router's fetchers, and the page shows the change at once (a pressed heart counts in the header, a stepper's
 * quantity): but a full navigation right after (a link, the address bar, a reload) cancels every request the page
 * still has in flight, and the save was lost while the page had shown it saved.
 *
 * React Router sends an action with the window's `fetch` (`/<path>.data`, POST) and has no option for it, so the
 * browser's `fetch` is wrapped: a same-origin write to a `.data` URL with a small text body goes with
 * `keepalive: true`, which lets the request outlive the page that sent it (the browser finishes it after the
 * navigation). Bodies past `KEEPALIVE_MAX_BYTES` (a browser refuses keepalive requests that together exceed 64 KB)
 * and files go as before: those are forms whose page waits for the answer anyway.
 */

/** The largest body sent with keepalive: every heart, cart and wishlist change is far smaller. */
export const KEEPALIVE_MAX_BYTES = 8 * 1024;

const encoder = new TextEncoder();

/** The body's size in bytes when it is text (a string, URL-encoded or multipart fields without files). */
function textBodyBytes(body: BodyInit | null | undefined): number | undefined {
  if (body === null || body === undefined) return 0;
  if (typeof body === "string") return encoder.encode(body).byteLength;
  if (body instanceof URLSearchParams) return encoder.encode(body.toString()).byteLength;
  if (body instanceof FormData) {
    let bytes = 0;
    for (const [name, value] of body) {
      if (typeof value !== "string") return undefined;
      // Each part's headers and boundary: about a hundred bytes.
      bytes += encoder.encode(name).byteLength + encoder.encode(value).byteLength + 100;
    }
    return bytes;
  }
  return undefined;
}

/** `init` with `keepalive: true` when the request is a small same-origin write to a React Router action. */
export function withKeepalive(
  input: RequestInfo | URL,
  init: RequestInit | undefined,
  origin: string,
): RequestInit | undefined {
  if (!init || init.keepalive !== undefined || input instanceof Request) return init;
  const method = (init.method ?? "GET").toUpperCase();
  if (method === "GET" || method === "HEAD") return init;
  const url = new URL(String(input), origin);
  if (url.origin !== origin || !url.pathname.endsWith(".data")) return init;
  const bytes = textBodyBytes(init.body);
  return bytes !== undefined && bytes <= KEEPALIVE_MAX_BYTES ? { ...init, keepalive: true } : init;
}

/** Wraps `win.fetch` once so that the page's small writes outlive a navigation (above). */
export function keepWritesAlive(win: Window & typeof globalThis): void {
  const original = win.fetch;
  if ((original as { keepsWrites?: true }).keepsWrites) return;
  const wrapped = (input: RequestInfo | URL, init?: RequestInit) =>
    original.call(win, input, withKeepalive(input, init, win.location.origin));
  win.fetch = Object.assign(wrapped, { keepsWrites: true as const });
}
