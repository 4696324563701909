import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalogue, type Catalogue } from "../../../testing/factories.ts";
import { HOST_URL, type HostHarness, hostHarness, registeredCookie } from "../../../testing/host-harness.ts";
import { createTestDatabase, type TestDatabase } from "../../../testing/test-db.ts";

/**
 * The size chart editor and the product's details through the real host, as plain forms without JavaScript:
 * adding a row saves nothing and keeps what was typed, a save redirects (303), a refusal says why and keeps the
 * grid, and the shopper's page then shows the chart and the details.
 */
describe("size chart and details pages without JavaScript", () => {
  let database: TestDatabase;
  let host: HostHarness;
  let catalogue: Catalogue;
  let staff = "";

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    host = await hostHarness(database);
    staff = await registeredCookie(host, database, "staff@example.test", "staff");
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await database?.drop();
  });

  const page = (path: string) => host.request(path, { headers: { cookie: staff } });
  const post = (path: string, fields: [string, string][]) =>
    host.request(path, {
      method: "POST",
      headers: { cookie: staff, origin: HOST_URL, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  const grid = (rows: string[][]): [string, string][] => [
    ["chart_title", "Bag sizes"],
    ["chart_note", "Centimetres"],
    ["chart_columns", "2"],
    ["chart_rows", String(rows.length)],
    ["chart_head_0", "Size"],
    ["chart_head_1", "Width"],
    ...rows.flatMap((row, r) => row.map((cell, c): [string, string] => [`chart_cell_${r}_${c}`, cell])),
  ];

  it("edits a category's chart: a row added keeps the typing, a refusal says why, a save redirects", async () => {
    const path = `/admin/catalogue/categories/${catalogue.categories.bags.id}/size-chart`;
    const empty = await (await page(path)).text();
    expect(empty).toContain("Size chart: Handbags");
    expect(empty).toContain('value="Chest"');
    expect((await page("/admin/catalogue/categories/999999/size-chart")).status).toBe(404);

    const added = await post(path, [...grid([["S", "25"]]), ["intent", "chart-add-row"]]);
    expect(added.status).toBe(200);
    const addedPage = await added.text();
    expect(addedPage).toContain('name="chart_cell_1_0"');
    expect(addedPage).toContain('value="25"');

    const refused = await post(path, [
      ...grid([
        ["S", "25"],
        ["M", ""],
      ]),
      ["intent", "chart-save"],
    ]);
    expect(refused.status).toBe(422);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain("Every cell of the size chart needs a value.");
    expect(refusedPage).toContain('value="M"');

    const saved = await post(path, [
      ...grid([
        ["S", "25"],
        ["", ""],
      ]),
      ["intent", "chart-save"],
    ]);
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(`${path}?notice=chart-saved`);
    const chart = await database.db
      .selectFrom("categories")
      .select("size_chart")
      .where("id", "=", catalogue.categories.bags.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(chart.size_chart!)).toEqual({
      title: "Bag sizes",
      note: "Centimetres",
      columns: ["Size", "Width"],
      rows: [["S", "25"]],
    });
    expect(await (await page("/admin/catalogue/categories")).text()).toContain("Edit chart");
  });

  it("saves a product's details from its form, and the shopper's page shows them and the category's chart", async () => {
    const product = await database.db
      .selectFrom("products")
      .select(["id", "slug"])
      .where("category_id", "=", catalogue.categories.bags.id)
      .where("status", "=", "active")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const editor = await (await page(`/admin/products/${product.id}`)).text();
    expect(editor).toContain('list="detail-labels"');
    const more = await post(`/admin/products/${product.id}`, [
      ["detail_label", "Fabric"],
      ["detail_value", "Canvas"],
      ["intent", "grid"],
    ]);
    expect(more.status).toBe(200);
    expect(await more.text()).toContain('value="Canvas"');

    await database.db
      .updateTable("products")
      .set({ details: JSON.stringify([{ label: "Fabric", value: "Canvas" }]) })
      .where("id", "=", product.id)
      .execute();
    const shop = await (await host.request(`/product/${product.slug}`)).text();
    expect(shop).toContain("<dt>Fabric</dt><dd>Canvas</dd>");
    expect(shop).toContain('<summary class="size-chart__button">Size chart</summary>');
    expect(shop).toContain("Bag sizes");
  });
});
