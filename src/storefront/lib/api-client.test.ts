import { describe, expect, it } from "vitest";
import {
  ORDER_ACCESS_COOKIE,
  readSignedCookie,
  SESSION_COOKIE,
  setCookieHeader,
} from "../../shared/cookies.server.ts";
import { createApiClient } from "./api-client.server.ts";

const POLICY = { secure: true, secret: "client-tests-secret-0123456789abcdef" };
const USER = {
  id: 1,
  first_name: "Zara",
  last_name: "Ahmed",
  name: "Zara Ahmed",
  email: "zara@example.pk",
  phone: null,
  image: null,
  created_at: "2026-11-01T00:00:00.000Z",
};
const CART = { quantity: 0, total: 0, cart: [] };

type Answer = { status: number; body: string };

/** A client over a transport that records each request and answers from `answer`. */
function client(answer: (request: Request) => Answer | Promise<Answer>, cookie = "") {
  const requests: Request[] = [];
  const setCookies: string[] = [];
  const api = createApiClient({
    async fetch(request) {
      requests.push(request);
      const { status, body } = await answer(request);
      return new Response(body, { status, headers: { "content-type": "application/json" } });
    },
    cookieHeader: cookie,
    policy: POLICY,
    setCookies,
    headers: { "x-request-id": "req-1" },
  });
  return { api, requests, setCookies };
}

const signedIn = setCookieHeader(SESSION_COOKIE, "token-abcdefghijklmnopqrstuvwxyz", POLICY).split(";")[0]!;

