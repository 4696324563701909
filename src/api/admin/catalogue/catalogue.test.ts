import fs from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageFilePath } from "../../../platform/images/render.ts";
import { CATALOGUE_MESSAGES as M } from "../../../shared/catalogue-settings.ts";
import { slideMobileAvifUrl } from "../../../shared/images.ts";
import {
  type AdminHarness,
  adminHarness,
  cookieClient,
  expectBackOfficeOnly,
  SAME_ORIGIN,
} from "../../../testing/admin-harness.ts";
import { apiHarness, type Shopper, shopper } from "../../../testing/api-harness.ts";
import { buildCatalogue, type Catalogue, plainProduct } from "../../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../testing/test-db.ts";

const { engine, available } = testEngine();

function picture(format: "jpeg" | "png" | "gif", width = 1200, height = 800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#2e5a7a" } })
    .toFormat(format)
    .toBuffer();
}

describe.skipIf(!available)(`back-office catalogue settings API on ${engine}`, () => {
  let database: TestDatabase;
  let admin: AdminHarness;
  let catalogue: Catalogue;
  let changes = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    admin = await adminHarness(database, apiHarness(database, { onCatalogueChanged: () => changes++ }));
  });
  afterAll(() => database?.drop());

  const audits = (action: string) =>
    database.db.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("id").execute();

  async function slide(
    fields: Record<string, string | { bytes: Buffer; name: string; type: string }>,
    options: { method?: string; path?: string; client?: Shopper } = {},
  ) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) {
      if (typeof value === "string") form.append(key, value);
      else form.append(key, new File([new Uint8Array(value.bytes)], value.name, { type: value.type }));
    }
    const client = options.client ?? admin.owner;
    const response = await admin.api.request(options.path ?? "/admin/catalogue/sliders", {
      method: options.method ?? "POST",
      headers: client.token ? { authorization: `Bearer ${client.token}` } : {},
      body: form,
    });
    return { status: response.status, body: (await response.json()) as any };
  }

  it("lets only staff and owners in, on every route", async () => {
    for (const [method, path, body] of [
      ["GET", "/admin/catalogue/categories"],
      ["POST", "/admin/catalogue/categories", { name: "Nope" }],
      ["PUT", "/admin/catalogue/categories/order", { ids: [1] }],
      ["PATCH", "/admin/catalogue/categories/1", { name: "Nope" }],
      ["DELETE", "/admin/catalogue/categories/1"],
      ["GET", "/admin/catalogue/colors"],
      ["POST", "/admin/catalogue/colors", { name: "Nope", code: "#000000" }],
      ["PATCH", "/admin/catalogue/colors/1", { name: "Nope" }],
      ["DELETE", "/admin/catalogue/colors/1"],
      ["GET", "/admin/catalogue/sizes"],
      ["POST", "/admin/catalogue/sizes", { name: "Nope" }],
      ["PUT", "/admin/catalogue/sizes/order", { ids: [1] }],
      ["PATCH", "/admin/catalogue/sizes/1", { name: "Nope" }],
      ["DELETE", "/admin/catalogue/sizes/1"],
      ["GET", "/admin/catalogue/tags"],
      ["POST", "/admin/catalogue/tags", { name: "Nope" }],
      ["PATCH", "/admin/catalogue/tags/1", { name: "Nope" }],
      ["DELETE", "/admin/catalogue/tags/1"],
      ["GET", "/admin/catalogue/sliders"],
      ["PUT", "/admin/catalogue/sliders/order", { ids: [1] }],
      ["DELETE", "/admin/catalogue/sliders/1"],
    ] as [string, string, unknown?][]) {
      await expectBackOfficeOnly(admin, method, path, body);
    }
    const anonymous = await slide({ url: "/shop" }, { client: shopper(admin.api) });
    expect(anonymous.status).toBe(401);
    const customer = await slide({ url: "/shop" }, { client: admin.customer });
    expect(customer.status).toBe(403);
    const patch = { method: "PATCH", path: "/admin/catalogue/sliders/1" };
    expect((await slide({ url: "/shop" }, { ...patch, client: shopper(admin.api) })).status).toBe(401);
    expect((await slide({ url: "/shop" }, { ...patch, client: admin.customer })).status).toBe(403);
    expect((await slide({ url: "/shop" }, { ...patch, client: admin.staff })).status).toBe(404);
    expect((await admin.staff.get("/admin/catalogue/categories")).status).toBe(200);
    expect((await admin.owner.get("/admin/catalogue/sliders")).status).toBe(200);
  });

  it("refuses a cookie-signed write from another origin", async () => {
    const foreign = cookieClient(admin.api, admin.staff, {
      origin: "https://evil.test",
      "sec-fetch-site": "cross-site",
    });
    expect((await foreign.post("/admin/catalogue/tags", { name: "Evil" })).status).toBe(403);
    const own = cookieClient(admin.api, admin.staff, SAME_ORIGIN);
    const made = await own.post("/admin/catalogue/tags", { name: "Same Origin" });
    expect(made.status).toBe(201);
  });

  describe("categories", () => {
    it("nests a category under another, lists children after their parent, and lists the parent's products in /shop", async () => {
      const before = changes;
      const child = await admin.staff.post("/admin/catalogue/categories", {
        name: "Evening Bags",
        parent_id: catalogue.categories.bags.id,
      });
      expect(child.status, JSON.stringify(child.body)).toBe(201);
      expect(child.body).toMatchObject({
        slug: "evening-bags",
        parent_id: catalogue.categories.bags.id,
        depth: 1,
      });
      expect(changes).toBeGreaterThan(before);
      const [entry] = await audits("category.create");
      expect(JSON.parse(entry!.after!)).toMatchObject({ name: "Evening Bags" });

      // A product in the child shows under the parent's listing, the child's, and a search in the parent.
      const productId = await plainProduct(database.db, catalogue, "clutch-in-child");
      await database.db
        .updateTable("products")
        .set({ category_id: child.body.id })
        .where("id", "=", productId)
        .execute();
      // Move it through the API's own rewrite: renaming the child reindexes its products.
      await admin.staff.call("PATCH", `/admin/catalogue/categories/${child.body.id}`, {
        name: "Evening Bags",
      });
      const publicList = await shopper(admin.api).get("/categories");
      const names = publicList.body.map((row: any) => row.name);
      expect(names.indexOf("Evening Bags")).toBe(names.indexOf("Handbags") + 1);
      expect(publicList.body.find((row: any) => row.name === "Evening Bags").parent_id).toBe(
        catalogue.categories.bags.id,
      );
      const parentList = await shopper(admin.api).get("/products?category=handbags&take=48");
      expect(parentList.body.data.map((card: any) => card.id)).toContain(productId);
      expect(parentList.body.meta.total).toBe(3);
      const childList = await shopper(admin.api).get("/products?category=evening-bags");
      expect(childList.body.data.map((card: any) => card.id)).toEqual([productId]);
      const shirts = await shopper(admin.api).get("/products?category=shirts");
      expect(shirts.body.meta.total).toBe(2);

      // Moving the child under Shirts: the search index follows (search in the parent category).
      const moved = await admin.owner.call("PATCH", `/admin/catalogue/categories/${child.body.id}`, {
        parent_id: catalogue.categories.shirts.id,
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const search = await shopper(admin.api).get("/products?category=shirts&search=product");
      expect(search.body.data.map((card: any) => card.id)).toContain(productId);
      const old = await shopper(admin.api).get("/products?category=handbags&search=product");
      expect(old.body.data.map((card: any) => card.id)).not.toContain(productId);
    });

    it("refuses a category put under itself or its own subcategory, and nesting too deep", async () => {
      const top = await admin.staff.post("/admin/catalogue/categories", { name: "Cycle Top" });
      const middle = await admin.staff.post("/admin/catalogue/categories", {
        name: "Cycle Middle",
        parent_id: top.body.id,
      });
      const bottom = await admin.staff.post("/admin/catalogue/categories", {
        name: "Cycle Bottom",
        parent_id: middle.body.id,
      });
      expect(bottom.status).toBe(201);
      for (const parent of [top.body.id, bottom.body.id]) {
        const refused = await admin.staff.call("PATCH", `/admin/catalogue/categories/${top.body.id}`, {
          parent_id: parent,
        });
        expect(refused.status).toBe(422);
        expect(refused.body.errors.parent_id).toEqual([M.parentCycle]);
      }
      const deep = await admin.staff.post("/admin/catalogue/categories", {
        name: "Too Deep",
        parent_id: bottom.body.id,
      });
      expect(deep.status).toBe(422);
      expect(deep.body.errors.parent_id).toEqual([M.tooDeep]);
      const missing = await admin.staff.post("/admin/catalogue/categories", {
        name: "Orphan",
        parent_id: 999999,
      });
      expect(missing.body.errors.parent_id).toEqual([M.parentMissing]);
      const row = await database.db
        .selectFrom("categories")
        .select("parent_id")
        .where("id", "=", top.body.id)
        .executeTakeFirstOrThrow();
      expect(row.parent_id).toBeNull();
    });

    it("refuses duplicate names among siblings and taken slugs; makes a free slug when none is given", async () => {
      const again = await admin.staff.post("/admin/catalogue/categories", { name: "handbags" });
      expect(again.status).toBe(422);
      expect(again.body.errors.name).toEqual([M.categoryNameTaken("Handbags")]);
      const slug = await admin.staff.post("/admin/catalogue/categories", {
        name: "Bags Two",
        slug: "shirts",
      });
      expect(slug.body.errors.slug).toEqual([M.slugTaken]);
      const bad = await admin.staff.post("/admin/catalogue/categories", { name: "Bad", slug: "Not A Slug!" });
      expect(bad.body.errors.slug).toEqual([M.slugFormat]);
      const made = await admin.staff.post("/admin/catalogue/categories", {
        name: "Handbags",
        parent_id: catalogue.categories.shirts.id,
      });
      expect(made.status).toBe(201);
      expect(made.body.slug).toBe("handbags-2");
    });

    it("refuses to delete a category with products or subcategories, saying how many; deletes an empty one", async () => {
      const used = await admin.staff.call(
        "DELETE",
        `/admin/catalogue/categories/${catalogue.categories.shirts.id}`,
      );
      expect(used.status).toBe(409);
      expect(used.body.message).toMatch(/subcategor|products/);
      const parent = await admin.staff.post("/admin/catalogue/categories", { name: "Parent To Delete" });
      const child = await admin.staff.post("/admin/catalogue/categories", {
        name: "Child",
        parent_id: parent.body.id,
      });
      const withChild = await admin.staff.call("DELETE", `/admin/catalogue/categories/${parent.body.id}`);
      expect(withChild.status).toBe(409);
      expect(withChild.body.message).toBe(M.categoryHasChildren(1));
      const productId = await plainProduct(database.db, catalogue, "in-child-to-delete");
      await database.db
        .updateTable("products")
        .set({ category_id: child.body.id })
        .where("id", "=", productId)
        .execute();
      const withProduct = await admin.staff.call("DELETE", `/admin/catalogue/categories/${child.body.id}`);
      expect(withProduct.body.message).toBe(M.categoryInUse(1));
      await database.db.deleteFrom("products").where("id", "=", productId).execute();
      expect((await admin.staff.call("DELETE", `/admin/catalogue/categories/${child.body.id}`)).status).toBe(
        200,
      );
      expect((await admin.staff.call("DELETE", `/admin/catalogue/categories/${parent.body.id}`)).status).toBe(
        200,
      );
      expect((await audits("category.delete")).length).toBeGreaterThanOrEqual(2);
      expect((await admin.staff.call("DELETE", `/admin/catalogue/categories/${parent.body.id}`)).status).toBe(
        404,
      );
    });

    it("reorders the categories under one parent, and refuses a list that is not exactly them", async () => {
      const list = await admin.staff.get("/admin/catalogue/categories");
      const top = list.body.data.filter((row: any) => row.parent_id === null).map((row: any) => row.id);
      const reversed = top.toReversed();
      const done = await admin.staff.call("PUT", "/admin/catalogue/categories/order", {
        parent_id: null,
        ids: reversed,
      });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.data.filter((row: any) => row.parent_id === null).map((row: any) => row.id)).toEqual(
        reversed,
      );
      const publicList = await shopper(admin.api).get("/categories");
      expect(publicList.body.filter((row: any) => row.parent_id === null).map((row: any) => row.id)).toEqual(
        reversed,
      );
      const wrong = await admin.staff.call("PUT", "/admin/catalogue/categories/order", {
        parent_id: null,
        ids: top.slice(1),
      });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors.ids).toEqual([M.orderMismatch]);
      await admin.staff.call("PUT", "/admin/catalogue/categories/order", { parent_id: null, ids: top });
    });

    it("renaming a category rewrites its products' search documents", async () => {
      const renamed = await admin.staff.call(
        "PATCH",
        `/admin/catalogue/categories/${catalogue.categories.shirts.id}`,
        {
          name: "Formal Shirtings",
        },
      );
      expect(renamed.status).toBe(200);
      const found = await shopper(admin.api).get("/products?search=shirtings");
      expect(found.body.data.map((card: any) => card.id)).toContain(catalogue.products.shirt);
      const entry = (await audits("category.update")).at(-1)!;
      expect(JSON.parse(entry.before!).name).toBe("Shirts");
      expect(JSON.parse(entry.after!).name).toBe("Formal Shirtings");
      await admin.staff.call("PATCH", `/admin/catalogue/categories/${catalogue.categories.shirts.id}`, {
        name: "Shirts",
      });
    });

    it("a changed slug leaves its old address leading to the new one, until another category takes it", async () => {
      const visitor = shopper(admin.api);
      const made = await admin.staff.post("/admin/catalogue/categories", { name: "Travel Bags" });
      const id = made.body.id as number;
      const path = `/admin/catalogue/categories/${id}`;
      expect((await visitor.get("/category-redirects/travel-bags")).status).toBe(404);

      expect((await admin.staff.call("PATCH", path, { slug: "travel" })).status).toBe(200);
      expect((await admin.staff.call("PATCH", path, { slug: "luggage" })).status).toBe(200);
      // Every earlier address leads to the current one.
      expect((await visitor.get("/category-redirects/travel-bags")).body).toEqual({ slug: "luggage" });
      expect((await visitor.get("/category-redirects/travel")).body).toEqual({ slug: "luggage" });
      const unknown = await visitor.get("/category-redirects/no-such-category");
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe("No category has this address.");

      // Back to an old slug: it is the category's own again, not a way elsewhere.
      expect((await admin.staff.call("PATCH", path, { slug: "travel" })).status).toBe(200);
      expect((await visitor.get("/category-redirects/travel")).status).toBe(404);
      expect((await visitor.get("/category-redirects/luggage")).body).toEqual({ slug: "travel" });

      // Another category taking an old address makes it that category's.
      const other = await admin.staff.post("/admin/catalogue/categories", { name: "Luggage" });
      expect(other.body.slug).toBe("luggage");
      expect((await visitor.get("/category-redirects/luggage")).status).toBe(404);

      // Deleting the category takes its old addresses with it.
      expect((await admin.staff.call("DELETE", path)).status).toBe(200);
      expect((await visitor.get("/category-redirects/travel-bags")).status).toBe(404);
      await admin.staff.call("DELETE", `/admin/catalogue/categories/${other.body.id}`);
    });
  });

  describe("colours", () => {
    it("adds a colour with a swatch, refuses a bad swatch or a name taken in any case", async () => {
      const made = await admin.staff.post("/admin/catalogue/colors", { name: "Mustard", code: "#D4A017" });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect(made.body).toMatchObject({ name: "Mustard", code: "#d4a017", variants: 0 });
      const told = changes;
      const bad = await admin.staff.post("/admin/catalogue/colors", { name: "Odd", code: "yellow" });
      expect(changes, "a refused write tells no cache").toBe(told);
      expect(bad.status).toBe(422);
      expect(bad.body.errors.code).toEqual([M.swatch]);
      const taken = await admin.staff.post("/admin/catalogue/colors", { name: "BLACK", code: "#000000" });
      expect(taken.status).toBe(422);
      expect(taken.body.errors.name).toEqual([M.colorNameTaken("BLACK")]);
      const rename = await admin.staff.call("PATCH", `/admin/catalogue/colors/${made.body.id}`, {
        name: "tan",
      });
      expect(rename.body.errors.name).toEqual([M.colorNameTaken("tan")]);
    });

    it("refuses to delete a colour variants use, saying how many; renaming reindexes its products", async () => {
      const used = await admin.staff.call("DELETE", `/admin/catalogue/colors/${catalogue.colors.navy.id}`);
      expect(used.status).toBe(409);
      expect(used.body.message).toBe(M.colorInUse(3, 2));
      const renamed = await admin.staff.call("PATCH", `/admin/catalogue/colors/${catalogue.colors.navy.id}`, {
        name: "Midnight",
      });
      expect(renamed.status).toBe(200);
      const found = await shopper(admin.api).get("/products?search=midnight");
      expect(found.body.data.map((card: any) => card.id).sort()).toEqual(
        [catalogue.products.shirt, catalogue.products.quoted].sort(),
      );
      await admin.staff.call("PATCH", `/admin/catalogue/colors/${catalogue.colors.navy.id}`, {
        name: "Navy",
      });
      const unused = await admin.staff.post("/admin/catalogue/colors", { name: "Spare", code: "#abcdef" });
      expect((await admin.staff.call("DELETE", `/admin/catalogue/colors/${unused.body.id}`)).status).toBe(
        200,
      );
      const entry = (await audits("color.delete")).at(-1)!;
      expect(JSON.parse(entry.before!)).toEqual({ name: "Spare", code: "#abcdef" });
    });
  });

  describe("sizes", () => {
    it("adds sizes at the end, refuses a taken name, and a used size's deletion", async () => {
      const made = await admin.staff.post("/admin/catalogue/sizes", { name: "XL" });
      expect(made.status).toBe(201);
      const list = await admin.staff.get("/admin/catalogue/sizes");
      expect(list.body.data.at(-1).name).toBe("XL");
      const taken = await admin.staff.post("/admin/catalogue/sizes", { name: "xl" });
      expect(taken.body.errors.name).toEqual([M.sizeNameTaken("xl")]);
      const used = await admin.staff.call("DELETE", `/admin/catalogue/sizes/${catalogue.sizes.medium.id}`);
      expect(used.status).toBe(409);
      expect(used.body.message).toBe(M.sizeInUse(2, 2));
      expect((await admin.staff.call("DELETE", `/admin/catalogue/sizes/${made.body.id}`)).status).toBe(200);
    });

    it("reorders sizes: the shop's size lists and the cards' opening size follow", async () => {
      const { small, medium, oneSize } = catalogue.sizes;
      const done = await admin.staff.call("PUT", "/admin/catalogue/sizes/order", {
        ids: [medium.id, small.id, oneSize.id],
      });
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      const publicSizes = await shopper(admin.api).get("/sizes");
      expect(publicSizes.body.map((row: any) => row.id)).toEqual([medium.id, small.id, oneSize.id]);
      // The shirt opens on its first colour's first size with stock: now M (Rs. 3,199, 10% off).
      const shirt = await database.db
        .selectFrom("products")
        .select("price")
        .where("id", "=", catalogue.products.shirt)
        .executeTakeFirstOrThrow();
      expect(Number(shirt.price)).toBe(319_900);
      const wrong = await admin.staff.call("PUT", "/admin/catalogue/sizes/order", {
        ids: [medium.id, medium.id, oneSize.id],
      });
      expect(wrong.status).toBe(422);
      await admin.staff.call("PUT", "/admin/catalogue/sizes/order", {
        ids: [oneSize.id, small.id, medium.id],
      });
      const back = await database.db
        .selectFrom("products")
        .select("price")
        .where("id", "=", catalogue.products.shirt)
        .executeTakeFirstOrThrow();
      expect(Number(back.price)).toBe(299_900);
    });
  });

  describe("tags", () => {
    it("adds, renames (reindexing) and deletes a tag, taking it off its products", async () => {
      const taken = await admin.staff.post("/admin/catalogue/tags", { name: "LEATHER" });
      expect(taken.status).toBe(422);
      const renamed = await admin.staff.call("PATCH", `/admin/catalogue/tags/${catalogue.tags.cotton.id}`, {
        name: "Organic Cotton",
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body.products).toBe(2);
      const found = await shopper(admin.api).get("/products?search=organic");
      expect(found.body.meta.total).toBe(2);
      const spare = await admin.staff.post("/admin/catalogue/tags", { name: "Spare Tag" });
      expect(spare.status).toBe(201);
      expect((await admin.staff.call("DELETE", `/admin/catalogue/tags/${spare.body.id}`)).status).toBe(200);
      expect((await admin.staff.call("DELETE", `/admin/catalogue/tags/${spare.body.id}`)).status).toBe(404);
    });
  });

  describe("slides", () => {
    it("takes an uploaded picture as the desktop and mobile images; the home page shows only slides active now", async () => {
      await database.db.deleteFrom("sliders").execute();
      const now = await slide({
        image: { bytes: await picture("jpeg"), name: "banner.jpg", type: "image/jpeg" },
        title: "Winter sale",
        url: "/shop/handbags",
      });
      expect(now.status, JSON.stringify(now.body)).toBe(201);
      expect(now.body).toMatchObject({ title: "Winter sale", showing: true, starts_at: null, ends_at: null });
      const desktop = await sharp(imageFilePath(admin.api.imagesDir, now.body.image)).metadata();
      expect([desktop.format, desktop.width, desktop.height]).toEqual(["webp", 1600, 600]);
      const mobile = await sharp(imageFilePath(admin.api.imagesDir, now.body.image_mobile)).metadata();
      expect([mobile.width, mobile.height]).toEqual([800, 1000]);
      // Phones take the mobile image's AVIF twin, the same picture in half the bytes.
      const avif = await sharp(
        imageFilePath(admin.api.imagesDir, slideMobileAvifUrl(now.body.image_mobile)!),
      ).metadata();
      expect([avif.format, avif.compression, avif.width, avif.height]).toEqual(["heif", "av1", 800, 1000]);

      const future = await slide({
        image: { bytes: await picture("png"), name: "later.png", type: "image/png" },
        url: "https://example.pk/eid",
        starts_at: "2999-01-01T09:00",
      });
      expect(future.status, JSON.stringify(future.body)).toBe(201);
      expect(future.body.starts_at).toBe("2999-01-01T04:00:00.000Z");
      expect(future.body.showing).toBe(false);
      const ended = await slide({
        image: { bytes: await picture("png"), name: "old.png", type: "image/png" },
        url: "/",
        starts_at: "2020-01-01",
        ends_at: "2020-02-01",
      });
      expect(ended.status).toBe(201);
      const home = await shopper(admin.api).get("/sliders");
      expect(home.body.map((row: any) => row.id)).toEqual([now.body.id]);
      expect(home.body[0]).toEqual({
        id: now.body.id,
        url: "/shop/handbags",
        slideimage: now.body.image,
        slide_mobile: now.body.image_mobile,
      });
    });

    it("refuses a picture that is not one, an end before the start, and a bad link, writing nothing", async () => {
      const before = (await database.db.selectFrom("sliders").select("id").execute()).length;
      const script = await slide({
        image: { bytes: Buffer.from("<script>alert(1)</script>"), name: "photo.jpg", type: "image/jpeg" },
        url: "/",
      });
      expect(script.status).toBe(422);
      expect(script.body.errors.image).toEqual([M.imageType]);
      const gif = await slide({
        image: { bytes: await picture("gif"), name: "a.gif", type: "image/gif" },
        url: "/",
      });
      expect(gif.body.errors.image).toEqual([M.imageType]);
      const small = await slide({
        image: { bytes: await picture("png", 100, 100), name: "a.png", type: "image/png" },
        url: "/",
      });
      expect(small.body.errors.image).toEqual([M.imageTooSmall]);
      const dates = await slide({
        image: { bytes: await picture("png"), name: "a.png", type: "image/png" },
        url: "/",
        starts_at: "2026-12-10",
        ends_at: "2026-12-01",
      });
      expect(dates.status).toBe(422);
      expect(dates.body.errors.ends_at).toEqual([M.endsBeforeStart]);
      const link = await slide({
        image: { bytes: await picture("png"), name: "a.png", type: "image/png" },
        url: "javascript:alert(1)",
      });
      expect(link.body.errors.url).toEqual([M.url]);
      const noImage = await slide({ url: "/" });
      expect(noImage.body.errors.image).toEqual([M.imageRequired]);
      expect((await database.db.selectFrom("sliders").select("id").execute()).length).toBe(before);
    });

    it("changes a slide's dates or picture (removing the old files), reorders and deletes slides", async () => {
      const list = (await admin.staff.get("/admin/catalogue/sliders")).body.data;
      const first = list[0];
      const dates = await slide(
        { ends_at: "2020-01-01T00:00:00Z" },
        { method: "PATCH", path: `/admin/catalogue/sliders/${first.id}` },
      );
      expect(dates.status, JSON.stringify(dates.body)).toBe(200);
      expect(dates.body.showing).toBe(false);
      const cleared = await slide(
        { ends_at: "" },
        { method: "PATCH", path: `/admin/catalogue/sliders/${first.id}` },
      );
      expect(cleared.body).toMatchObject({ ends_at: null, showing: true, title: first.title });
      const replaced = await slide(
        { image: { bytes: await picture("png"), name: "new.png", type: "image/png" } },
        { method: "PATCH", path: `/admin/catalogue/sliders/${first.id}` },
      );
      expect(replaced.status).toBe(200);
      expect(replaced.body.image).not.toBe(first.image);
      expect(fs.existsSync(imageFilePath(admin.api.imagesDir, first.image))).toBe(false);
      expect(fs.existsSync(imageFilePath(admin.api.imagesDir, slideMobileAvifUrl(first.image_mobile)!))).toBe(
        false,
      );
      expect(
        fs.existsSync(imageFilePath(admin.api.imagesDir, slideMobileAvifUrl(replaced.body.image_mobile)!)),
      ).toBe(true);
      const ids = list.map((row: any) => row.id).toReversed();
      const order = await admin.staff.call("PUT", "/admin/catalogue/sliders/order", { ids });
      expect(order.body.data.map((row: any) => row.id)).toEqual(ids);
      const deleted = await admin.staff.call("DELETE", `/admin/catalogue/sliders/${first.id}`);
      expect(deleted.status).toBe(200);
      expect(fs.existsSync(imageFilePath(admin.api.imagesDir, replaced.body.image))).toBe(false);
      expect(
        fs.existsSync(imageFilePath(admin.api.imagesDir, slideMobileAvifUrl(replaced.body.image_mobile)!)),
      ).toBe(false);
      expect((await audits("slider.delete")).length).toBe(1);
    });

    it("takes a phone picture of its own, and replaces either picture alone", async () => {
      /** The colour in the middle of a stored image (the pictures below are one colour each). */
      const middle = async (url: string) => {
        const { data, info } = await sharp(imageFilePath(admin.api.imagesDir, url))
          .raw()
          .toBuffer({ resolveWithObject: true });
        const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
        return [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
      };
      const coloured = (background: string, width: number, height: number) =>
        sharp({ create: { width, height, channels: 3, background } })
          .png()
          .toBuffer();
      const red = (value: number[]) => value[0]! > 200 && value[1]! < 60 && value[2]! < 60;
      const green = (value: number[]) => value[1]! > 100 && value[0]! < 60;
      const blue = (value: number[]) => value[2]! > 200 && value[0]! < 60;

      const made = await slide({
        image: { bytes: await coloured("#ff0000", 1600, 600), name: "wide.png", type: "image/png" },
        image_mobile: { bytes: await coloured("#0000ff", 800, 1000), name: "tall.png", type: "image/png" },
        url: "/shop",
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      expect(red(await middle(made.body.image))).toBe(true);
      expect(blue(await middle(made.body.image_mobile))).toBe(true);
      const mobile = await sharp(imageFilePath(admin.api.imagesDir, made.body.image_mobile)).metadata();
      expect([mobile.width, mobile.height]).toEqual([800, 1000]);
      expect(
        fs.existsSync(imageFilePath(admin.api.imagesDir, slideMobileAvifUrl(made.body.image_mobile)!)),
      ).toBe(true);

      // A phone picture alone replaces the phone's image; the desktop one stays.
      const path = `/admin/catalogue/sliders/${made.body.id}`;
      const phoneOnly = await slide(
        {
          image_mobile: { bytes: await coloured("#00a000", 800, 1000), name: "green.png", type: "image/png" },
        },
        { method: "PATCH", path },
      );
      expect(phoneOnly.status, JSON.stringify(phoneOnly.body)).toBe(200);
      expect(phoneOnly.body.image).toBe(made.body.image);
      expect(green(await middle(phoneOnly.body.image_mobile))).toBe(true);
      expect(fs.existsSync(imageFilePath(admin.api.imagesDir, made.body.image_mobile))).toBe(false);

      // A picture that is not one, as the phone's, is refused at its field, and nothing changes.
      const refused = await slide(
        { image_mobile: { bytes: Buffer.from("not a picture"), name: "x.png", type: "image/png" } },
        { method: "PATCH", path },
      );
      expect(refused.status).toBe(422);
      expect(refused.body.errors.image_mobile).toEqual([M.imageType]);
      expect((await admin.staff.get("/admin/catalogue/sliders")).body.data).toContainEqual(phoneOnly.body);

      // A new picture alone replaces both, as before.
      const both = await slide(
        { image: { bytes: await coloured("#ff0000", 1200, 1200), name: "square.png", type: "image/png" } },
        { method: "PATCH", path },
      );
      expect(both.status).toBe(200);
      expect(both.body.image).not.toBe(made.body.image);
      expect(red(await middle(both.body.image_mobile))).toBe(true);
      await admin.staff.call("DELETE", path);
    });
  });
});
