import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SizeChart } from "../../shared/contracts/product-details.ts";
import { type AdminHarness, adminHarness, expectBackOfficeOnly } from "../../testing/admin-harness.ts";
import { KURTA_CHART, newProductBody } from "../../testing/admin-product-fixtures.ts";
import { type ApiHarness, apiHarness } from "../../testing/api-harness.ts";
import { buildCatalogue, type Catalogue } from "../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { exportCatalogueText } from "../admin/catalogue-csv/catalogue-export.ts";
import { importCatalogue } from "../admin/catalogue-csv/catalogue-import.ts";
import { readDetailsCell, readSizeChartCell } from "../admin/catalogue-csv/detail-cells.ts";

const { engine, available } = testEngine();

const CATEGORY_CHART: SizeChart = {
  title: "Handbag sizes",
  note: "Centimetres",
  columns: ["Size", "Width", "Height"],
  rows: [["S", "25", "18"]],
};

/** Product details and size charts (issue 35 item 4, decision 0063): written by staff, shown on the product's page. */
describe.skipIf(!available)(`product details and size charts on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;
  let admin: AdminHarness;
  let catalogue: Catalogue;
  let changes = 0;
  let sequence = 0;
  const countChange = () => {
    changes += 1;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    api = apiHarness(database, { onCatalogueChanged: countChange });
    admin = await adminHarness(database, api);
  });
  afterAll(() => database?.drop());

  async function create(overrides: Record<string, unknown> = {}) {
    sequence += 1;
    const { status, body } = await admin.staff.post(
      "/admin/products",
      newProductBody(catalogue, sequence, overrides),
    );
    expect(status, JSON.stringify(body)).toBe(201);
    return body as { id: number; slug: string; updated_at: string };
  }

  const page = async (slug: string) => {
    const response = await api.request(`/product/${slug}`);
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };

  it("is for staff and owners", async () => {
    const product = await create();
    await expectBackOfficeOnly(admin, "PATCH", `/admin/products/${product.id}`, {
      details: [{ label: "Fabric", value: "Lawn" }],
    });
    await expectBackOfficeOnly(
      admin,
      "PATCH",
      `/admin/catalogue/categories/${catalogue.categories.bags.id}`,
      {
        size_chart: CATEGORY_CHART,
      },
    );
  });

  it("keeps a product's details in order, trimmed, audited, and shows them on its page", async () => {
    const product = await create({
      details: [
        { label: " Fabric ", value: "Lawn " },
        { label: "Fit", value: "Regular" },
        { label: "Care", value: "Hand wash cold; dry in shade" },
      ],
    });
    const shown = await page(product.slug);
    expect(shown.details).toEqual([
      { label: "Fabric", value: "Lawn" },
      { label: "Fit", value: "Regular" },
      { label: "Care", value: "Hand wash cold; dry in shade" },
    ]);
    expect(shown.size_chart).toBeNull();

    changes = 0;
    const edited = await admin.staff.call("PATCH", `/admin/products/${product.id}`, {
      details: [{ label: "Fabric", value: "Khaddar" }],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.details).toEqual([{ label: "Fabric", value: "Khaddar" }]);
    expect(changes).toBe(1);
    expect((await page(product.slug)).details).toEqual([{ label: "Fabric", value: "Khaddar" }]);
    const audit = await database.db
      .selectFrom("audit_log")
      .select(["before", "after"])
      .where("action", "=", "product.update")
      .where("entity_id", "=", String(product.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after!).details).toEqual([{ label: "Fabric", value: "Khaddar" }]);
    expect(JSON.parse(audit.before!).details).toHaveLength(3);
  });

  it("refuses details and charts it cannot show, with each field's message (422)", async () => {
    const product = await create();
    const refused = async (body: Record<string, unknown>) => {
      const response = await admin.staff.call("PATCH", `/admin/products/${product.id}`, body);
      expect(response.status).toBe(422);
      return JSON.stringify(response.body.errors);
    };
    expect(await refused({ details: [{ label: "", value: "Lawn" }] })).toContain(
      "Each detail needs a label, like Fabric.",
    );
    expect(await refused({ details: [{ label: "Fabric", value: "x".repeat(301) }] })).toContain(
      "may not be longer than 300 characters",
    );
    expect(
      await refused({
        details: Array.from({ length: 21 }, (_, n) => ({ label: `Label ${n}`, value: "v" })),
      }),
    ).toContain("at most 20 details");
    expect(
      await refused({
        details: [
          { label: "Fit", value: "Slim" },
          { label: "fit", value: "Regular" },
        ],
      }),
    ).toContain("Each detail's label may be given once.");
    expect(await refused({ size_chart: { ...KURTA_CHART, rows: [["S", "38"]] } })).toContain(
      "one cell per column",
    );
    expect(await refused({ size_chart: { ...KURTA_CHART, columns: ["Size"], rows: [["S"]] } })).toContain(
      "at least two columns",
    );
    expect(await refused({ size_chart: { ...KURTA_CHART, rows: [] } })).toContain("at least one row");
    expect(await refused({ size_chart: "big" })).toContain("expected object");
  });

  it("shows the product's own chart over its category's, the category's (or a parent's) otherwise", async () => {
    const own = await create({ size_chart: KURTA_CHART });
    const plain = await create();
    expect((await page(plain.slug)).size_chart).toBeNull();

    changes = 0;
    const saved = await admin.staff.call(
      "PATCH",
      `/admin/catalogue/categories/${catalogue.categories.bags.id}`,
      {
        size_chart: CATEGORY_CHART,
      },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.size_chart).toEqual(CATEGORY_CHART);
    expect(changes).toBe(1);
    expect((await page(plain.slug)).size_chart).toEqual({ ...CATEGORY_CHART, source: "category" });
    expect((await page(own.slug)).size_chart).toEqual({ ...KURTA_CHART, source: "product" });

    const child = await admin.staff.post("/admin/catalogue/categories", {
      name: "Clutches",
      parent_id: catalogue.categories.bags.id,
    });
    const inChild = await create({ category_id: child.body.id });
    expect((await page(inChild.slug)).size_chart).toEqual({ ...CATEGORY_CHART, source: "category" });

    const removed = await admin.staff.call("PATCH", `/admin/products/${own.id}`, { size_chart: null });
    expect(removed.body.size_chart).toBeNull();
    expect((await page(own.slug)).size_chart).toEqual({ ...CATEGORY_CHART, source: "category" });

    await admin.staff.call("PATCH", `/admin/catalogue/categories/${catalogue.categories.bags.id}`, {
      size_chart: null,
    });
    expect((await page(plain.slug)).size_chart).toBeNull();
    const audit = await database.db
      .selectFrom("audit_log")
      .select("after")
      .where("action", "=", "category.update")
      .orderBy("id")
      .execute();
    expect(audit.map((entry) => JSON.parse(entry.after!).size_chart)).toEqual([CATEGORY_CHART, null]);
  });

  it("carries details and charts through the CSV: export then import changes nothing", async () => {
    const product = await create({
      details: [
        { label: "Fabric", value: "Cotton; lined" },
        { label: "Care: note", value: "Wipe | dry: never soak \\ wring" },
      ],
      size_chart: { ...KURTA_CHART, title: "Sizes | fit; chart" },
    });
    const exported = await exportCatalogueText(database.db);
    expect(exported).toContain("Fabric: Cotton\\; lined; Care\\: note: Wipe | dry: never soak \\\\ wring");
    const deps = { db: database.db, onCatalogueChanged: countChange };
    const actor = { id: null, email: "csv@shop.test" };
    // The first import settles the factory's products (a description stored unsanitised); ours is unchanged.
    expect((await importCatalogue(deps, exported, { actor, dryRun: false })).products.rejected).toBe(0);
    expect(await exportCatalogueText(database.db)).toBe(exported);
    changes = 0;
    const report = await importCatalogue(deps, exported, { actor, dryRun: false });
    expect(report.products).toMatchObject({ updated: 0, created: 0, rejected: 0 });
    expect(changes).toBe(0);

    const edited = exported.replace(
      "Fabric: Cotton\\; lined; Care\\: note: Wipe | dry: never soak \\\\ wring",
      "Fabric: Silk",
    );
    const again = await importCatalogue(deps, edited, { actor, dryRun: false });
    expect(again.products.updated).toBe(1);
    const shown = await page(product.slug);
    expect(shown.details).toEqual([{ label: "Fabric", value: "Silk" }]);
    expect(shown.size_chart).toEqual({ ...KURTA_CHART, title: "Sizes | fit; chart", source: "product" });
  });

  it("reads the CSV cells back or says what is wrong with them", () => {
    expect(readDetailsCell("Fabric: Lawn;  Fit : Regular ;")).toEqual([
      { label: "Fabric", value: "Lawn" },
      { label: "Fit", value: "Regular" },
    ]);
    expect(readDetailsCell("Fabric Lawn")).toMatch(/^Details must be "Label: value" pairs/);
    expect(readSizeChartCell("Kurta | Inches; Size | Chest; S | 38; M | 40")).toEqual({
      title: "Kurta",
      note: "Inches",
      columns: ["Size", "Chest"],
      rows: [
        ["S", "38"],
        ["M", "40"],
      ],
    });
    expect(readSizeChartCell("Kurta | Inches; Size | Chest; S")).toBe(
      "Size Chart: Every row of the size chart must have one cell per column.",
    );
    expect(readSizeChartCell("just words")).toMatch(/^Size Chart must be/);
  });
});
