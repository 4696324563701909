import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOG_CSV_COLUMNS } from "../../../shared/catalogue-csv.ts";
import { apiHarness } from "../../../testing/api-harness.ts";
import { buildCatalogue, type Catalogue } from "../../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../testing/test-db.ts";
import { csvRecord } from "../../csv.ts";
import { exportCatalogueText } from "./catalogue-export.ts";
import { importCatalogue } from "./catalogue-import.ts";
import { CsvFileError } from "./csv-rows.ts";

const { engine, available } = testEngine();
const ACTOR = { id: null, email: "import-test@shop.test" };
const HEADER = csvRecord(CATALOG_CSV_COLUMNS);

type Row = Partial<Record<(typeof CATALOG_CSV_COLUMNS)[number], string>>;
const csv = (rows: Row[]) =>
  HEADER + rows.map((row) => csvRecord(CATALOG_CSV_COLUMNS.map((c) => row[c] ?? ""))).join("");

/** A product of two variants, black S and M, with a photo. */
function duffel(handle: string, overrides: Row = {}): Row[] {
  return [
    {
      Handle: handle,
      Title: `Duffel ${handle}`,
      "Body (HTML)": "<p>Roomy <script>x()</script><b>bag</b></p>",
      Category: "Handbags",
      Tags: "Leather, Weekend",
      Status: "active",
      "New Arrival": "TRUE",
      "Daily Deal": "FALSE",
      "Discount Percent": "10",
      "Option1 Name": "Colour",
      "Option1 Value": "Black",
      "Option2 Name": "Size",
      "Option2 Value": "S",
      "Variant Price": "1499.50",
      "Variant Inventory Qty": "4",
      "Image Src": `/images/uploads/${handle}.webp`,
      "Image Alt Text": "The duffel, front",
      "Image Colour": "Black",
      ...overrides,
    },
    {
      Handle: handle,
      "Option1 Value": "Black",
      "Option2 Value": "M",
      "Variant Price": "1,600",
      "Variant Inventory Qty": "2",
    },
  ];
}

