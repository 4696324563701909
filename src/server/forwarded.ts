import { isIP } from "node:net";
import type { Context, MiddlewareHandler } from "hono";
import { CLIENT_ADDRESS, type ClientAddressVariables } from "../api/account/auth.ts";

/**
 * Behind our reverse proxy (TRUST_PROXY on) the public protocol, host and client address are the proxy's to
 * tell: it terminates HTTPS and connects to us over plain HTTP. Off, the headers below are ignored entirely, so
 * a client talking to the shop directly cannot claim another address or origin with them.
 * See docs/decisions/0017-production-shape-proxy-and-deploy.md.
 */

/** A header's last comma-separated entry (repeated headers arrive joined by ", "): the one our proxy wrote. */
function lastEntry(value: string | null | undefined): string | undefined {
  const entries = value?.split(",");
  const last = entries?.[entries.length - 1]?.trim();
  return last || undefined;
}

const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The client's address. Trusting the proxy: the last X-Forwarded-For entry, the address our proxy appended
 * (`$proxy_add_x_forwarded_for`): entries before it came from the client and may be anything.
 */
export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | null | undefined,
  trustProxy: boolean,
): string {
  if (trustProxy) {
    const last = lastEntry(forwardedFor);
    if (last && isIP(last)) return last;
  }
  return socketAddress || "unknown";
}

/**
 * The protocol and host the shopper's browser used, for a request that reached us as `protocol` (with its colon,
 * as `URL.protocol` has it) at `host`: with TRUST_PROXY, X-Forwarded-Proto and X-Forwarded-Host when they are well
 * formed; otherwise the request's own.
 */
export function publicOrigin(
  own: { protocol: string; host: string },
  forwarded: { proto: string | null | undefined; host: string | null | undefined },
  trustProxy: boolean,
): { protocol: string; host: string } {
  const ownProtocol = own.protocol.replace(/:$/, "");
  if (!trustProxy) return { protocol: ownProtocol, host: own.host };
  const proto = lastEntry(forwarded.proto)?.toLowerCase();
  const host = lastEntry(forwarded.host);
  return {
    protocol: proto === "http" || proto === "https" ? proto : ownProtocol,
    host: host && HOST.test(host) ? host : own.host,
  };
}

/**
 * The request as the shopper's browser made it: with TRUST_PROXY, its URL takes the protocol and host from
 * X-Forwarded-Proto and X-Forwarded-Host (when they are well formed, `publicOrigin`), so React Router's check that
 * a form's Origin matches the request URL passes behind an HTTPS proxy. Otherwise the request unchanged.
 */
export function publicRequest(request: Request, trustProxy: boolean): Request {
  if (!trustProxy) return request;
  const url = new URL(request.url);
  const { protocol, host } = publicOrigin(
    url,
    { proto: request.headers.get("x-forwarded-proto"), host: request.headers.get("x-forwarded-host") },
    trustProxy,
  );
  let rebuilt: URL;
  try {
    rebuilt = new URL(`${protocol}://${host}${url.pathname}${url.search}`);
  } catch {
    return request;
  }
  if (rebuilt.href === url.href) return request;
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(rebuilt, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? request.body : null,
    signal: request.signal,
    redirect: request.redirect,
    // A streamed body may be sent only half-duplex (Node's fetch insists on saying so).
    ...(hasBody ? { duplex: "half" } : {}),
  } as RequestInit);
}

function socketAddress(c: Context): string | undefined {
  return (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket
    ?.remoteAddress;
}

/** Resolves the caller's address once per request, for the API's rate limits and the storefront's calls. */
export function clientAddressResolver(
  trustProxy: boolean,
): MiddlewareHandler<{ Variables: ClientAddressVariables }> {
  return async (c, next) => {
    c.set(
      CLIENT_ADDRESS,
      resolveClientAddress(socketAddress(c), c.req.header("x-forwarded-for"), trustProxy),
    );
    await next();
  };
}
