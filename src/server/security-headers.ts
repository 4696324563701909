import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { pageNonce } from "./csp-nonce.ts";

/**
 * Files that are never a document (docs/decisions/0016, "Headers of files"): photos, slides, icons, style sheets,
 * fonts, the app's module scripts and the web manifest. A browser applies a content security policy, a permissions
 * policy, framing and opener rules only to a document (or a worker's own script: `/sw.js`, which keeps the full
 * set), so these go without them: about 0.9 KB less on each of the dozen photos a page loads, which on a slow
 * phone connection is time before the hero shows. SVG keeps the full set, since an SVG opened on its own is a
 * document that can run script. `/images/*` and `/assets/*` never answer with a page (their misses are JSON 404s).
 */
const FILE_PATH =
  /^\/(?:(?:images|assets)\/.+\.(?:webp|avif|png|jpe?g|gif|ico|css|woff2?|js)|[\w-]+\.(?:png|ico|webmanifest))$/;

/** Whether a path is served with the short set of headers. */
export function isFilePath(path: string): boolean {
  return FILE_PATH.test(path);
}

/**
 * The security headers of every response: the full set for pages, JSON and anything that may be shown as a document;
 * for files only what still means something on a subresource (no sniffing, same-origin embedding only, HTTPS only).
 */
export function securityHeaders(
  mode: "development" | "production",
  /** The payment providers' origins the shop's payment forms post to (paymentFormOrigins). */
  paymentOrigins: readonly string[] = [],
  /** Where else pages load images from: the public image base's origin (S3_PUBLIC_URL, decision 0055). */
  imageOrigins: readonly string[] = [],
): MiddlewareHandler {
  const documents = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", "data:", ...imageOrigins],
      // Inline scripts run only with this response's nonce (one per page; the pages get it). JSON gets none, and
      // so allows no inline script.
      scriptSrc: ["'self'", pageNonce()],
      // Colour swatches and star ratings set style attributes from data, which no nonce can cover.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Vite's hot reload talks over a websocket in development.
      connectSrc: mode === "development" ? ["'self'", "ws:"] : ["'self'"],
      frameAncestors: ["'none'"],
      // Forms post to the shop, and a payment's to its provider's hosted page (or are redirected there).
      formAction: ["'self'", ...paymentOrigins],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
    },
    crossOriginEmbedderPolicy: false,
    // The shop uses none of these; nothing embedded or injected may ask for them either.
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
      serial: [],
      hid: [],
      midi: [],
      accelerometer: [],
      gyroscope: [],
      magnetometer: [],
      displayCapture: [],
      browsingTopics: [],
    },
    // With no-referrer browsers send `Origin: null` on form posts, which React Router refuses.
    referrerPolicy: "same-origin",
  });
  const files = secureHeaders({
    contentSecurityPolicy: undefined,
    permissionsPolicy: undefined,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  return (c, next) => (isFilePath(c.req.path) ? files(c, next) : documents(c, next));
}
