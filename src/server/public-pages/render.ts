import { createRequestHandler, RouterContextProvider } from "react-router";
import { CLIENT_ADDRESS } from "../../api/account/auth.ts";
import { REQUEST_ID_HEADER } from "../../api/app.ts";
import { cookiePolicy } from "../../shared/cookies.server.ts";
import { apiContext, siteContext } from "../../storefront/lib/api.server.ts";
import { createApiClient } from "../../storefront/lib/api-client.server.ts";
import { cspNonceContext } from "../../storefront/lib/csp-nonce.ts";
import { requestLogContext } from "../../storefront/lib/request-log.server.ts";
import type { Platform } from "../platform.ts";
import { stockShownBy } from "../public-answers.ts";

/** What a render needs to know of the request besides itself: its id, its CSP nonce, the shopper's address. */
export interface RenderMeta {
  id: string;
  nonce: string | undefined;
  address: string | undefined;
}

/** A storefront render: React Router's answer, the cookies the API set, and whether an API call failed. */
export interface Rendered {
  response: Response;
  setCookies: string[];
  /** A page whose data the API could not give (a 5xx, or no answer) shows a notice instead: never kept. */
  degraded: boolean;
  /** The products whose stock counts the page shows: kept, it is refreshed when they sell (decision 0056). */
  stockOf: number[];
}

export type Render = (request: Request, cookieHeader: string | null, meta: RenderMeta) => Promise<Rendered>;

/**
 * Renders storefront pages with React Router, its loaders and actions reaching the API in-process (the API app
 * answers the Request directly, no network hop).
 */
export function storefrontRenderer(platform: Platform): Render {
  const mode = platform.config.env === "production" ? "production" : "development";
  // Given a function, React Router rebuilds its route tables on every request; given the build, once. In
  // development server.ts creates a fresh host (and so a fresh build) for every request anyway.
  let handleRequest: ReturnType<typeof createRequestHandler> | undefined;
  const storefront = async () =>
    (handleRequest ??= createRequestHandler(await import("virtual:react-router/server-build"), mode));
  const policy = cookiePolicy(platform.config);

  return async (request, cookieHeader, meta) => {
    const setCookies: string[] = [];
    const stockOf: number[] = [];
    let degraded = false;
    const context = new RouterContextProvider();
    context.set(siteContext, { publicUrl: platform.config.publicUrl });
    context.set(requestLogContext, platform.logger.child({ requestId: meta.id }));
    context.set(cspNonceContext, meta.nonce);
    context.set(
      apiContext,
      createApiClient({
        // The shopper's address (for rate limits) rides in the env, which no request header can reach.
        fetch: async (apiRequest) => {
          stockOf.push(...stockShownBy(apiRequest.url));
          try {
            const answer = await platform.api.request(apiRequest, undefined, {
              [CLIENT_ADDRESS]: meta.address,
            });
            if (answer.status >= 500) degraded = true;
            return answer;
          } catch (error) {
            degraded = true;
            throw error;
          }
        },
        cookieHeader,
        policy,
        setCookies,
        // The API logs by request id; in-process calls carry it.
        headers: { [REQUEST_ID_HEADER]: meta.id },
        // S3_PUBLIC_URL: pages point their images at the public bucket or CDN (decision 0055).
        imageBase: platform.config.storage.publicUrl,
      }),
    );
    const response = await (await storefront())(request, context);
    return { response, setCookies, degraded, stockOf };
  };
}
