import { createContext } from "react-router";
import type { ApiClient } from "./api-client.server.ts";

export type { ApiClient, ApiResult } from "./api-client.server.ts";

/** The commerce API client of this page request (see api-client.server.ts), set by the host. */
export const apiContext = createContext<ApiClient>();

/** Facts about the site the pages need on the server: its public address for canonical and share links. */
export interface Site {
  /** PUBLIC_URL without a trailing slash, e.g. "https://bagsandthreads.pk". */
  publicUrl: string;
}

export const siteContext = createContext<Site>();
