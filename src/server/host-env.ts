import type { RequestIdVariables } from "hono/request-id";
import type { SecureHeadersVariables } from "hono/secure-headers";

/** The host's Hono environment: the request id and the CSP nonce its middleware sets on every request. */
export type HostEnv = { Variables: RequestIdVariables & SecureHeadersVariables };
