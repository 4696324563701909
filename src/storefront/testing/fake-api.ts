import { RouterContextProvider } from "react-router";
import type { Cart, CartLine, CartSummary } from "../../shared/contracts/cart.ts";
import { SESSION_COOKIE, setCookieHeader } from "../../shared/cookies.server.ts";
import { apiContext, siteContext } from "../lib/api.server.ts";
import { type ApiClient, createApiClient } from "../lib/api-client.server.ts";

/** What a fake API answers: a status and a JSON body. */
export interface ApiResponse<T = unknown> {
  ok: boolean;
  status: number;
  data: T;
}

type Responder = (
  method: string,
  path: string,
  body: unknown,
  headers: Headers,
) => ApiResponse | Promise<ApiResponse>;

const POLICY = { secure: false, secret: "component-tests-only-secret-0123456789" };

/**
 * The storefront's real API client over a fake transport: `respond` answers each call by method and path
 * (without the query), so loaders and actions run exactly as in the product. With a token the shopper is signed in.
 */
export function fakeApiClient(respond: Responder, token: string | null = null) {
  const cookies: string[] = [];
  const cookieHeader = token ? setCookieHeader(SESSION_COOKIE, token, POLICY).split(";")[0]! : null;
  const api: ApiClient = createApiClient({
    async fetch(request) {
      const url = new URL(request.url);
      // A multipart body (a file upload) reaches the fake as its FormData; any other as parsed JSON.
      const multipart = request.headers.get("content-type")?.startsWith("multipart/form-data");
      const text = multipart ? "" : await request.text();
      const answer = await respond(
        request.method,
        url.pathname.replace(/^\/api/, ""),
        multipart ? await request.formData() : text ? JSON.parse(text) : undefined,
        request.headers,
      );
      return new Response(JSON.stringify(answer.data), {
        status: answer.status,
        headers: { "content-type": "application/json" },
      });
    },
    cookieHeader,
    policy: POLICY,
    setCookies: cookies,
  });
  return { api, cookies };
}

type Handler = (body: unknown) => ApiResponse | Promise<ApiResponse>;

/**
 * A stand-in for the commerce API in component tests: each "METHOD /path" answers through a handler the test
 * sets, and every call is recorded, so a test can hold an answer back (to see the optimistic state) or refuse.
 */
export function fakeApi(handlers: Record<string, Handler>, token: string | null = null) {
  const calls: { method: string; path: string; body: unknown; headers: Headers }[] = [];
  const { api, cookies } = fakeApiClient((method, path, body, headers) => {
    calls.push({ method, path, body, headers });
    const handler = handlers[`${method} ${path}`];
    if (!handler) return { ok: false, status: 404, data: { message: `No fake for ${method} ${path}` } };
    return handler(body);
  }, token);
  const context = new RouterContextProvider();
  context.set(apiContext, api);
  // The host sets the shop's address for every request (canonical links); a test may set its own.
  context.set(siteContext, { publicUrl: "https://shop.example.pk" });
  return { api, context, calls, cookies };
}

export function ok<T>(data: T, status = 200): ApiResponse<T> {
  return { ok: true, status, data };
}

export function refused(status: number, data: unknown): ApiResponse {
  return { ok: false, status, data };
}

/** A promise the test resolves when it chooses. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

export function cartLine(overrides: Partial<CartLine> & { stock?: number } = {}): CartLine {
  const { stock = 5, ...rest } = overrides;
  return {
    id: 1,
    name: "Saddle Leather Tote",
    price: 1250,
    quantity: 2,
    total: 2500,
    attributes: {
      slug: "saddle-leather-tote",
      image: null,
      color_name: "Tan",
      color_code: "#b5651d",
      size_name: "One Size",
      variation_id: 11,
      product_id: 7,
      stock,
    },
    ...rest,
  };
}

/**
 * A cart as the API answers it. The money figures are the test's own literals, as the API would send them (the
 * storefront computes none); delivery is Rs. 200 when there are lines and the discount 0 unless given.
 */
export function cartOf(
  lines: CartLine[],
  figures: Pick<CartSummary, "subtotal" | "total"> & Partial<CartSummary>,
): Cart {
  return {
    quantity: lines.reduce((count, line) => count + line.quantity, 0),
    total: figures.subtotal,
    cart: lines,
    summary: {
      discount: 0,
      delivery_charges: lines.length > 0 ? 200 : 0,
      cod_fee: 0,
      delivery_note: "",
      coupon: null,
      ...figures,
    },
    coupon_message: null,
  };
}

export const EMPTY_CART: Cart = cartOf([], { subtotal: 0, total: 0 });
