import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, ServerRouter } from "react-router";

/**
 * React Router preloads every JavaScript chunk of the page at high priority; on a phone's slow link that
 * bandwidth is taken from the stylesheets and the hero image, and first paint waits (Lighthouse performance
 * 92-94 with them, 99-100 without, see docs/benchmarks.md). The scripts still load through their imports, and
 * links and forms work before hydration.
 */
function withoutModulePreloads(html: string): string {
  return html.replace(/<link rel="modulepreload"[^>]*>/g, "");
}

/** Deferred loader data older than this is rejected so the page still finishes. */
export const streamTimeout = 5_000;

/**
 * Renders every document completely before sending it. Loaders reach the API in-process, so waiting for all
 * Suspense boundaries costs milliseconds, and shoppers, crawlers and link previews all get the same full HTML
 * with the products in it. Deferred data still streams on client navigations, where the shimmer cards show.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        // React moves large finished Suspense boundaries out of line, to be swapped in by an inline script. The
        // whole document is sent at once here, so keep every boundary in place, readable without JavaScript.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          const chunks: Buffer[] = [];
          const body = new PassThrough();
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("end", () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(
              new Response(withoutModulePreloads(Buffer.concat(chunks).toString("utf8")), {
                headers: responseHeaders,
                status,
              }),
            );
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          // Errors in the shell reject and are logged by React Router; log only the ones inside it.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
