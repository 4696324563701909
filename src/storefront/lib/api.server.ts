import { createContext } from "react-router";

/** An answer from the commerce API: the status and the parsed JSON body. */
export interface ApiResponse<T = unknown> {
  ok: boolean;
  status: number;
  data: T;
}

/**
 * The storefront's way to the commerce API. On the server it calls the Hono app in-process (no network hop),
 * forwarding the shopper's cookies and turning the session cookie into a bearer token; cookies the API sets
 * are passed back to the browser by the host.
 */
export interface ApiClient {
  get<T>(path: string): Promise<ApiResponse<T>>;
  post<T>(path: string, body?: unknown): Promise<ApiResponse<T>>;
  /** A cookie for the browser, set on the page's response. */
  setCookie(cookie: string): void;
  /** The shopper's session token, if any. */
  readonly token: string | null;
}

export const apiContext = createContext<ApiClient>();

/** Facts about the site the pages need on the server: its public address for canonical and share links. */
export interface Site {
  /** PUBLIC_URL without a trailing slash, e.g. "https://bagsandthreads.pk". */
  publicUrl: string;
}

export const siteContext = createContext<Site>();
