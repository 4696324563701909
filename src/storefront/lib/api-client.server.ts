import type { z } from "zod";
import type { User } from "../../shared/contracts/account.ts";
import {
  type Answer,
  type ApiError,
  type OperationId,
  type Operations,
  operations,
  type PathParams,
} from "../../shared/contracts/operations.ts";
import {
  type CookiePolicy,
  clearCookieHeader,
  ORDER_ACCESS_COOKIE,
  readSignedCookie,
  SESSION_COOKIE,
  setCookieHeader,
} from "../../shared/cookies.server.ts";
import { withImageBase } from "./image-base.ts";

type Op<Id extends OperationId> = Operations[Id];

/** What a call needs: path parameters, query and body, each only where the operation has them. */
export type CallInput<Id extends OperationId> = (keyof PathParams<Op<Id>["path"]> extends never
  ? { params?: undefined }
  : { params: PathParams<Op<Id>["path"]> }) &
  (Op<Id> extends { query: z.ZodType } ? { query?: Partial<Record<string, string | number>> } : unknown) &
  (Op<Id> extends { headers: z.ZodType } ? { headers?: z.input<Op<Id>["headers"]> } : unknown) &
  (Op<Id> extends { body: z.ZodType } ? { body: z.input<Op<Id>["body"]> } : unknown);

type CallArgs<Id extends OperationId> =
  Record<never, never> extends CallInput<Id> ? [input?: CallInput<Id>] : [input: CallInput<Id>];

/** An answer: the operation's body on success, the API's `{ message, errors? }` otherwise. */
export type ApiResult<Id extends OperationId> =
  | { ok: true; status: number; data: Answer<Id> }
  | { ok: false; status: number; data: ApiError };

/** When the API could not be reached or answered something that is not JSON. */
const UNREACHABLE: ApiError = { message: "" };

/**
 * The storefront's only way to the commerce API: typed from the contract (`shared/contracts/operations.ts`), so
 * paths, inputs and answers cannot drift from the routes. One client serves one page request. It keeps the
 * shopper's session (the signed httpOnly cookie becomes a bearer token), fetches the signed-in user at most
 * once, and is the one place where a 401 means "signed out" (for every loader and action of the page).
 */
export interface ApiClient {
  call<Id extends OperationId>(id: Id, ...args: CallArgs<Id>): Promise<ApiResult<Id>>;
  /** The signed-in shopper (one call per page request), or null for a guest or a refused session. */
  user(): Promise<User | null>;
  /** Whether the shopper has a session the API has not refused yet. */
  readonly signedIn: boolean;
  /** Keeps a new token in the session cookie (after login or register). */
  signIn(token: string): void;
  /** Drops the session: the cookie is cleared and later calls in this request go as a guest. */
  signOut(): void;
  /** Runs when the API refuses the session (401); a page that needs an account throws its redirect here. */
  onSignedOut(handler: () => void): void;
  /** Keeps a guest order's access token (from the checkout's answer) in this browser's order-access cookie. */
  keepOrderAccess(number: string, token: string): void;
  /** The access token this browser keeps for an order it placed as a guest, or null. */
  orderAccess(number: string): string | null;
}

export interface ApiClientOptions {
  /** Answers a Request to /api/...; in-process on the server, so no network hop. */
  fetch: (request: Request) => Promise<Response>;
  /** The shopper's Cookie header, forwarded to the API (it names the guest cart). */
  cookieHeader: string | null;
  policy: CookiePolicy;
  /** Set-Cookie values for the page's response (the host appends them). */
  setCookies: string[];
  /** Extra headers for every call (the client's address, the request id). */
  headers?: Record<string, string>;
  /**
   * S3_PUBLIC_URL: the shop's pages show images from this base (image-base.ts). The back office's answers are left
   * as the API gave them, since its forms may send an address back.
   */
  imageBase?: string | undefined;
}

/** How many recent guest orders one browser keeps access to (the cookie stays well under 1 KB). */
const ORDER_ACCESS_KEPT = 5;
const ORDER_ACCESS_ENTRY = /^([A-Z0-9-]{3,40}):([A-Za-z0-9_-]{20,200})$/;

/** "number:token,number:token" from the signed cookie, newest first; anything malformed is dropped. */
function orderAccessEntries(value: string | null): [number: string, token: string][] {
  return (value ?? "")
    .split(",")
    .map((entry) => ORDER_ACCESS_ENTRY.exec(entry))
    .filter((match) => match !== null)
    .map((match) => [match[1]!, match[2]!]);
}

function pathFor(template: string, params: Record<string, string> | undefined): string {
  return template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ""));
}

