import { describe, expect, it } from "vitest";
import { buildCatalogue } from "../testing/factories.ts";
import { runningShop } from "../testing/running-shop.ts";

/** Waits until `check()` holds, for up to 10 s (the job runs every second). */
async function eventually(check: () => Promise<boolean>) {
  for (let waited = 0; waited < 10_000; waited += 100) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(await check()).toBe(true);
}

/**
 * A scheduled sale with nobody there (docs/decisions/0048-scheduled-sales.md): the shop's own job starts it, and
 * the product page it kept shows the sale's price at the next request; it ends the same way.
 */
describe("the campaign clock of a running shop", { timeout: 60_000 }, () => {
  const running = runningShop();

  it("starts and ends a sale on its own, and the kept product page follows", async () => {
    const { platform, shop } = await running.start({ CAMPAIGN_CHECK_SECONDS: "1" });
    const { db } = platform.database;
    const catalogue = await buildCatalogue(db);
    const productPage = async () => {
      const response = await shop.request("http://shop.test/product/evening-clutch");
      return { cache: response.headers.get("x-cache"), html: await response.text() };
    };
    expect((await productPage()).cache).toBe("miss");
    expect((await productPage()).cache).toBe("hit");

    const now = Date.now();
    const { id } = await db
      .insertInto("campaigns")
      .values({
        name: "Flash sale",
        percent: 20,
        scope: "products",
        scope_ids: JSON.stringify([catalogue.products.clutch]),
        starts_at: new Date(now - 60_000).toISOString(),
        ends_at: new Date(now + 3_600_000).toISOString(),
        status: "active",
        created_by: "tests",
        created_at: new Date(now).toISOString(),
        updated_at: new Date(now).toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // Rs. 4,500 less 20%: the page shows Rs. 3,600 once the job has run, without anybody saving anything.
    await eventually(async () => (await productPage()).html.includes("3,600"));
    const onSale = (await productPage()).html.replaceAll("<!-- -->", "");
    expect(onSale).toContain('<span class="badge badge--sale">- 20%</span>');
    expect(onSale).toMatch(/<del class="price__old"><span class="visually-hidden">Was <\/span>Rs\. 4,500/);
    // Its end comes (moved to a moment ago, as time would): the page goes back at the job's next run.
    await db
      .updateTable("campaigns")
      .set({ ends_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", id)
      .execute();
    await eventually(async () => !(await productPage()).html.includes("3,600"));
    const product = await db
      .selectFrom("products")
      .select(["discount", "campaign_discount", "sale_price"])
      .where("id", "=", catalogue.products.clutch)
      .executeTakeFirstOrThrow();
    expect(product).toEqual({ discount: 0, campaign_discount: 0, sale_price: 450_000 });
  });
});