describe.skipIf(!available)(`catalogue CSV import and export on ${engine}`, () => {
  let database: TestDatabase;
  let catalogue: Catalogue;
  let changes = 0;
  const deps = () => ({
    db: database.db,
    onCatalogueChanged: () => {
      changes += 1;
    },
  });
  const run = (text: string, options: { dryRun?: boolean; strict?: boolean; onProgress?: () => void } = {}) =>
    importCatalogue(deps(), text, {
      actor: ACTOR,
      dryRun: options.dryRun ?? false,
      strict: options.strict,
      onProgress: options.onProgress,
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
  });
  afterAll(() => database?.drop());

  const productBySlug = (slug: string) =>
    database.db.selectFrom("products").selectAll().where("slug", "=", slug).executeTakeFirst();

  it("creates products with variants, tags (made when missing), photos, listing price and search", async () => {
    changes = 0;
    const report = await run(csv(duffel("csv-duffel-a")));
    expect(report).toMatchObject({
      dry_run: false,
      products: { created: 1, updated: 0, unchanged: 0, rejected: 0 },
      rows: { created: 2, total: 2 },
      rejections: [],
      created_tags: ["Weekend"],
    });
    expect(changes).toBe(1);
    const product = (await productBySlug("csv-duffel-a"))!;
    expect(product).toMatchObject({
      title: "Duffel csv-duffel-a",
      short_description: "<p>Roomy <b>bag</b></p>",
      category_id: catalogue.categories.bags.id,
      status: "active",
      new_arrival: 1,
      discount: 10,
      price: 149_950,
      sale_price: 134_955,
      image: "/images/uploads/csv-duffel-a.webp",
    });
    const variants = await database.db
      .selectFrom("variants")
      .select(["size_id", "price", "stock", "sku"])
      .where("product_id", "=", product.id)
      .orderBy("id")
      .execute();
    expect(variants).toEqual([
      { size_id: catalogue.sizes.small.id, price: 149_950, stock: 4, sku: "CSV-DUFFEL-A-BLACK-S" },
      { size_id: catalogue.sizes.medium.id, price: 160_000, stock: 2, sku: "CSV-DUFFEL-A-BLACK-M" },
    ]);
    const api = apiHarness(database);
    const found = (await (await api.request("/products?search=duffel")).json()) as {
      data: { slug: string }[];
    };
    expect(found.data.map((card) => card.slug)).toContain("csv-duffel-a");
    const audit = await database.db
      .selectFrom("audit_log")
      .select(["action", "entity_id"])
      .where("actor_email", "=", ACTOR.email)
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      { action: "product.create", entity_id: String(product.id) },
      { action: "catalogue.import", entity_id: "csv" },
    ]);
  });

  it("leaves a product as it is when the same file comes again, and reports it unchanged", async () => {
    const before = await productBySlug("csv-duffel-a");
    changes = 0;
    const report = await run(csv(duffel("csv-duffel-a")));
    expect(report.products).toEqual({ created: 0, updated: 0, unchanged: 1, rejected: 0 });
    expect(report.created_tags).toEqual([]);
    expect(changes).toBe(0);
    expect((await productBySlug("csv-duffel-a"))!.updated_at).toBe(before!.updated_at);
  });

  it("updates what changed, keeps a stock left blank, and logs before and after", async () => {
    const rows = duffel("csv-duffel-a", { "Variant Price": "1399", "Variant Inventory Qty": "" });
    const report = await run(csv(rows));
    expect(report.products).toMatchObject({ updated: 1 });
    const product = (await productBySlug("csv-duffel-a"))!;
    const small = await database.db
      .selectFrom("variants")
      .select(["price", "stock"])
      .where("product_id", "=", product.id)
      .where("size_id", "=", catalogue.sizes.small.id)
      .executeTakeFirstOrThrow();
    expect(small).toEqual({ price: 139_900, stock: 4 });
    expect(product.price).toBe(139_900);
    const entry = await database.db
      .selectFrom("audit_log")
      .select(["before", "after"])
      .where("action", "=", "product.update")
      .where("entity_id", "=", String(product.id))
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.before!)).toEqual({
      variants: { "Black / S": { sku: "CSV-DUFFEL-A-BLACK-S", price: 1499.5, stock: 4 } },
    });
    expect(JSON.parse(entry.after!).variants["Black / S"].price).toBe(1399);
  });

  it("sets Final Sale from its column (final_sale too), and keeps it when the file has no such column", async () => {
    const finalSale = async () => (await productBySlug("csv-duffel-a"))!.final_sale;
    // The price the test before left it at, so only the flag changes.
    const asBefore: Row = { "Variant Price": "1399" };
    expect(await finalSale()).toBe(0);
    expect(
      (await run(csv(duffel("csv-duffel-a", { ...asBefore, "Final Sale": "TRUE" })))).products,
    ).toMatchObject({
      updated: 1,
    });
    expect(await finalSale()).toBe(1);
    const entry = await database.db
      .selectFrom("audit_log")
      .select(["before", "after"])
      .where("action", "=", "product.update")
      .where("entity_id", "=", String((await productBySlug("csv-duffel-a"))!.id))
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.before!)).toEqual({ final_sale: false });
    expect(JSON.parse(entry.after!)).toEqual({ final_sale: true, source: "csv import" });
    // The same product from a file without the column: the flag stays, nothing else changes.
    const withoutColumn = (rows: Row[]) => {
      const columns = CATALOG_CSV_COLUMNS.filter((column) => column !== "Final Sale");
      return csvRecord(columns) + rows.map((row) => csvRecord(columns.map((c) => row[c] ?? ""))).join("");
    };
    expect((await run(withoutColumn(duffel("csv-duffel-a", asBefore)))).products).toMatchObject({
      unchanged: 1,
    });
    expect(await finalSale()).toBe(1);
    // A header named final_sale is the same column; a value that is not a yes or no refuses the product.
    const header = `Handle,final_sale,Option1 Value,Option2 Value,Variant Price\n`;
    const rows = "csv-duffel-a,no,Black,S,1399\ncsv-duffel-a,,Black,M,1600\n";
    expect((await run(header + rows)).products).toMatchObject({ updated: 1 });
    expect(await finalSale()).toBe(0);
    const refused = await run(`${header}csv-duffel-a,maybe,Black,S,1399\ncsv-duffel-a,,Black,M,1600\n`);
    expect(refused.rejections).toEqual([
      expect.objectContaining({ reason: 'Final Sale must be TRUE or FALSE (found "maybe").' }),
    ]);
  });

  it("refuses a product with every reason, row by row, and writes nothing of it (strict)", async () => {
    const text = csv([
      ...duffel("csv-bad-price", { "Variant Price": "Rs. twelve" }),
      ...duffel("csv-bad-colour", { "Option1 Value": "Teal" }),
      ...duffel("csv-taken-sku", { "Variant SKU": "CSV-DUFFEL-A-BLACK-M" }),
      {
        Handle: "csv-conflict",
        Title: "One",
        Category: "Handbags",
        "Option1 Value": "Black",
        "Option2 Value": "S",
        "Variant Price": "10",
      },
      {
        Handle: "csv-conflict",
        Title: "Two",
        "Option1 Value": "Navy",
        "Option2 Value": "S",
        "Variant Price": "10",
      },
      {
        Handle: "csv-no-category",
        Title: "No category",
        "Option1 Value": "Black",
        "Option2 Value": "S",
        "Variant Price": "10",
      },
      {
        Handle: "Not A Handle!",
        Title: "x",
        Category: "Handbags",
        "Option1 Value": "Black",
        "Option2 Value": "S",
        "Variant Price": "10",
      },
      ...duffel("csv-good"),
    ]);
    const report = await run(text, { strict: true });
    expect(report.products).toEqual({ created: 1, updated: 0, unchanged: 0, rejected: 6 });
    expect(report.rows).toMatchObject({ created: 2, rejected: 10, total: 12 });
    const reasons = report.rejections.map((entry) => `row ${entry.row}: ${entry.reason}`);
    expect(reasons).toEqual([
      'row 2: Variant Price must be a number of rupees like 1499 or 1499.50 (found "Rs. twelve").',
      expect.stringMatching(/^row 4: Colour "Teal" is not one of the shop's colours \(Black, Tan, Navy/),
      'row 6: Variant SKU CSV-DUFFEL-A-BLACK-M belongs to a variant of another product (Handle "csv-duffel-a").',
      "row 9: Title differs from row 8 of the same Handle; give it once, or the same on every row.",
      "row 10: Category is required for a new product.",
      expect.stringMatching(/^row 11: Handle "not a handle!" must be lower-case letters/),
    ]);
    for (const slug of [
      "csv-bad-price",
      "csv-bad-colour",
      "csv-taken-sku",
      "csv-conflict",
      "csv-no-category",
    ]) {
      expect(await productBySlug(slug), slug).toBeUndefined();
    }
    expect(await productBySlug("csv-good")).toBeDefined();
  });

  it("checks a file without saving anything in a dry run", async () => {
    changes = 0;
    const count = async () =>
      Number(
        (
          await database.db
            .selectFrom("audit_log")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const audits = await count();
    const report = await run(csv([...duffel("csv-dry"), ...duffel("csv-good", { Title: "Renamed" })]), {
      dryRun: true,
    });
    expect(report).toMatchObject({ dry_run: true, products: { created: 1, updated: 1 } });
    expect(report.message).toMatch(/^Checked only, nothing was saved/);
    expect(await productBySlug("csv-dry")).toBeUndefined();
    expect((await productBySlug("csv-good"))!.title).toBe("Duffel csv-good");
    expect(await count()).toBe(audits);
    expect(changes).toBe(0);
  });

  it("refuses a file it cannot read as a whole", async () => {
    await expect(run("Title,Price\r\nx,1\r\n")).rejects.toThrow(CsvFileError);
    await expect(run(HEADER)).rejects.toThrow(/empty/);
    await expect(run(`${HEADER}"open`)).rejects.toThrow(/never closed/);
  });

  it("finishes the rest when run again after a crash part-way through", async () => {
    const rows = Array.from({ length: 5 }, (_, index) => duffel(`csv-crash-${index}`)).flat();
    let batches = 0;
    await expect(
      importCatalogue({ db: database.db, batchSize: 2 }, csv(rows), {
        actor: ACTOR,
        dryRun: false,
        onProgress: () => {
          batches += 1;
          if (batches === 2) throw new Error("power cut");
        },
      }),
    ).rejects.toThrow("power cut");
    const saved = await database.db
      .selectFrom("products")
      .select("slug")
      .where("slug", "like", "csv-crash-%")
      .execute();
    expect(saved).toHaveLength(4);
    const report = await importCatalogue({ db: database.db, batchSize: 2 }, csv(rows), {
      actor: ACTOR,
      dryRun: false,
    });
    expect(report.products).toEqual({ created: 1, updated: 0, unchanged: 4, rejected: 0 });
  });

  it("exports a file that imports into an empty shop as the same catalogue", async () => {
    // A formula-looking title and a description with line breaks and quotes make the round trip harder.
    await run(
      csv(
        duffel("csv-formula", {
          Title: '=HYPERLINK("x") bag',
          "Body (HTML)": '<p>a, "b"\nc</p>',
          "Final Sale": "TRUE",
        }),
      ),
    );
    const first = await exportCatalogueText(database.db);
    expect(first.startsWith(HEADER)).toBe(true);
    expect(first).toContain("'=HYPERLINK");

    const empty = await createTestDatabase();
    try {
      for (const table of ["categories", "colors", "sizes"] as const) {
        const rows = await database.db.selectFrom(table).selectAll().execute();
        await (empty.db.insertInto(table) as any).values(rows).execute();
      }
      const report = await importCatalogue({ db: empty.db }, first, { actor: ACTOR, dryRun: false });
      expect(report.rejections).toEqual([]);
      expect(report.products.rejected).toBe(0);
      const second = await exportCatalogueText(empty.db);
      expect(second).toBe(first);
      const shape = (db: typeof empty.db) =>
        db
          .selectFrom("products")
          .select([
            "slug",
            "title",
            "status",
            "price",
            "sale_price",
            "image",
            "back_image",
            "in_stock",
            "discount",
            "final_sale",
          ])
          .orderBy("slug")
          .execute();
      expect(await shape(empty.db)).toEqual(await shape(database.db));
      // Variants, photos and tags by name, since ids differ between the two shops.
      const parts = async (db: typeof empty.db) => ({
        variants: await db
          .selectFrom("variants")
          .innerJoin("products", "products.id", "variants.product_id")
          .innerJoin("colors", "colors.id", "variants.color_id")
          .innerJoin("sizes", "sizes.id", "variants.size_id")
          .select([
            "products.slug",
            "colors.name as colour",
            "sizes.name as size",
            "sku",
            "variants.price",
            "stock",
          ])
          .orderBy("sku")
          .execute(),
        images: await db
          .selectFrom("product_images")
          .innerJoin("products", "products.id", "product_images.product_id")
          .leftJoin("colors", "colors.id", "product_images.color_id")
          .select(["products.slug", "file", "alt", "position", "colors.name as colour"])
          .orderBy("products.slug")
          .orderBy("position")
          .execute(),
        tags: await db
          .selectFrom("product_tags")
          .innerJoin("products", "products.id", "product_tags.product_id")
          .innerJoin("tags", "tags.id", "product_tags.tag_id")
          .select(["products.slug", "tags.name"])
          .orderBy("products.slug")
          .orderBy("tags.name")
          .execute(),
      });
      expect(await parts(empty.db)).toEqual(await parts(database.db));
      const again = await importCatalogue({ db: empty.db }, second, { actor: ACTOR, dryRun: false });
      expect(again.products.unchanged).toBe(report.products.created);
    } finally {
      await empty.drop();
    }
  });
});
