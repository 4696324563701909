import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { apiContext } from "../../lib/api.server.ts";
import { createApiClient } from "../../lib/api-client.server.ts";
import * as cartRoute from "./cart.tsx";
import * as checkoutRoute from "./checkout.tsx";
import * as contactRoute from "./contact.tsx";
import * as loginRoute from "./login.tsx";
import * as myAccountRoute from "./my-account.tsx";
import * as newsletterRoute from "./newsletter.tsx";
import * as unsubscribeRoute from "./newsletter-unsubscribe.tsx";
import * as productRoute from "./product.tsx";
import * as registerRoute from "./register.tsx";

const POLICY = { secure: false, secret: "action-tests-only-secret-0123456789abcdef" };

/** The storefront's real API client over a transport where the API is down: unreachable, or a bare 503/502. */
function contextWhereTheApi(answers: "unreachable" | 503 | 502) {
  const api = createApiClient({
    async fetch() {
      if (answers === "unreachable") throw new Error("connect ECONNREFUSED");
      const body = answers === 503 ? JSON.stringify({ message: "" }) : "<html>Bad Gateway</html>";
      return new Response(body, { status: answers, headers: { "content-type": "application/json" } });
    },
    cookieHeader: null,
    policy: POLICY,
    setCookies: [],
  });
  const context = new RouterContextProvider();
  context.set(apiContext, api);
  return context;
}

function post(path: string, fields: Record<string, string>) {
  return new Request(`http://shop.test${path}`, { method: "POST", body: new URLSearchParams(fields) });
}

type AnyAction = (args: any) => Promise<unknown>;

/** Runs a route's action as React Router would; it must answer, not throw. */
async function answer(action: unknown, context: RouterContextProvider, request: Request) {
  const result = (await (action as AnyAction)({
    context,
    request,
    params: {},
    url: new URL(request.url),
  })) as {
    data: unknown;
    init: { status: number } | null;
  };
  return { body: result.data, status: result.init?.status };
}

describe.each(["unreachable", 503, 502] as const)("every form's action when the API is %s", (api) => {
  it("cart changes answer with 'Something went wrong' and a 5xx", async () => {
    for (const intent of ["update", "remove", "clear"]) {
      const result = await answer(
        cartRoute.action,
        contextWhereTheApi(api),
        post("/cart", { intent, id: "1", quantity: "2", variation_id: "3" }),
      );
      expect(result).toEqual({
        body: { intent, ok: false, message: "Something went wrong" },
        status: expect.any(Number),
      });
      expect(result.status).toBeGreaterThanOrEqual(500);
    }
  });

  it("a discount code answers 'Something went wrong' at its field, keeping the code and the checkout's fields", async () => {
    for (const intent of ["apply-coupon", "remove-coupon"]) {
      const cart = await answer(
        cartRoute.action,
        contextWhereTheApi(api),
        post("/cart", { intent, code: "SAVE10" }),
      );
      expect(cart.body).toEqual({ intent, ok: false, message: "Something went wrong", code: "SAVE10" });
      expect(cart.status).toBeGreaterThanOrEqual(500);
      const checkout = await answer(
        checkoutRoute.action,
        contextWhereTheApi(api),
        post("/checkout", { intent, code: "SAVE10", email: "ali@example.pk" }),
      );
      expect(checkout.body).toMatchObject({
        formError: "",
        values: { email: "ali@example.pk" },
        coupon: { ok: false, message: "Something went wrong", code: "SAVE10" },
      });
      expect(checkout.status).toBeGreaterThanOrEqual(500);
    }
  });

  it("Add To Cart answers 'Something went wrong'", async () => {
    const result = await answer(
      productRoute.action,
      contextWhereTheApi(api),
      post("/product/tote", { id: "1", size: "2", quantity: "1" }),
    );
    expect(result.body).toEqual({ ok: false, message: "Something went wrong" });
    expect(result.status).toBeGreaterThanOrEqual(500);
  });

  it("checkout answers 'Something went wrong!' and keeps what was typed", async () => {
    const result = await answer(
      checkoutRoute.action,
      contextWhereTheApi(api),
      post("/checkout", { email: "ali@example.pk", city: "Lahore", total: "1450" }),
    );
    expect(result.body).toMatchObject({
      formError: "Something went wrong!",
      values: { email: "ali@example.pk", city: "Lahore" },
    });
    expect(result.status).toBeGreaterThanOrEqual(500);
  });

  it("login and register answer with a message and keep the email", async () => {
    for (const [route, path] of [
      [loginRoute, "/user-login"],
      [registerRoute, "/user-register"],
    ] as const) {
      const result = await answer(
        route.action,
        contextWhereTheApi(api),
        post(path, { email: "ali@example.pk", password: "a long enough password" }),
      );
      expect(result.body).toMatchObject({
        message: "Something went wrong. Please try again.",
        values: { email: "ali@example.pk" },
      });
      expect(result.status).toBeGreaterThanOrEqual(500);
    }
  });

  it("profile and password changes answer with a message", async () => {
    for (const intent of ["profile", "password"]) {
      const result = await answer(
        myAccountRoute.action,
        contextWhereTheApi(api),
        post("/my-account", { intent }),
      );
      expect(result.body).toEqual({
        intent,
        ok: false,
        message: "Something went wrong. Please try again.",
        errors: {},
      });
      expect(result.status).toBeGreaterThanOrEqual(500);
    }
  });

  it("the contact form answers with a message and keeps everything typed", async () => {
    const typed = {
      name: "Sana Malik",
      email: "sana@example.pk",
      subject: "Sizes",
      message: "Is the kurta in M?",
    };
    const result = await answer(
      contactRoute.action,
      contextWhereTheApi(api),
      post("/contact", { ...typed, form_token: "1.x", website: "" }),
    );
    expect(result.body).toEqual({
      sent: false,
      message: "Something went wrong. Please try again.",
      errors: {},
      values: typed,
      formToken: "1.x",
    });
    expect(result.status).toBeGreaterThanOrEqual(500);
  });

  it("the newsletter sign-up and unsubscribe answer with a message", async () => {
    const signUp = await answer(
      newsletterRoute.action,
      contextWhereTheApi(api),
      post("/newsletter", { email: "sana@example.pk", source: "footer" }),
    );
    expect(signUp.body).toEqual({ ok: false, message: "Something went wrong. Please try again." });
    expect(signUp.status).toBeGreaterThanOrEqual(500);
    const unsubscribe = await answer(
      unsubscribeRoute.action,
      contextWhereTheApi(api),
      post("/newsletter/unsubscribe?token=abc", { token: "abc" }),
    );
    expect(unsubscribe.body).toEqual({
      unsubscribed: false,
      message: "Something went wrong. Please try again.",
      email: "",
    });
    expect(unsubscribe.status).toBeGreaterThanOrEqual(500);
  });
});
