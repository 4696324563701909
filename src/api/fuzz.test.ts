import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type Operation, operations } from "../shared/contracts/operations.ts";
import { type ApiHarness, apiHarness, registeredShopper } from "../testing/api-harness.ts";
import { buildCatalogue, type Catalogue, variantId } from "../testing/factories.ts";
import { HOST_URL, type HostHarness, hostHarness } from "../testing/host-harness.ts";
import { BODIES, FEW, FORM_VALUES, JSON_VALUES, URL_VALUES } from "../testing/hostile-values.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../testing/test-db.ts";

/**
 * Hostile input everywhere: every operation of the contract, every storefront route and form, fed values no
 * form would send (NUL bytes, ids past PostgreSQL's integer, floats, arrays, objects, `__proto__`, long strings,
 * bad percent-encoding, wrong content types, bodies that are not JSON). Nothing may answer 5xx.
 */

const { engine, available } = testEngine();

/** The top-level keys of an object schema (through preprocessing pipes). */
function keysOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) {
    const keys = keysOf(schema.out as z.ZodType);
    return keys.length > 0 ? keys : keysOf(schema.in as z.ZodType);
  }
  return [];
}

interface Failure {
  request: string;
  status: number;
  body: string;
}

async function expectNoServerErrors(
  cases: { label: string; send: () => Promise<Response> }[],
  concurrency = 4,
): Promise<number> {
  const failures: Failure[] = [];
  let next = 0;
  async function worker() {
    while (next < cases.length) {
      const current = cases[next++]!;
      const response = await current.send();
      if (response.status >= 500) {
        failures.push({
          request: current.label.slice(0, 300),
          status: response.status,
          body: (await response.text()).slice(0, 300),
        });
      } else {
        await response.body?.cancel();
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  expect(failures).toEqual([]);
  return cases.length;
}

function pathWith(template: string, name: string, value: string, valid: Record<string, string>): string {
  return template.replace(/:(\w+)\??/g, (_, param: string) =>
    param === name ? value : (valid[param] ?? "1"),
  );
}

describe.skipIf(!available)(`hostile input on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;
  let catalogue: Catalogue;
  let token: string;
  let variant: number;
  /** Valid values for each path parameter and body field, so one field at a time is hostile. */
  let validParams: Record<string, string>;
  let validBodies: Record<string, Record<string, unknown>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    api = apiHarness(database);
    const { products, colors, sizes } = catalogue;
    variant = await variantId(database.db, products.shirt, colors.navy.id, sizes.small.id);
    const user = await registeredShopper(api, {
      first_name: "Fuzz",
      last_name: "Tester",
      email: "fuzz@example.test",
    });
    token = user.token!;
    await user.post("/cart/add", { id: products.shirt, quantity: 1, size: variant });
    validParams = {
      slug: "oxford-shirt",
      productId: String(products.shirt),
      colorId: String(colors.navy.id),
      number: "BT-000000-AAAAA",
    };
    const address = {
      country: "Pakistan",
      first_name: "Fuzz",
      last_name: "Tester",
      address: "1 Mall Road",
      city: "Lahore",
    };
    validBodies = {
      addToCart: { id: products.shirt, quantity: 1, size: variant },
      removeFromCart: { id: 1 },
      addToWishlist: { id: products.shirt, variation_id: variant },
      removeFromWishlist: { id: products.shirt },
      updateCart: { product_id: 1, quantity: 1, variation_id: variant },
      checkout: { email: "fuzz@example.test", phone: "0300", shipping_address: address },
      register: {
        first_name: "A",
        last_name: "B",
        email: "fuzz-new@example.test",
        password: "correct horse",
        password_confirmation: "correct horse",
      },
      login: { email: "fuzz@example.test", password: "correct horse" },
      updateProfile: { first_name: "Fuzz", last_name: "Tester", email: "fuzz@example.test", phone: "" },
      updatePassword: {
        current_password: "wrong password",
        password: "new password!",
        password_confirmation: "new password!",
      },
      createProductReview: { rating: 4, title: "Fuzzed", body: "A review long enough to pass." },
      updateProductReview: { rating: 4, title: "Fuzzed", body: "A review long enough to pass." },
    };
  });
  afterAll(() => database?.drop());

  /** Logging out revokes the token, so it goes last. */
  const ordered = () =>
    (Object.entries(operations) as [string, Operation][]).sort(
      ([a], [b]) => Number(a === "logout") - Number(b === "logout"),
    );

  it("no operation of the contract answers 5xx to hostile values", async () => {
    const cases: { label: string; send: () => Promise<Response> }[] = [];
    for (const signedIn of [false, true]) {
      const auth: Record<string, string> = signedIn ? { authorization: `Bearer ${token}` } : {};
      for (const [id, operation] of ordered()) {
        const send =
          (path: string, init: RequestInit = {}) =>
          async () => {
            // An order empties the cart; a full one makes every checkout go as deep as its input lets it.
            if (id === "checkout" && signedIn)
              await api.request("/cart/add", { method: "POST", headers: auth, json: validBodies.addToCart });
            return api.request(path, {
              method: operation.method,
              ...init,
              headers: { ...auth, ...(init.headers as Record<string, string>) },
            });
          };
        const params = [...operation.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
        const path = pathWith(operation.path, "", "", validParams);
        const validBody = validBodies[id];
        const jsonInit = (body: unknown): RequestInit =>
          operation.method === "GET"
            ? {}
            : { body: JSON.stringify(body), headers: { "content-type": "application/json" } };

        for (const param of params) {
          for (const value of URL_VALUES) {
            const hostile = pathWith(operation.path, param, value, validParams);
            cases.push({ label: `${id} ${hostile}`, send: send(hostile, jsonInit(validBody ?? {})) });
          }
        }
        for (const key of [...keysOf(operation.query), "__proto__", "constructor"]) {
          for (const value of URL_VALUES) {
            const url = `${path}?${key}=${value}`;
            cases.push({ label: `${id} ${url}`, send: send(url) });
          }
          cases.push({ label: `${id} ${key}[]`, send: send(`${path}?${key}[]=1&${key}=2&${key}=3`) });
        }
        if (operation.method === "GET") continue;
        for (const key of [...keysOf(operation.body), "__proto__", "shipping_address"]) {
          for (const value of JSON_VALUES) {
            const body = { ...validBody, [key]: value };
            cases.push({
              label: `${id} ${key}=${JSON.stringify(value)?.slice(0, 60)}`,
              send: send(path, jsonInit(body)),
            });
          }
        }
        if (id === "checkout") {
          for (const key of keysOf(operations.checkout.body.shape.shipping_address)) {
            for (const value of JSON_VALUES) {
              const body = {
                ...validBody,
                shipping_address: { ...(validBody?.shipping_address as object), [key]: value },
              };
              cases.push({
                label: `${id} shipping_address.${key}=${JSON.stringify(value)?.slice(0, 60)}`,
                send: send(path, jsonInit(body)),
              });
            }
          }
        }
        for (const { type, body } of BODIES) {
          cases.push({
            label: `${id} ${type} ${body.slice(0, 40)}`,
            send: send(path, { body, headers: type ? { "content-type": type } : {} }),
          });
        }
      }
    }
    expect(await expectNoServerErrors(cases)).toBeGreaterThan(2000);
  }, 600_000);

  it("refuses a body over 1 MB with 413 before reading it, with or without Content-Length", async () => {
    const big = JSON.stringify({ id: 1, quantity: 1, size: 1, notes: "x".repeat(1024 * 1024) });
    const declared = await api.request("/cart/add", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: big,
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ message: "The request body is too large (at most 1 MB)." });

    let sent = 0;
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        // An endless body: the limit must stop reading it, not wait for its end.
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const streamed = await api.request("/checkout", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(sent).toBeLessThan(2 * 1024 * 1024);
  });

  describe("the storefront, through the host", () => {
    let host: HostHarness;
    let sessionCookie: string;

    beforeAll(async () => {
      host = await hostHarness(database);
      const login = await host.request("/user-login", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: HOST_URL },
        body: new URLSearchParams({ email: "fuzz@example.test", password: "correct horse" }).toString(),
      });
      expect(login.status).toBe(302);
      sessionCookie = login.headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0])
        .join("; ");
      expect(sessionCookie).toMatch(/shop_session=/);
    }, 60_000);
    afterAll(() => host?.close());

    /** Every route of src/storefront/routes.ts, with its parameters as `:name`. */
    const PATTERNS = [
      "/",
      "/shop",
      "/shop/:category",
      "/product/:slug",
      "/logout",
      "/cart",
      "/checkout",
      "/order-success",
      "/user-login",
      "/user-register",
      "/user-dashboard",
      "/my-account",
      "/account/orders",
      "/account/orders/:number",
      "/wishlist",
      "/blogs",
      "/blogs/:slug",
      "/about",
      "/contact",
      "/newsletter",
      "/newsletter/confirm",
      "/newsletter/unsubscribe",
      "/terms-and-conditions",
      "/privacy-policy",
      "/offline",
      "/:anything",
    ];
    /** The query keys each page reads; every other page gets a few it does not. */
    const SHOP_KEYS = ["search", "type", "color", "size", "tag", "sort", "page"];
    const QUERY_KEYS: Record<string, string[]> = {
      "/shop": SHOP_KEYS,
      "/shop/:category": SHOP_KEYS,
      "/product/:slug": ["color", "size", "tab", "reviews_page"],
      "/user-login": ["redirect"],
      "/user-register": ["redirect"],
      "/order-success": ["order"],
      "/account/orders": ["page"],
      "/blogs": ["search", "category", "tag", "page"],
      "/newsletter/confirm": ["token"],
      "/newsletter/unsubscribe": ["token"],
    };
    /** The pages with a form, and for each `intent` the fields it reads. */
    const FORMS: Record<string, Record<string, string[]>> = {
      "/cart": {
        update: ["id", "quantity", "variation_id"],
        remove: ["id"],
        clear: [],
        ["__proto__"]: ["id"],
      },
      "/checkout": {
        "": ["email", "phone", "first_name", "last_name", "address", "city", "country", "total"],
      },
      "/contact": { "": ["name", "email", "subject", "message", "form_token", "website"] },
      "/newsletter": { "": ["email", "source", "website"] },
      "/newsletter/unsubscribe?token=x": { "": ["token", "List-Unsubscribe"] },
      "/user-login": { "": ["email", "password", "redirect"] },
      "/user-register": { "": ["first_name", "email", "password", "password_confirmation", "redirect"] },
      "/product/oxford-shirt": {
        "": ["id", "size", "quantity"],
        review: ["mode", "rating", "title", "body"],
      },
      "/my-account": {
        profile: ["first_name", "last_name", "email", "phone"],
        password: ["current_password", "password", "password_confirmation"],
      },
      "/logout": { "": [] },
      "/wishlist": {
        add: ["id", "variation_id", "back"],
        remove: ["id", "back"],
        "add-to-cart": ["id", "size"],
        ["__proto__"]: ["id"],
      },
    };
    /** Pages whose answer depends on who is signed in; the rest are fuzzed as a guest only. */
    const PERSONAL = new Set([
      "/cart",
      "/checkout",
      "/order-success",
      "/user-login",
      "/user-register",
      "/user-dashboard",
      "/my-account",
      "/account/orders",
      "/account/orders/:number",
      "/wishlist",
    ]);

    it("answers the hostile requests people have met with a page, not an error", async () => {
      const page = async (url: string, headers: Record<string, string> = {}) => {
        const response = await host.request(url, { headers });
        return {
          status: response.status,
          html: await response.text(),
          location: response.headers.get("location"),
        };
      };
      for (const url of ["/shop?page=2147483647", "/shop?page=99999999999999", "/shop/shirts?page=5000"]) {
        const beyond = await page(url);
        expect(beyond.status, url).toBe(200);
        expect(beyond.html, url).toContain("No Products Found");
      }
      expect((await page("/shop?type=__proto__")).status).toBe(200);
      expect((await page("/account/orders?page=2147483648", { cookie: sessionCookie })).status).toBe(200);
      const signedIn = await page("/user-login?redirect=%E0%A4%A", { cookie: sessionCookie });
      expect(signedIn.status).toBe(302);
      expect(signedIn.location).toMatch(/^\//);
      expect((await page("/user-login?redirect=%E0%A4%A")).status).toBe(200);

      const json = await host.request("/cart", {
        method: "POST",
        headers: { origin: HOST_URL, "content-type": "application/json" },
        body: JSON.stringify({ intent: "clear" }),
      });
      expect(json.status).toBe(415);
      expect(await json.text()).toContain("This page accepts only form submissions.");
      const broken = await host.request("/contact", {
        method: "POST",
        headers: { origin: HOST_URL, "content-type": "multipart/form-data; boundary=x" },
        body: "--x\r\nnot a part",
      });
      expect(broken.status).toBe(400);
    });

    it("refuses a form over 1 MB with a 413 page, with or without Content-Length", async () => {
      const form = `email=a%40b.c&message=${"x".repeat(1024 * 1024)}`;
      const declared = await host.request("/contact", {
        method: "POST",
        headers: { origin: HOST_URL, "content-type": "application/x-www-form-urlencoded" },
        body: form,
      });
      expect(declared.status).toBe(413);
      expect(declared.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await declared.text()).toContain("<h1>Request too large</h1>");

      const bytes = new TextEncoder().encode(form);
      const streamed = await host.request("/contact", {
        method: "POST",
        headers: { origin: HOST_URL, "content-type": "application/x-www-form-urlencoded" },
        body: new ReadableStream<Uint8Array>({
          start(controller) {
            for (let at = 0; at < bytes.length; at += 65_536)
              controller.enqueue(bytes.slice(at, at + 65_536));
            controller.close();
          },
        }),
        duplex: "half",
      } as RequestInit);
      expect(streamed.status).toBe(413);

      const api = await host.request("/api/cart/add", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ pad: "x".repeat(1024 * 1024) }),
      });
      expect(api.status).toBe(413);
      expect(await api.json()).toEqual({ message: "The request body is too large (at most 1 MB)." });
    });

    it("no page answers 5xx to hostile paths and queries, signed in or not", async () => {
      const valid: Record<string, string> = {
        category: "shirts",
        slug: "oxford-shirt",
        number: "BT-000000-AAAAA",
        anything: "nowhere",
      };
      const cases: { label: string; send: () => Promise<Response> }[] = [];
      for (const pattern of PATTERNS) {
        for (const cookie of PERSONAL.has(pattern) ? ["", sessionCookie] : [""]) {
          const get = (url: string) => ({
            label: `GET ${url}${cookie ? " signed in" : ""}`,
            send: () => host.request(url, { headers: cookie ? { cookie } : {} }),
          });
          for (const param of [...pattern.matchAll(/:(\w+)/g)].map((match) => match[1]!)) {
            for (const value of URL_VALUES) cases.push(get(pathWith(pattern, param, value, valid)));
          }
          const path = pathWith(pattern, "", "", valid);
          const keys = QUERY_KEYS[pattern];
          const values = keys ? [...URL_VALUES, "//evil.example", "%2F%2Fevil.example", "/%09/evil"] : FEW;
          for (const key of keys ?? ["page", "__proto__"]) {
            for (const value of values) cases.push(get(`${path}?${key}=${value}`));
          }
        }
      }
      expect(await expectNoServerErrors(cases, 2)).toBeGreaterThan(1000);
    }, 600_000);

    it("no form answers 5xx to wrong content types, broken bodies or hostile fields", async () => {
      const cases: { label: string; send: () => Promise<Response> }[] = [];
      for (const [route, intents] of Object.entries(FORMS)) {
        for (const cookie of ["", sessionCookie]) {
          const post = (body: BodyInit, type: string | null) => ({
            label: `POST ${route} ${type} ${String(body).slice(0, 60)}${cookie ? " signed in" : ""}`,
            send: () =>
              host.request(route, {
                method: "POST",
                headers: {
                  origin: HOST_URL,
                  ...(type ? { "content-type": type } : {}),
                  ...(cookie ? { cookie } : {}),
                },
                body,
              }),
          });
          for (const { type, body } of BODIES) cases.push(post(body, type));
          for (const [intent, fields] of Object.entries(intents)) {
            for (const field of intent ? ["intent", ...fields] : fields) {
              for (const value of FORM_VALUES) {
                const body = field === "intent" ? `intent=${value}` : `intent=${intent}&${field}=${value}`;
                cases.push(post(body, "application/x-www-form-urlencoded"));
              }
            }
          }
        }
      }
      expect(await expectNoServerErrors(cases, 2)).toBeGreaterThan(500);
    }, 600_000);
  });
});