function queryString(query: Partial<Record<string, string | number>> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/**
 * A multipart body from an object: files and blobs as they are, other values as text, null and undefined left
 * out; a list becomes one part per element under the same name (a return request's `photos`).
 */
function formDataOf(body: unknown): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    for (const part of Array.isArray(value) ? value : [value]) {
      if (part === undefined || part === null) continue;
      form.append(name, part instanceof Blob ? part : String(part));
    }
  }
  return form;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  let token = readSignedCookie(options.cookieHeader, SESSION_COOKIE, options.policy);
  // A cookie the API sets during this request must be visible to the next call in the same request.
  let cookies = options.cookieHeader ?? "";
  let currentUser: Promise<User | null> | undefined;
  let signedOutHandler: (() => void) | undefined;
  let orderAccess = orderAccessEntries(
    readSignedCookie(options.cookieHeader, ORDER_ACCESS_COOKIE, options.policy),
  );

  function keepCookie(setCookie: string) {
    options.setCookies.push(setCookie);
    const pair = setCookie.split(";")[0] ?? "";
    const name = pair.split("=")[0];
    cookies = [...cookies.split(/;\s*/).filter((part) => part && !part.startsWith(`${name}=`)), pair].join(
      "; ",
    );
  }

  const client: ApiClient = {
    async call(id, ...args) {
      const operation = operations[id];
      const input = (args[0] ?? {}) as {
        params?: Record<string, string>;
        query?: never;
        headers?: Record<string, string | undefined>;
        body?: unknown;
      };
      const headers = new Headers({ accept: "application/json", ...options.headers });
      for (const [name, value] of Object.entries(input.headers ?? {})) {
        if (value !== undefined) headers.set(name, value);
      }
      if (cookies) headers.set("cookie", cookies);
      const sentToken = token;
      if (sentToken) headers.set("authorization", `Bearer ${sentToken}`);
      // Every POST sends a body ({} when it takes none); PATCH, PUT and DELETE when their operation takes one.
      const hasBody = operation.method === "POST" || "body" in operation;
      const multipart = "bodyType" in operation && operation.bodyType === "multipart";
      // A multipart body's Content-Type (with its boundary) is set by the Request from the FormData.
      if (hasBody && !multipart) headers.set("content-type", "application/json");
      const url = `http://api.internal/api${pathFor(operation.path, input.params)}${queryString(input.query)}`;
      let response: Response;
      try {
        response = await options.fetch(
          new Request(url, {
            method: operation.method,
            headers,
            body: !hasBody
              ? undefined
              : multipart
                ? formDataOf(input.body)
                : JSON.stringify(input.body ?? {}),
          }),
        );
      } catch {
        return { ok: false, status: 503, data: UNREACHABLE };
      }
      for (const setCookie of response.headers.getSetCookie()) keepCookie(setCookie);
      const data = await response.json().catch(() => undefined);
      // Spec: a 401 triggers logout. The session is dropped for the rest of this request (and its cookie
      // cleared); a page that needs an account throws its login redirect from the handler; anything a guest may
      // do (the cart, checkout) is asked again as a guest, since the API refused it before doing anything.
      if (response.status === 401 && sentToken) {
        client.signOut();
        signedOutHandler?.();
        if (operation.auth === "none" || operation.auth === "optional") return client.call(id, ...args);
      }
      if (data === undefined || data === null || typeof data !== "object") {
        return { ok: false, status: response.ok ? 502 : response.status, data: UNREACHABLE };
      }
      const shown =
        options.imageBase && !operation.path.startsWith("/admin")
          ? withImageBase(data, options.imageBase)
          : data;
      return { ok: response.ok, status: response.status, data: shown } as ApiResult<typeof id>;
    },

    user() {
      currentUser ??= token
        ? client.call("currentUser").then((answer) => (answer.ok ? answer.data : null))
        : Promise.resolve(null);
      return currentUser;
    },

    get signedIn() {
      return token !== null;
    },

    signIn(newToken) {
      token = newToken;
      currentUser = undefined;
      keepCookie(setCookieHeader(SESSION_COOKIE, newToken, options.policy));
    },

    signOut() {
      token = null;
      currentUser = Promise.resolve(null);
      keepCookie(clearCookieHeader(SESSION_COOKIE, options.policy));
    },

    onSignedOut(handler) {
      signedOutHandler = handler;
    },

    keepOrderAccess(number, token) {
      if (!ORDER_ACCESS_ENTRY.test(`${number}:${token}`)) return;
      orderAccess = [[number, token] as [string, string], ...orderAccess.filter(([kept]) => kept !== number)];
      orderAccess = orderAccess.slice(0, ORDER_ACCESS_KEPT);
      const value = orderAccess.map(([kept, keptToken]) => `${kept}:${keptToken}`).join(",");
      keepCookie(setCookieHeader(ORDER_ACCESS_COOKIE, value, options.policy));
    },

    orderAccess(number) {
      return orderAccess.find(([kept]) => kept === number)?.[1] ?? null;
    },
  };
  return client;
}