describe("the storefront's API client", () => {
  it("builds the contract's path and query, and sends the session as a bearer token", async () => {
    const { api, requests } = client(() => ({ status: 200, body: JSON.stringify([]) }), signedIn);
    await api.call("listSizes", { params: { productId: "7", colorId: "3" } });
    await api.call("listProducts", { query: { take: 6, type: "new-arrival", search: "" } });
    expect(new URL(requests[0]!.url).pathname).toBe("/api/product-sizes/7/3/sizes");
    expect(new URL(requests[1]!.url).search).toBe("?take=6&type=new-arrival");
    expect(requests[0]!.headers.get("authorization")).toBe("Bearer token-abcdefghijklmnopqrstuvwxyz");
    expect(requests[0]!.headers.get("x-request-id")).toBe("req-1");
  });

  it("fetches the signed-in user once per page request, however many loaders ask", async () => {
    const { api, requests } = client(() => ({ status: 200, body: JSON.stringify(USER) }), signedIn);
    const answers = await Promise.all([api.user(), api.user(), api.user()]);
    expect(answers).toEqual([USER, USER, USER]);
    expect(requests).toHaveLength(1);
  });

  it("treats a forged or unsigned session cookie as a guest, without asking the API", async () => {
    const { api, requests } = client(
      () => ({ status: 200, body: JSON.stringify(USER) }),
      "shop_session=token",
    );
    expect(api.signedIn).toBe(false);
    expect(await api.user()).toBeNull();
    expect(requests).toHaveLength(0);
  });

  it("turns a 401 into signed out: clears the cookie, asks again as a guest, and tells the page once", async () => {
    let signedOutCalls = 0;
    const { api, requests, setCookies } = client(
      (request) =>
        request.headers.has("authorization")
          ? { status: 401, body: JSON.stringify({ message: "Unauthenticated." }) }
          : { status: 200, body: JSON.stringify(CART) },
      signedIn,
    );
    api.onSignedOut(() => {
      signedOutCalls += 1;
    });
    // The cart is a guest's too: the refused call is sent again without the session, once.
    expect(await api.call("getCart")).toEqual({ ok: true, status: 200, data: CART });
    expect(requests.map((request) => request.headers.has("authorization"))).toEqual([true, false]);
    expect(api.signedIn).toBe(false);
    expect(setCookies).toEqual(["shop_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure"]);
    expect(await api.user()).toBeNull();
    expect(await api.call("getCart")).toEqual({ ok: true, status: 200, data: CART });
    expect(requests).toHaveLength(3);
    expect(signedOutCalls).toBe(1);
  });

  it("answers a 401 for what needs an account (after the page's handler had its say)", async () => {
    const { api, requests } = client(
      () => ({ status: 401, body: JSON.stringify({ message: "Unauthenticated." }) }),
      signedIn,
    );
    const refused = await api.call("updateProfile", {
      body: { first_name: "Zara", last_name: "Ahmed", email: "zara@example.pk", phone: "" },
    });
    expect(refused).toEqual({ ok: false, status: 401, data: { message: "Unauthenticated." } });
    expect(requests).toHaveLength(1);
    expect(api.signedIn).toBe(false);

    const guarded = client(
      () => ({ status: 401, body: JSON.stringify({ message: "Unauthenticated." }) }),
      signedIn,
    );
    guarded.api.onSignedOut(() => {
      throw new Response(null, { status: 302, headers: { location: "/user-login" } });
    });
    await expect(guarded.api.call("orderHistory")).rejects.toBeInstanceOf(Response);
  });

  it("answers a failure, not an exception, when the API is unreachable or answers HTML", async () => {
    const down = client(() => Promise.reject(new Error("ECONNREFUSED")));
    expect(await down.api.call("getCart")).toEqual({ ok: false, status: 503, data: { message: "" } });
    const html = client(() => ({ status: 500, body: "<html>oops</html>" }));
    expect(await html.api.call("getCart")).toEqual({ ok: false, status: 500, data: { message: "" } });
    const okButHtml = client(() => ({ status: 200, body: "<html>proxy page</html>" }));
    expect(await okButHtml.api.call("getCart")).toEqual({ ok: false, status: 502, data: { message: "" } });
  });

  it("keeps a signed session cookie after sign-in and passes the API's cookies to the next call", async () => {
    const { api, requests, setCookies } = client(() => ({ status: 200, body: JSON.stringify(CART) }));
    api.signIn("new-token-abcdefghijklmnopqrstuvwxyz");
    expect(setCookies[0]).toMatch(
      /^shop_session=new-token-abcdefghijklmnopqrstuvwxyz\.[\w-]{43}; .*; Secure$/,
    );
    await api.call("getCart");
    expect(requests[0]!.headers.get("authorization")).toBe("Bearer new-token-abcdefghijklmnopqrstuvwxyz");
  });

  describe("guest order access", () => {
    const token = (seed: string) => seed.repeat(43).slice(0, 43);

    it("keeps the newest five orders' tokens in one signed, HttpOnly, one-day cookie", () => {
      const { api, setCookies } = client(() => ({ status: 200, body: "{}" }));
      for (let n = 1; n <= 6; n++) api.keepOrderAccess(`BT-261122-AAAA${n}`, token(String(n)));
      const last = setCookies.at(-1)!;
      expect(last).toMatch(/^order_access=/);
      expect(last).toContain("HttpOnly");
      expect(last).toContain("Max-Age=86400");
      const kept = readSignedCookie(last.split(";")[0], ORDER_ACCESS_COOKIE, POLICY);
      expect(kept?.split(",")).toEqual([6, 5, 4, 3, 2].map((n) => `BT-261122-AAAA${n}:${token(String(n))}`));
      expect(api.orderAccess("BT-261122-AAAA6")).toBe(token("6"));
      expect(api.orderAccess("BT-261122-AAAA1")).toBeNull();
    });

    it("reads the tokens back from the cookie, and ignores a forged or garbled one", () => {
      const value = `BT-261122-AAAA1:${token("a")},junk,BT-261122-AAAA2:${token("b")}`;
      const cookie = setCookieHeader(ORDER_ACCESS_COOKIE, value, POLICY).split(";")[0]!;
      const { api } = client(() => ({ status: 200, body: "{}" }), cookie);
      expect(api.orderAccess("BT-261122-AAAA1")).toBe(token("a"));
      expect(api.orderAccess("BT-261122-AAAA2")).toBe(token("b"));

      const forged = `order_access=${encodeURIComponent(`BT-261122-AAAA1:${token("a")}.bad-signature`)}`;
      expect(
        client(() => ({ status: 200, body: "{}" }), forged).api.orderAccess("BT-261122-AAAA1"),
      ).toBeNull();
    });
  });
});
