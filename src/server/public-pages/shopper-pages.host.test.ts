import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookiePolicy, SESSION_COOKIE, setCookieHeader } from "../../shared/cookies.server.ts";
import { REVIEW_MESSAGES } from "../../shared/review-limits.ts";
import { HARNESS_CONFIG, registeredShopper, type Shopper, shopper } from "../../testing/api-harness.ts";
import type { Catalogue } from "../../testing/factories.ts";
import type { HostHarness } from "../../testing/host-harness.ts";
import {
  addToCart,
  expectEverySplicedAsRendered,
  type KeptPagesShop,
  keptPagesShop,
  pageOf,
} from "../../testing/kept-pages.ts";
import { type TestDatabase, testEngine } from "../../testing/test-db.ts";

const { engine, available } = testEngine();

/** A name with everything the markup and the hydration script escape. */
const AWKWARD_NAME = 'The "Weekender" Holdall & Travel <Duffel> ’24\u2028Edition';

/** A browser's Cookie header for `client`: its guest cookies, or its session cookie once signed in. */
function cookieOf(client: Shopper): string {
  if (client.token) {
    return setCookieHeader(SESSION_COOKIE, client.token, cookiePolicy(HARNESS_CONFIG)).split(";")[0]!;
  }
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}

describe.skipIf(!available)(`kept pages for signed-in shoppers and wishlist holders on ${engine}`, () => {
  let shop: KeptPagesShop;
  let host: HostHarness;
  let database: TestDatabase;
  let catalogue: Catalogue;
  const clients: Record<"sana" | "omar" | "guestCart" | "guestWishlist" | "guestBoth", Shopper> = {} as never;
  const pages = [
    "/",
    "/shop",
    "/shop/handbags",
    "/product/leather-tote",
    "/product/weekender-holdall",
    "/product/oxford-shirt?color=1",
    "/about",
  ];
  const get = pageOf;

  beforeAll(async () => {
    shop = await keptPagesShop(AWKWARD_NAME);
    ({ host, database, catalogue } = shop);
    const { holdall } = shop;

    const { black, navy, tan } = catalogue.colors;
    const { oneSize, small } = catalogue.sizes;
    const { clutch, shirt, tote } = catalogue.products;
    const save = async (client: Shopper, id: number) => {
      const answer = await client.post("/wishlist/add", { id });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    };
    clients.sana = await registeredShopper(host.api, {
      first_name: "Sana",
      last_name: "Malik-O'Brien",
      email: "sana@example.pk",
    });
    await addToCart(shop, clients.sana, { id: tote, colorId: black.id, sizeId: oneSize.id }, 2);
    await save(clients.sana, clutch);
    await save(clients.sana, holdall);
    clients.omar = await registeredShopper(host.api, {
      first_name: "Omar",
      last_name: "Farooq",
      email: "omar@example.pk",
    });
    await addToCart(shop, clients.omar, { id: shirt, colorId: navy.id, sizeId: small.id }, 3);
    clients.guestCart = shopper(host.api);
    await addToCart(shop, clients.guestCart, { id: holdall, colorId: tan.id, sizeId: oneSize.id }, 5);
    clients.guestWishlist = shopper(host.api);
    await save(clients.guestWishlist, tote);
    clients.guestBoth = shopper(host.api);
    await addToCart(shop, clients.guestBoth, { id: clutch, colorId: black.id, sizeId: oneSize.id }, 1);
    await save(clients.guestBoth, shirt);
  }, 90_000);

  afterAll(async () => {
    await shop?.close();
  });

  it("answers each shopper with the kept page and their own, the same page a full render gives them", async () => {
    const cookies = Object.fromEntries(
      Object.entries(clients).map(([name, client]) => [name, cookieOf(client)]),
    );
    await expectEverySplicedAsRendered(shop, pages, cookies);
    // What the comparison covers: the name, the counts, the pressed hearts, the review gate, the inline data.
    const sana = await get(host, "/product/weekender-holdall", { cookie: cookieOf(clients.sana) });
    expect(sana.html).toContain('aria-label="Account: Sana"');
    expect(sana.html).toContain("Sana Malik-O&#x27;Brien");
    expect(sana.html).toContain('aria-label="Wishlist, 2 items"');
    expect(sana.html).toContain('aria-label="Cart, 2 items"');
    expect(sana.html).toMatch(/aria-pressed="true" aria-label="Remove from wishlist: The &quot;Weekender/);
    expect(sana.html).toContain(REVIEW_MESSAGES.notPurchased);
    expect(sana.html).not.toContain("to review this product");
    expect(sana.html).toContain('\\\\\\"signedIn\\\\\\":true');
    expect(sana.html).toContain('\\\\\\"first_name\\\\\\":\\\\\\"Sana\\\\\\"');
  }, 180_000);

  it("never shows one shopper another's name, cart or wishlist, whatever order they come in", async () => {
    host.pages.clear();
    const { sana, omar, guestCart } = clients;
    /** What only each shopper's page may name: their name, email, cart lines' titles and quantities. */
    const own = {
      sana: ["Sana", "sana@example.pk", "Leather Tote", 'aria-label="Cart, 2 items"'],
      omar: ["Omar", "omar@example.pk", "Oxford_Shirt", 'aria-label="Cart, 3 items"'],
      guestCart: ["Weekender", 'aria-label="Cart, 5 items"'],
    };
    const cookies = { sana: cookieOf(sana), omar: cookieOf(omar), guestCart: cookieOf(guestCart) };
    // On /about no product is shown but the cart's: every title on it is the shopper's own.
    const order = ["sana", "omar", "guestCart", "omar", "sana", "guestCart", "sana", "omar"] as const;
    const answers = await Promise.all(
      order.flatMap((who) => [
        get(host, "/about", { cookie: cookies[who] }).then((answer) => ({ who, ...answer })),
        get(host, "/about").then((answer) => ({ who: "anonymous" as const, ...answer })),
      ]),
    );
    for (const { who, html, cache } of answers) {
      expect(cache, who).not.toBeNull();
      for (const [owner, marks] of Object.entries(own)) {
        for (const mark of marks) {
          if (owner === who) expect(html, `${who}'s page shows ${mark}`).toContain(mark);
          else expect(html, `${who}'s page shows ${owner}'s ${mark}`).not.toContain(mark);
        }
      }
    }
    // A product page, where the cart's titles are not the only ones: the names, counts and the inline cart.
    const product = "/product/evening-clutch";
    const [ofSana, ofOmar] = await Promise.all([
      get(host, product, { cookie: cookies.sana }),
      get(host, product, { cookie: cookies.omar }),
    ]);
    expect(ofSana.cache).toBe("splice");
    expect(ofOmar.cache).toBe("splice");
    /** A cart line's quantity as the inline data has it. */
    const quantity = (n: number) => `\\\\\\"quantity\\\\\\":${n}`;
    expect(ofSana.html).toContain("sana@example.pk");
    expect(ofSana.html).toContain(quantity(2));
    expect(ofOmar.html).toContain(quantity(3));
    for (const mark of ["Omar", "Farooq", "omar@example.pk", quantity(3)])
      expect(ofSana.html).not.toContain(mark);
    for (const mark of ["Sana", "Malik", "sana@example.pk", quantity(2)])
      expect(ofOmar.html).not.toContain(mark);
    // The clutch is on Sana's wishlist only.
    expect(ofSana.html).toMatch(/aria-pressed="true" aria-label="Remove from wishlist: Evening Clutch/);
    expect(ofOmar.html).not.toContain('aria-pressed="true"');
    // Nothing of either went into the kept page.
    const anonymous = await get(host, product);
    expect(anonymous.cache).toBe("hit");
    expect(anonymous.html).not.toMatch(/Sana|Omar|aria-pressed="true"|Cart, [1-9]/);
  }, 60_000);

  it("shows the shopper's wishlist as it is now after a change", async () => {
    const client = shopper(host.api);
    await client.post("/wishlist/add", { id: catalogue.products.tote });
    const before = await get(host, "/shop", { cookie: cookieOf(client) });
    expect(before.html).toContain('aria-label="Wishlist, 1 item"');
    await client.post("/wishlist/add", { id: catalogue.products.shirt });
    const after = await get(host, "/shop", { cookie: cookieOf(client) });
    expect(after.cache).toBe("splice");
    expect(after.html).toContain('aria-label="Wishlist, 2 items"');
  });

  it("renders in full for staff, a refused session, a session beside guest cookies, and unknown cookies", async () => {
    const path = "/product/leather-tote";
    await get(host, path);
    const staff = await registeredShopper(host.api, {
      first_name: "Staff",
      last_name: "Member",
      email: "st@example.pk",
    });
    await database.db
      .updateTable("users")
      .set({ role: "staff" })
      .where("email", "=", "st@example.pk")
      .execute();
    const revoked = setCookieHeader(SESSION_COOKIE, "x".repeat(43), cookiePolicy(HARNESS_CONFIG)).split(
      ";",
    )[0]!;
    for (const cookie of [
      cookieOf(staff),
      revoked,
      `${cookieOf(clients.sana)}; ${cookieOf(clients.guestCart)}`,
      `${cookieOf(clients.guestWishlist)}; unknown=1`,
      `${cookieOf(clients.sana)}; ${cookieOf(clients.sana)}`,
      "wishlist_key=forged.value",
    ]) {
      const answer = await get(host, path, { cookie });
      expect(answer.cache, cookie).toBeNull();
      expect(answer.response.status).toBe(200);
      expect(answer.response.headers.get("cache-control"), cookie).toBe("private, no-store");
    }
    // The refused session's render clears it, as before.
    expect((await get(host, path, { cookie: revoked })).response.headers.get("set-cookie")).toContain(
      "shop_session=;",
    );
  });
});
