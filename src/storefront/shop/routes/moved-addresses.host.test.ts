import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAs } from "../../../testing/admin-harness.ts";
import { buildCatalogue, type Catalogue } from "../../../testing/factories.ts";
import { type HostHarness, hostHarness } from "../../../testing/host-harness.ts";
import { createTestDatabase, type TestDatabase } from "../../../testing/test-db.ts";

/**
 * Old addresses through the real host: a category whose slug changed answers 301 to its new address, with the
 * listing's parameters kept, as a product's old slug does; an address that was never a category's is a 404.
 */
describe("a category's old address", () => {
  let database: TestDatabase;
  let host: HostHarness;
  let catalogue: Catalogue;

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    host = await hostHarness(database);
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await database?.drop();
  });

  it("answers 301 to the category's new address, keeping the listing's parameters", async () => {
    const slug = "handbags";
    expect((await host.request(`/shop/${slug}`, { redirect: "manual" })).status).toBe(200);
    const staff = await signedInAs(host.api, database, "staff");
    const renamed = await staff.call("PATCH", `/admin/catalogue/categories/${catalogue.categories.bags.id}`, {
      slug: "all-bags",
    });
    expect(renamed.status).toBe(200);

    const moved = await host.request(`/shop/${slug}?sort=low2high&page=2`, { redirect: "manual" });
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/shop/all-bags?sort=low2high&page=2");
    expect((await host.request("/shop/all-bags", { redirect: "manual" })).status).toBe(200);
    expect((await host.request("/shop/never-a-category", { redirect: "manual" })).status).toBe(404);
  });
});
