import type { Context } from "hono";
import type { ClientAddressVariables, IdentityVariables } from "./account/auth.ts";
import type { BackOfficeAuthVariables } from "./admin/admin-auth.ts";

/**
 * What the API keeps on a request's context (Hono's `c.set` and `c.get`), so that its apps are
 * `new Hono<ApiEnv>()` and read these without casts. Each is set by whoever owns it; unset until then.
 */
export type ApiVariables = IdentityVariables &
  ClientAddressVariables &
  BackOfficeAuthVariables & {
    /**
     * The request's id (hono/request-id): the host's when the API runs inside it, else the one the API's own
     * requestId middleware (app.ts) takes or makes.
     */
    requestId?: string;
    /** The page's CSP nonce when the host serves the API (src/server/csp-nonce.ts): an HTML answer's scripts carry it. */
    secureHeadersNonce?: string;
  };

export type ApiEnv = { Variables: ApiVariables };

/** The context of a request to the API. */
export type ApiContext = Context<ApiEnv>;
