import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMPTY_CART } from "../../api/cart/cart.service.ts";
import { insertProduct } from "../../api/products/product-writer.ts";
import { APP_ENTRY_ID, PARKED_SCRIPT_TYPE } from "../../storefront/lib/deferred-hydration.ts";
import { inHydrationScript } from "../../storefront/lib/react-router-format.server.ts";
import { cartData } from "../../storefront/shop/layout/cart-data.ts";
import { buildCatalogue } from "../../testing/factories.ts";
import { type HostHarness, hostHarness } from "../../testing/host-harness.ts";
import { createTestDatabase, type TestDatabase } from "../../testing/test-db.ts";

/**
 * What the shop assumes about the HTML React Router writes (storefront/lib/react-router-format.server.ts), checked
 * on real pages. When this fails after a React Router upgrade, the format changed: pages would hydrate at once
 * (120 KB of JavaScript on every load) or a guest's cart could no longer be spliced into kept pages. Update
 * react-router-format.server.ts to the new format before anything else.
 */
describe("React Router's HTML, as the shop reads it", () => {
  let database: TestDatabase;
  let host: HostHarness;
  let home: string;
  let product: string;
  const page = async (path: string) => (await host.request(path)).text();
  /** Every character turbo-stream and the inline script escape, in a loader's string. */
  const awkward = 'A "Quoted" <Tote> & Co.\u2028’26\u2029 \\ back/slash';

  beforeAll(async () => {
    database = await createTestDatabase();
    const catalogue = await buildCatalogue(database.db);
    await insertProduct(database.db, {
      slug: "awkward-tote",
      title: awkward,
      categoryId: catalogue.categories.bags.id,
      shortDescription: "",
      images: [],
      discount: 0,
      newArrival: false,
      dailyDeal: false,
      tagIds: [],
      variants: [
        { colorId: catalogue.colors.tan.id, sizeId: catalogue.sizes.oneSize.id, price: 100_000, stock: 5 },
      ],
    });
    host = await hostHarness(database, { PAGE_CACHE_MB: "0" });
    // The first render transforms the storefront (seconds on a busy machine): here, not in a test's 5 s.
    [home, product] = await Promise.all([page("/"), page("/product/awkward-tote")]);
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await database?.drop();
  });

  it("writes one inline module script filling __reactRouterRouteModules, which the page parks until the first interaction", () => {
    const html = home;
    const parked = html.match(new RegExp(`<script [^>]*type="${PARKED_SCRIPT_TYPE}"[^>]*>`, "g")) ?? [];
    expect(
      parked,
      "React Router's module script was not found: deferAppScripts no longer parks it",
    ).toHaveLength(1);
    expect(parked[0]).toContain(`id="${APP_ENTRY_ID}"`);
    expect(parked[0]).toMatch(/data-preload="\[&quot;\/[^"]+&quot;/);
    expect(html).not.toMatch(/<script\b[^>]*\btype="module"/);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain("__reactRouterRouteModules");
  });

  it("escapes loader strings in the hydration script as inHydrationScript says, so a kept page's cart can be found", () => {
    const emptyCart = inHydrationScript(cartData(EMPTY_CART));
    expect(home.split(emptyCart), "the empty cart's text is not where the splice looks for it").toHaveLength(
      2,
    );
    expect(product, "a loader string's escaping changed").toContain(inHydrationScript(awkward));
  });
});
