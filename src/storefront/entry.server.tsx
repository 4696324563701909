import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, ServerRouter } from "react-router";
import { cspNonceContext, NonceContext } from "./lib/csp-nonce.ts";
import { deferAppScripts } from "./lib/react-router-format.server.ts";
import { requestLogContext } from "./lib/request-log.server.ts";

/** Deferred loader data older than this is rejected so the page still finishes. */
export const streamTimeout = 5_000;

/**
 * Renders every document completely before sending it. Loaders reach the API in-process, so waiting for all
 * Suspense boundaries costs milliseconds, and shoppers, crawlers and link previews all get the same full HTML
 * with the products in it. Deferred data still streams on client navigations, where the shimmer cards show.
 * The finished document's application script is parked until the shopper's first interaction (decision 0028).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: Parameters<HandleErrorFunction>[1]["context"],
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // Every inline script (React Router's, React's, the layout's) carries the nonce the CSP header allows.
  const nonce = loadContext.get(cspNonceContext);

  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        // React moves large finished Suspense boundaries out of line, to be swapped in by an inline script. The
        // whole document is sent at once here, so keep every boundary in place, readable without JavaScript.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          // The whole document, so its application script can be parked until the shopper interacts.
          const chunks: Buffer[] = [];
          const body = new PassThrough();
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("end", () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            const html = deferAppScripts(Buffer.concat(chunks).toString("utf8"));
            resolve(new Response(html, { headers: responseHeaders, status }));
          });
          body.on("error", reject);
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          // Errors in the shell reject and reach handleError; log only the ones inside it.
          if (shellRendered)
            loadContext.get(requestLogContext).error({ err: error }, "storefront render error");
        },
      },
    );
  });
}

/**
 * Loader, action and render errors, logged once through pino with the request id. A request the shopper
 * abandoned (navigated away, closed the tab) is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  context.get(requestLogContext).error({ err: error, url: request.url }, "storefront error");
};
