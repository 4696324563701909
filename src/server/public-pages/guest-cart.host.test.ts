import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newSecret } from "../../api/secrets.ts";
import { CART_COOKIE, cookiePolicy, setCookieHeader } from "../../shared/cookies.server.ts";
import { HARNESS_CONFIG, type Shopper, shopper } from "../../testing/api-harness.ts";
import { type Catalogue, variantId } from "../../testing/factories.ts";
import type { HostHarness } from "../../testing/host-harness.ts";
import {
  addToCart,
  expectEverySplicedAsRendered,
  type KeptPagesShop,
  keptPagesShop,
  pageOf,
  withoutNonce,
} from "../../testing/kept-pages.ts";
import { type TestDatabase, testEngine } from "../../testing/test-db.ts";

const { engine, available } = testEngine();

/** A name with everything the markup and the hydration script escape, and long enough to wrap. */
const AWKWARD_NAME =
  'The "Weekender" Holdall & Travel <Duffel> – Extra Large, Full-Grain Leather ’24 Edition\u2028with a Very Long Name';

/** The guest's Cookie header (their cart's cookie only). */
const cookieOf = (guest: Shopper) => [...guest.cookies].map(([name, value]) => `${name}=${value}`).join("; ");

describe.skipIf(!available)(`kept pages for a guest with a cart on ${engine}`, () => {
  let shop: KeptPagesShop;
  let host: HostHarness;
  let database: TestDatabase;
  let catalogue: Catalogue;
  const carts: Record<"empty" | "one" | "many", Shopper> = {} as never;
  const pages = ["/", "/shop", "/shop/handbags", "/product/leather-tote", "/product/weekender-holdall"];
  const get = pageOf;

  beforeAll(async () => {
    shop = await keptPagesShop(AWKWARD_NAME);
    ({ host, database, catalogue } = shop);
    const { holdall } = shop;

    const { black, navy, tan } = catalogue.colors;
    const { oneSize, small } = catalogue.sizes;
    const { clutch, shirt, tote } = catalogue.products;
    carts.empty = shopper(host.api);
    const added = await addToCart(
      shop,
      carts.empty,
      { id: clutch, colorId: black.id, sizeId: oneSize.id },
      1,
    );
    expect((await carts.empty.post("/cart/remove", { id: added.cart[0]!.id })).status).toBe(200);
    carts.one = shopper(host.api);
    await addToCart(shop, carts.one, { id: clutch, colorId: black.id, sizeId: oneSize.id }, 1);
    carts.many = shopper(host.api);
    await addToCart(shop, carts.many, { id: holdall, colorId: tan.id, sizeId: oneSize.id }, 12);
    await addToCart(shop, carts.many, { id: tote, colorId: black.id, sizeId: oneSize.id }, 5);
    await addToCart(shop, carts.many, { id: shirt, colorId: navy.id, sizeId: small.id }, 3);
    await addToCart(shop, carts.many, { id: clutch, colorId: black.id, sizeId: oneSize.id }, 2);
  }, 90_000);

  afterAll(async () => {
    await shop?.close();
  });

  it("answers a guest with a cart with the kept page and their cart, the same page a full render gives them", async () => {
    const cookies = Object.fromEntries(Object.entries(carts).map(([name, guest]) => [name, cookieOf(guest)]));
    await expectEverySplicedAsRendered(shop, pages, cookies);
    // What the comparison covers: the counts, lines and labels of each cart, and the cart in the hydration data.
    const many = await get(host, "/product/leather-tote", { cookie: cookieOf(carts.many) });
    expect(many.html).toContain('aria-label="Cart, 22 items"');
    expect(many.html).toContain('data-testid="cart-count">22</span>');
    expect(many.html).toContain("The &quot;Weekender&quot; Holdall &amp; Travel &lt;Duffel&gt;");
    expect(many.html).toContain('\\\\\\"quantity\\\\\\":22');
    const empty = await get(host, "/product/leather-tote", { cookie: cookieOf(carts.empty) });
    expect(empty.html).toContain("No items added to cart");
  }, 120_000);

  it("sends the spliced page gzipped, and renders the page to keep when none was kept", async () => {
    host.pages.clear();
    const cookie = cookieOf(carts.many);
    const plain = await get(host, "/shop", { cookie });
    // No page was kept: this request rendered the page a visitor without cookies sees, and kept it.
    expect(plain.cache).toBe("splice");
    expect((await get(host, "/shop")).cache).toBe("hit");
    const zipped = await host.request("/shop", { headers: { cookie, "accept-encoding": "gzip, br" } });
    expect(zipped.headers.get("x-cache")).toBe("splice");
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    const body = gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString("utf8");
    expect(withoutNonce(zipped, body)).toBe(withoutNonce(plain.response, plain.html));
    // The cookie-less page is still the kept one: no guest's cart went into the cache.
    const anonymous = await get(host, "/shop");
    expect(anonymous.cache).toBe("hit");
    expect(anonymous.html).not.toContain('\\\\\\"quantity\\\\\\":22');
    expect(anonymous.html).toContain('aria-label="Cart, 0 items"');
  });

  it("shows the cart as it is now after a change", async () => {
    const guest = shopper(host.api);
    const { clutch } = catalogue.products;
    const size = await variantId(database.db, clutch, catalogue.colors.black.id, catalogue.sizes.oneSize.id);
    await guest.post("/cart/add", { id: clutch, size, quantity: 1 });
    expect((await get(host, "/", { cookie: cookieOf(guest) })).html).toContain('aria-label="Cart, 1 item"');
    await guest.post("/cart/add", { id: clutch, size, quantity: 1 });
    const after = await get(host, "/", { cookie: cookieOf(guest) });
    expect(after.cache).toBe("splice");
    expect(after.html).toContain('aria-label="Cart, 2 items"');
  });

  it("renders in full for any other cookie, a forged or unknown cart key, a page the cache does not keep, and HEAD", async () => {
    const cart = cookieOf(carts.one);
    await get(host, "/product/leather-tote");
    const policy = cookiePolicy(HARNESS_CONFIG);
    const unknownKey = setCookieHeader(CART_COOKIE, newSecret(), policy).split(";")[0]!;
    for (const cookie of [
      `${cart}; wishlist_key=x`,
      `${cart}; shop_session=x`,
      `${cart}; order_access=x`,
      `${cart}; unknown=1`,
      `${cart}; ${cart}`,
      "cart_key=forged.value",
      unknownKey,
    ]) {
      const answer = await get(host, "/product/leather-tote", { cookie });
      expect(answer.cache, cookie).toBeNull();
      expect(answer.response.status).toBe(200);
      expect(answer.response.headers.get("cache-control"), cookie).toBe("private, no-store");
    }
    for (const path of ["/cart", "/product/leather-tote?utm_source=mail", "/product/no-such-thing"]) {
      expect((await get(host, path, { cookie: cart })).cache, path).toBeNull();
    }
    const head = await host.request("/product/leather-tote", { method: "HEAD", headers: { cookie: cart } });
    expect(head.headers.get("x-cache")).toBe("splice");
    expect(head.headers.get("cache-control")).toBe("private, no-store");
  });
});
