import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_MESSAGES } from "../../../shared/product-admin.ts";
import {
  type AdminHarness,
  adminHarness,
  cookieClient,
  expectBackOfficeOnly,
  SAME_ORIGIN,
} from "../../../testing/admin-harness.ts";
import { newProductBody } from "../../../testing/admin-product-fixtures.ts";
import { apiHarness, shopper } from "../../../testing/api-harness.ts";
import { buildCatalogue, type Catalogue } from "../../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../testing/test-db.ts";
import { catalogueWrite } from "../../catalogue/catalogue-write.ts";
import { updateProduct } from "../../products/product-writer.ts";

const { engine, available } = testEngine();

describe.skipIf(!available)(`back-office products API on ${engine}`, () => {
  let database: TestDatabase;
  let admin: AdminHarness;
  let catalogue: Catalogue;
  let sequence = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    admin = await adminHarness(database, apiHarness(database));
  });
  afterAll(() => database?.drop());

  /** A valid new product: two colours in two sizes, with a title no other test uses. */
  function newProduct(overrides: Record<string, unknown> = {}) {
    sequence += 1;
    return newProductBody(catalogue, sequence, overrides);
  }

  async function create(overrides: Record<string, unknown> = {}) {
    const { status, body } = await admin.staff.post("/admin/products", newProduct(overrides));
    expect(status, JSON.stringify(body)).toBe(201);
    return body;
  }

  /** An order line for the product's first variant, as checkout writes it. */
  async function ordered(productId: number) {
    const variant = await database.db
      .selectFrom("variants")
      .select(["id", "price"])
      .where("product_id", "=", productId)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const order = await database.db
      .insertInto("orders")
      .values({
        number: `BT-TEST-${productId}-${Date.now()}`,
        user_id: null,
        email: "buyer@example.pk",
        phone: "0300 0000000",
        country: "Pakistan",
        first_name: "Sana",
        last_name: "Iqbal",
        address: "House 1",
        address_2: "",
        city: "Lahore",
        postcode: "",
        notes: "",
        subtotal: variant.price,
        delivery_charge: 20_000,
        discount: 0,
        total: variant.price + 20_000,
        status: "pending",
        created_at: new Date().toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto("order_items")
      .values({
        order_id: order.id,
        product_id: productId,
        variant_id: variant.id,
        product_name: "x",
        product_slug: "x",
        color_name: "Black",
        size_name: "S",
        unit_price: variant.price,
        quantity: 1,
        line_total: variant.price,
      })
      .execute();
    return variant.id;
  }

  const listSearch = async (search: string) =>
    (
      (await shopper(admin.api).get(`/products?search=${encodeURIComponent(search)}`)).body.data as {
        id: number;
      }[]
    ).map((card) => card.id);

  it("lets only staff and owners reach every product route (anonymous 401, customer 403)", async () => {
    const product = await create();
    const imageId = 1;
    const routes: [string, string, unknown?][] = [
      ["GET", "/admin/products"],
      ["POST", "/admin/products", newProduct()],
      ["GET", `/admin/products/${product.id}`],
      ["PATCH", `/admin/products/${product.id}`, { title: "Stolen" }],
      ["DELETE", `/admin/products/${product.id}`],
      ["POST", `/admin/products/${product.id}/images`, {}],
      ["PUT", `/admin/products/${product.id}/images/order`, { ids: [] }],
      ["PATCH", `/admin/products/${product.id}/images/${imageId}`, { alt: "Stolen" }],
      ["DELETE", `/admin/products/${product.id}/images/${imageId}`],
    ];
    for (const [method, url, json] of routes) await expectBackOfficeOnly(admin, method, url, json);
    // Nothing was changed by any of them.
    const { body } = await admin.owner.get(`/admin/products/${product.id}`);
    expect(body.title).toBe(product.title);
    expect(body.status).toBe("active");
  });

  it("accepts the storefront's session cookie from the shop's own pages and refuses it from another site", async () => {
    const sameSite = cookieClient(admin.api, admin.staff, SAME_ORIGIN);
    expect((await sameSite.get("/admin/products")).status).toBe(200);
    const created = await sameSite.post("/admin/products", newProduct());
    expect(created.status).toBe(201);
    const foreign = cookieClient(admin.api, admin.staff, { origin: "https://evil.example" });
    expect((await foreign.call("PATCH", `/admin/products/${created.body.id}`, { title: "X" })).status).toBe(
      403,
    );
  });

  it("creates a product: prices from Rs. text into paisa, the card's price columns, SKUs, sanitised description, audit", async () => {
    const product = await create({
      description:
        '<p onclick="steal()">Roomy <em>duffel</em></p><script>alert(1)</script><img src=x onerror=y>',
    });
    expect(product).toMatchObject({
      status: "active",
      slug: product.title.toLowerCase().replaceAll(" ", "-"),
      description: "<p>Roomy <em>duffel</em></p>",
      discount: 10,
      new_arrival: true,
      has_orders: false,
      // The card opens on the first colour's first size in stock: Black S at Rs. 1,250, 10% off.
      price: 1250,
      sale_price: 1125,
    });
    expect(
      product.variants.map((v: any) => [v.color_name, v.size_name, v.price, v.sale_price, v.stock]),
    ).toEqual([
      ["Black", "S", 1250, 1125, 4],
      ["Black", "M", 1500.5, 1350.45, 0],
      ["Tan", "S", 1200, 1080, 7],
      ["Tan", "M", 1300, 1170, 2],
    ]);
    expect(product.variants[0].sku).toBe(`${product.slug}-black-s`.toUpperCase());
    const rows = await database.db
      .selectFrom("variants")
      .select(["price", "sku"])
      .where("product_id", "=", product.id)
      .orderBy("id")
      .execute();
    expect(rows.map((row) => row.price)).toEqual([125_000, 150_050, 120_000, 130_000]);
    const stored = await database.db
      .selectFrom("products")
      .select(["price", "sale_price", "status"])
      .where("id", "=", product.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ price: 125_000, sale_price: 112_500, status: "active" });
    // On sale at once: the listing, its search and the product page.
    expect(await listSearch(product.title)).toContain(product.id);
    expect((await shopper(admin.api).get(`/product/${product.slug}`)).status).toBe(200);
    const audit = await database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity_type", "=", "product")
      .where("entity_id", "=", String(product.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "product.create",
      actor_email: admin.staff.user.email,
      before: null,
    });
    expect(JSON.parse(audit[0]!.after!).variants["Black / S"]).toEqual({
      sku: rows[0]!.sku,
      price: 1250,
      stock: 4,
    });
  });

  it("answers every field's problem at once, in the field's own words, and writes nothing", async () => {
    const before = await database.db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    const empty = await admin.staff.post("/admin/products", {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toMatchObject({
      title: [PRODUCT_MESSAGES.titleRequired],
      category_id: ["The category field is required."],
      variants: ["The variants must be a list."],
    });
    const { colors, sizes } = catalogue;
    const bad = await admin.staff.post(
      "/admin/products",
      newProduct({
        slug: "Not A Slug!",
        discount: 150,
        status: "sold",
        variants: [
          { color_id: colors.black.id, size_id: sizes.small.id, price: "free", stock: -1, sku: "bad sku" },
          { color_id: colors.black.id, size_id: sizes.medium.id, price: "0", stock: 1.5 },
          { color_id: colors.tan.id, size_id: sizes.small.id, price: "12.345", stock: 1 },
        ],
      }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      slug: [PRODUCT_MESSAGES.slugFormat],
      discount: [PRODUCT_MESSAGES.discount],
      status: [PRODUCT_MESSAGES.status],
      "variants.0.price": ["The price must be an amount in rupees, like 1,250 or 1250.50."],
      "variants.0.stock": ["The stock may not be less than 0."],
      "variants.0.sku": [PRODUCT_MESSAGES.skuFormat],
      "variants.1.price": ["The price must be more than Rs. 0."],
      "variants.1.stock": ["The stock must be a whole number."],
      "variants.2.price": ["The price may have at most two decimals."],
    });
    // Rules only the database can tell: unknown category, tag, colour and size; one colour and size twice.
    const unknown = await admin.staff.post(
      "/admin/products",
      newProduct({
        category_id: 999_999,
        tag_ids: [catalogue.tags.cotton.id, 999_998],
        variants: [
          { color_id: 999_997, size_id: sizes.small.id, price: 10, stock: 1 },
          { color_id: colors.black.id, size_id: 999_996, price: 10, stock: 1 },
          { color_id: colors.tan.id, size_id: sizes.small.id, price: 10, stock: 1 },
          { color_id: colors.tan.id, size_id: sizes.small.id, price: 11, stock: 1 },
        ],
      }),
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({
      category_id: [PRODUCT_MESSAGES.categoryInvalid],
      "tag_ids.1": [PRODUCT_MESSAGES.tagInvalid],
      "variants.0.color_id": [PRODUCT_MESSAGES.colorInvalid],
      "variants.1.size_id": [PRODUCT_MESSAGES.sizeInvalid],
      "variants.3.size_id": [PRODUCT_MESSAGES.variantDuplicate],
    });
    const none = await admin.staff.post("/admin/products", newProduct({ variants: [] }));
    expect(none.body.errors).toEqual({ variants: [PRODUCT_MESSAGES.variantsRequired] });
    const after = await database.db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirst();
    expect(after).toEqual(before);
  });

  it("keeps slugs unique: a taken slug is refused, a repeated title gets -2, and an old slug redirects", async () => {
    const first = await create({ title: "Canvas Messenger", slug: undefined });
    expect(first.slug).toBe("canvas-messenger");
    const second = await create({ title: "Canvas Messenger" });
    expect(second.slug).toBe("canvas-messenger-2");
    const taken = await admin.staff.post("/admin/products", newProduct({ slug: "canvas-messenger" }));
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ slug: [PRODUCT_MESSAGES.slugTaken] });

    const renamed = await admin.staff.call("PATCH", `/admin/products/${first.id}`, {
      slug: "canvas-messenger-bag",
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ slug: "canvas-messenger-bag", old_slugs: ["canvas-messenger"] });
    // The old address still finds the product (the page answers 301 to the new one).
    const old = await shopper(admin.api).get("/product/canvas-messenger");
    expect(old.status).toBe(200);
    expect(old.body.slug).toBe("canvas-messenger-bag");
    // Nobody else may take it while it leads there...
    const reuse = await admin.staff.call("PATCH", `/admin/products/${second.id}`, {
      slug: "canvas-messenger",
    });
    expect(reuse.status).toBe(422);
    expect(reuse.body.errors).toEqual({ slug: [PRODUCT_MESSAGES.slugUsedBefore] });
    // ...but the product may take its own old slug back.
    const back = await admin.staff.call("PATCH", `/admin/products/${first.id}`, { slug: "canvas-messenger" });
    expect(back.body).toMatchObject({ slug: "canvas-messenger", old_slugs: ["canvas-messenger-bag"] });
    expect((await shopper(admin.api).get("/product/canvas-messenger-bag")).body.slug).toBe(
      "canvas-messenger",
    );
  });

  it("saves products created at the same moment: made-up slugs move on, an explicit SKU goes to one of them", async () => {
    const title = `Twin Tote ${Date.now().toString(36)}`;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => admin.staff.post("/admin/products", newProduct({ title }))),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    const base = answers[0]!.body.slug.replace(/-\d+$/, "");
    expect(answers.map((answer) => answer.body.slug).sort()).toEqual(
      [base, `${base}-2`, `${base}-3`, `${base}-4`].sort(),
    );
    const sku = `TWIN-${Date.now().toString(36)}`.toUpperCase();
    const { colors, sizes } = catalogue;
    const racing = await Promise.all(
      Array.from({ length: 3 }, () =>
        admin.staff.post(
          "/admin/products",
          newProduct({
            variants: [{ color_id: colors.black.id, size_id: sizes.small.id, price: 10, stock: 1, sku }],
          }),
        ),
      ),
    );
    expect(racing.map((answer) => answer.status).sort()).toEqual([201, 422, 422]);
    expect(racing.find((answer) => answer.status === 422)!.body.errors).toEqual({
      "variants.0.sku": [PRODUCT_MESSAGES.skuTaken],
    });
  });

  it("deletes a product nobody ordered, and archives one with orders (off sale, its page a 410)", async () => {
    const unordered = await create();
    const gone = await admin.staff.call("DELETE", `/admin/products/${unordered.id}`);
    expect(gone).toMatchObject({ status: 200, body: { outcome: "deleted" } });
    expect((await admin.staff.get(`/admin/products/${unordered.id}`)).status).toBe(404);
    expect(
      await database.db.selectFrom("variants").select("id").where("product_id", "=", unordered.id).execute(),
    ).toEqual([]);
    expect(await listSearch(unordered.title)).toEqual([]);
    const deleted = await database.db
      .selectFrom("audit_log")
      .select(["action", "before", "after"])
      .where("entity_id", "=", String(unordered.id))
      .where("action", "=", "product.delete")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(deleted.before!).title).toBe(unordered.title);

    const sold = await create();
    await ordered(sold.id);
    const archived = await admin.staff.call("DELETE", `/admin/products/${sold.id}`);
    expect(archived).toMatchObject({ status: 200, body: { outcome: "archived" } });
    const kept = await admin.staff.get(`/admin/products/${sold.id}`);
    expect(kept.body).toMatchObject({ status: "archived", has_orders: true });
    expect(await listSearch(sold.title)).toEqual([]);
    const page = await shopper(admin.api).get(`/product/${sold.slug}`);
    expect(page).toMatchObject({ status: 410, body: { message: "This product is no longer available." } });
    // Archiving again changes nothing; an unknown product is a 404.
    expect((await admin.staff.call("DELETE", `/admin/products/${sold.id}`)).body.outcome).toBe("archived");
    expect((await admin.staff.call("DELETE", "/admin/products/999999")).status).toBe(404);
    expect((await admin.staff.call("DELETE", "/admin/products/abc")).status).toBe(404);
  });

  it("saves the colour x size grid: changes, additions and removals, with the price columns in step", async () => {
    const product = await create();
    const { colors, sizes } = catalogue;
    const saved = await admin.staff.call("PATCH", `/admin/products/${product.id}`, {
      discount: 20,
      variants: [
        // Black S sold out now and dearer; Black M removed; Tan S unchanged; Navy S new.
        { color_id: colors.black.id, size_id: sizes.small.id, price: "2,000", stock: 0 },
        { color_id: colors.tan.id, size_id: sizes.small.id, price: 1200, stock: 7 },
        { color_id: colors.tan.id, size_id: sizes.medium.id, price: 1300, stock: 2 },
        { color_id: colors.navy.id, size_id: sizes.small.id, price: 900, stock: 3, sku: "navy-duffel-s" },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.variants.map((v: any) => [v.color_name, v.size_name, v.price, v.stock])).toEqual([
      ["Black", "S", 2000, 0],
      ["Tan", "S", 1200, 7],
      ["Tan", "M", 1300, 2],
      ["Navy", "S", 900, 3],
    ]);
    expect(saved.body.variants[3].sku).toBe("NAVY-DUFFEL-S");
    // Kept variants keep their ids (carts and orders name them) and SKUs.
    expect(saved.body.variants[1].id).toBe(product.variants[2].id);
    expect(saved.body.variants[1].sku).toBe(product.variants[2].sku);
    // Black is sold out, so the card opens on Tan S: Rs. 1,200, 20% off.
    expect(saved.body).toMatchObject({ price: 1200, sale_price: 960 });
    const row = await database.db
      .selectFrom("products")
      .select(["price", "sale_price"])
      .where("id", "=", product.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ price: 120_000, sale_price: 96_000 });
    // The index knows the new colour.
    expect(
      (
        await admin.staff.get(`/admin/products?q=${encodeURIComponent(`${product.title} navy`)}`)
      ).body.data.map((r: any) => r.id),
    ).toEqual([product.id]);
    const entry = await database.db
      .selectFrom("audit_log")
      .select(["before", "after"])
      .where("entity_id", "=", String(product.id))
      .where("action", "=", "product.update")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.before!)).toEqual({
      discount: 10,
      variants: {
        "Black / S": { sku: product.variants[0].sku, price: 1250, stock: 4 },
        "Black / M": { sku: product.variants[1].sku, price: 1500.5, stock: 0 },
      },
    });
    expect(JSON.parse(entry.after!)).toEqual({
      discount: 20,
      variants: {
        "Black / S": { sku: product.variants[0].sku, price: 2000, stock: 0 },
        "Navy / S": { sku: "NAVY-DUFFEL-S", price: 900, stock: 3 },
      },
    });
  });

  it("never removes an ordered variant, and never undoes a sale made while the form was open", async () => {
    const product = await create();
    const orderedVariant = await ordered(product.id);
    const { colors, sizes } = catalogue;
    const without = await admin.staff.call("PATCH", `/admin/products/${product.id}`, {
      variants: [{ color_id: colors.tan.id, size_id: sizes.small.id, price: 1200, stock: 7 }],
    });
    expect(without.status).toBe(422);
    expect(without.body.errors.variants[0]).toBe(`Black / S: ${PRODUCT_MESSAGES.variantHasOrders}`);
    expect((await admin.staff.get(`/admin/products/${product.id}`)).body.variants).toHaveLength(4);

    // The editor saw 4 of Black S; one sells; the editor saves the grid without touching that stock.
    await database.db.updateTable("variants").set({ stock: 3 }).where("id", "=", orderedVariant).execute();
    const grid = product.variants.map((v: any) => ({
      color_id: v.color_id,
      size_id: v.size_id,
      price: v.price,
      stock: v.color_name === "Tan" && v.size_name === "M" ? 10 : v.stock,
      stock_was: v.stock,
    }));
    const saved = await admin.staff.call("PATCH", `/admin/products/${product.id}`, { variants: grid });
    expect(saved.status).toBe(200);
    expect(saved.body.variants.map((v: any) => v.stock)).toEqual([3, 0, 7, 10]);
    expect(saved.body.variants[0].has_orders).toBe(true);
  });

  it("keeps SKUs unique across the shop and lets two variants of one product swap theirs", async () => {
    const one = await create();
    const two = await create();
    const grid = (product: any, skus: (string | undefined)[]) =>
      product.variants.map((v: any, i: number) => ({
        color_id: v.color_id,
        size_id: v.size_id,
        price: v.price,
        stock: v.stock,
        sku: skus[i],
      }));
    const clash = await admin.staff.call("PATCH", `/admin/products/${two.id}`, {
      variants: grid(two, [one.variants[0].sku]),
    });
    expect(clash.status).toBe(422);
    expect(clash.body.errors).toEqual({ "variants.0.sku": [PRODUCT_MESSAGES.skuTaken] });
    const twice = await admin.staff.call("PATCH", `/admin/products/${two.id}`, {
      variants: grid(two, ["A-1", "a-1"]),
    });
    expect(twice.body.errors).toEqual({ "variants.1.sku": [PRODUCT_MESSAGES.skuRepeated] });
    const swapped = await admin.staff.call("PATCH", `/admin/products/${one.id}`, {
      variants: grid(one, [one.variants[1].sku, one.variants[0].sku]),
    });
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
    expect(swapped.body.variants.slice(0, 2).map((v: any) => v.sku)).toEqual([
      one.variants[1].sku,
      one.variants[0].sku,
    ]);
  });

  it("sets and clears the final sale flag (not returnable), audited, and tells the product page", async () => {
    const product = await create();
    expect(product.final_sale).toBe(false);
    const set = await admin.staff.call("PATCH", `/admin/products/${product.id}`, { final_sale: "on" });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.final_sale).toBe(true);
    expect((await shopper(admin.api).get(`/product/${product.slug}`)).body.final_sale).toBe(true);
    // An edit that leaves the flag out keeps it.
    const renamed = await admin.owner.call("PATCH", `/admin/products/${product.id}`, {
      title: `${product.title} Two`,
    });
    expect(renamed.body.final_sale).toBe(true);
    const cleared = await admin.owner.call("PATCH", `/admin/products/${product.id}`, { final_sale: false });
    expect(cleared.body.final_sale).toBe(false);
    expect((await shopper(admin.api).get(`/product/${product.slug}`)).body.final_sale).toBe(false);
    const flagChanges = cleared.body.history
      .filter((entry: any) => entry.action === "product.update" && "final_sale" in entry.after)
      .map((entry: any) => [entry.actor_email, entry.before.final_sale, entry.after.final_sale]);
    expect(flagChanges).toEqual([
      [admin.owner.user.email, true, false],
      [admin.staff.user.email, false, true],
    ]);
    const wrong = await admin.staff.call("PATCH", `/admin/products/${product.id}`, { final_sale: 3 });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.final_sale).toEqual(["The final sale field must be true or false."]);
    // Given on creation, it is stored as it is.
    expect((await create({ final_sale: true })).final_sale).toBe(true);
  });

  it("refuses to overwrite a product someone else saved after the editor opened it (409)", async () => {
    const product = await create();
    const first = await admin.staff.call("PATCH", `/admin/products/${product.id}`, {
      title: `${product.title} Mk II`,
      updated_at: product.updated_at,
    });
    expect(first.status).toBe(200);
    const stale = await admin.owner.call("PATCH", `/admin/products/${product.id}`, {
      title: `${product.title} Mk III`,
      updated_at: product.updated_at,
    });
    expect(stale).toMatchObject({ status: 409, body: { message: PRODUCT_MESSAGES.stale } });
    expect((await admin.staff.get(`/admin/products/${product.id}`)).body.title).toBe(
      `${product.title} Mk II`,
    );
  });

  it("keeps the search document in the product's own transaction: a rolled-back edit leaves the index as it was", async () => {
    const product = await create();
    const indexed = (db: typeof database.db) =>
      sql<{ n: number | string }>`select count(*) as n from product_search where title like '%quokka%'`
        .execute(db)
        .then(({ rows }) => Number(rows[0]?.n));
    await expect(
      catalogueWrite(database.db, async (trx) => {
        await updateProduct(trx, product.id, { title: "Quokka Rucksack" });
        expect(await indexed(trx)).toBe(1);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await indexed(database.db)).toBe(0);
    expect(await listSearch("quokka")).toEqual([]);
    expect(await listSearch(product.title)).toContain(product.id);
  });

  it("lists products of every status with search, filters, sorting and pages", async () => {
    // Letters then digits: PostgreSQL's parser reads it as one word of letters and digits, which the English
    // configuration does not stem, so the marker cut short stays a prefix of it. (A random all-letter ending could
    // be stemmed differently in the document and in the cut query: "…ational" becomes "…ate".)
    const marker = `Zebrawood${Date.now()}`;
    const draft = await create({ title: `${marker} Satchel`, status: "draft" });
    const active = await create({ title: `${marker} Clutch`, discount: 0 });
    const soldOut = await create({
      title: `${marker} Tote Everyday Oversized`,
      variants: [
        { color_id: catalogue.colors.black.id, size_id: catalogue.sizes.small.id, price: 99, stock: 0 },
      ],
    });
    const list = async (query: string) => (await admin.staff.get(`/admin/products?${query}`)).body;
    const ids = async (query: string) => (await list(query)).data.map((row: any) => row.id);

    // Search reads the index (drafts too), every word a prefix; an exact SKU finds its product.
    expect(await ids(`q=${marker}`)).toEqual([soldOut.id, active.id, draft.id]);
    expect(await ids(`q=${marker.slice(0, -2)} satch`)).toEqual([draft.id]);
    // Words cut short where the stemmers would not find them: "every" (SQLite asks for "everi"), "oversiz"
    // (PostgreSQL stems "oversized" shorter).
    expect(await ids(`q=every oversiz ${marker.slice(0, -2)}`)).toEqual([soldOut.id]);
    expect(await ids(`q=${active.variants[2].sku.toLowerCase()}`)).toEqual([active.id]);
    expect(await ids("q=%25%25")).toEqual([]);
    // Filters.
    expect(await ids(`q=${marker}&status=draft`)).toEqual([draft.id]);
    expect(await ids(`q=${marker}&stock=out`)).toEqual([soldOut.id]);
    expect(await ids(`q=${marker}&stock=low&sort=oldest`)).toEqual([draft.id, active.id, soldOut.id]);
    expect(await ids(`q=${marker}&category=${catalogue.categories.shirts.id}`)).toEqual([]);
    // Sorting.
    expect(await ids(`q=${marker}&sort=title`)).toEqual([active.id, draft.id, soldOut.id]);
    expect(await ids(`q=${marker}&sort=price_asc`)).toEqual([soldOut.id, draft.id, active.id]);
    // Rows carry what the table shows.
    const row = (await list(`q=${marker}&status=active&sort=price_desc`)).data[0];
    expect(row).toMatchObject({
      id: active.id,
      status: "active",
      category: { name: "Handbags" },
      price: 1250,
      sale_price: 1250,
      stock: 13,
      variants: 4,
      low_stock_variants: 3,
    });
    const page = await list(`q=${marker}&page=2`);
    expect(page).toMatchObject({
      data: [],
      meta: { total: 3, per_page: 25, current_page: 2, low_stock_threshold: 5 },
    });
    const refused = await admin.staff.get("/admin/products?status=sold&sort=cheapest&stock=some&page=0");
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors).sort()).toEqual(["page", "sort", "status", "stock"]);
  });
});
