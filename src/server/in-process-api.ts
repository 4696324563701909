import type { Hono } from "hono";
import type { ApiClient, ApiResponse } from "../storefront/lib/api.server.ts";
import { readCookie, SESSION_COOKIE } from "./session-cookie.ts";

/**
 * An ApiClient for one page request: calls the API app in-process with the shopper's cookies, and collects
 * any cookies the API sets so the host can hand them to the browser.
 */
export function inProcessApi(
  api: Hono,
  request: Request,
  clientAddress: string,
  setCookies: string[],
): ApiClient {
  const cookieHeader = request.headers.get("cookie");
  const token = readCookie(cookieHeader, SESSION_COOKIE);
  // A cookie the API sets during this request must be visible to the next call in the same request.
  let cookies = cookieHeader ?? "";

  async function call<T>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>> {
    const headers = new Headers({ accept: "application/json" });
    if (cookies) headers.set("cookie", cookies);
    if (token) headers.set("authorization", `Bearer ${token}`);
    // The API rate-limits by address; in-process calls have no socket, so the host names the real one.
    headers.set("x-forwarded-for", clientAddress);
    if (body !== undefined) headers.set("content-type", "application/json");
    const response = await api.request(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const cookie of response.headers.getSetCookie()) {
      setCookies.push(cookie);
      const pair = cookie.split(";")[0] ?? "";
      const name = pair.split("=")[0];
      cookies = [...cookies.split(/;\s*/).filter((part) => part && !part.startsWith(`${name}=`)), pair].join(
        "; ",
      );
    }
    const data = (await response.json().catch(() => ({}))) as T;
    return { ok: response.ok, status: response.status, data };
  }

  return {
    get: (path) => call("GET", path),
    post: (path, body) => call("POST", path, body ?? {}),
    setCookie: (cookie) => setCookies.push(cookie),
    token,
  };
}
