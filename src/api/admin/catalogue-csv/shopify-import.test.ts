import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageKey } from "../../../platform/storage/storage.ts";
import type { Job } from "../../../shared/contracts/jobs.ts";
import { type AdminHarness, adminHarness } from "../../../testing/admin-harness.ts";
import { apiHarness, type Shopper } from "../../../testing/api-harness.ts";
import { buildCatalogue } from "../../../testing/factories.ts";
import { type PhotoServer, shopifyCsv, startPhotoServer } from "../../../testing/shopify-fixture.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../testing/test-db.ts";
import { JOB_LOST, JOB_STALE_MS, jobsService } from "../jobs/jobs.service.ts";

const { engine, available } = testEngine();

/** Posts a file to `path` as the back office's form does. */
async function post(
  admin: AdminHarness,
  client: Shopper,
  path: string,
  text: string,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  form.append("file", new File([text], "products_export.csv", { type: "text/csv" }));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const headers = new Headers();
  if (client.token) headers.set("authorization", `Bearer ${client.token}`);
  const response = await admin.api.request(path, { method: "POST", headers, body: form });
  return { status: response.status, body: (await response.json()) as any };
}

/** Starts the import as a job and polls it to its end, as the page does; answers every state seen. */
async function importAsJob(admin: AdminHarness, text: string, fields: Record<string, string> = {}) {
  const started = await post(admin, admin.staff, "/admin/catalogue/import", text, fields);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const seen: Job[] = [started.body];
  for (let tries = 0; tries < 300; tries += 1) {
    const polled = await admin.staff.get(`/admin/jobs/${started.body.id}`);
    expect(polled.status).toBe(200);
    seen.push(polled.body as Job);
    if (!["queued", "running"].includes((polled.body as Job).status))
      return { job: polled.body as Job, seen };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the job did not end");
}

describe.skipIf(!available)(`a Shopify export imported as a job on ${engine}`, () => {
  let database: TestDatabase;
  let admin: AdminHarness;
  let photos: PhotoServer;
  let csv: string;

  const count = async (table: "colors" | "sizes" | "categories" | "products") =>
    Number(
      (
        await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const product = (slug: string) =>
    database.db.selectFrom("products").selectAll().where("slug", "=", slug).executeTakeFirst();

  beforeAll(async () => {
    database = await createTestDatabase();
    await buildCatalogue(database.db);
    admin = await adminHarness(database, apiHarness(database, { config: { importImagePrivateHosts: true } }));
    photos = await startPhotoServer();
    csv = shopifyCsv(photos.url);
  });
  afterAll(async () => {
    await photos?.close();
    await database?.drop();
  });

  it("checks the file in a dry run: lists what it would create and how it read it, saving and downloading nothing", async () => {
    const before = await Promise.all([
      count("colors"),
      count("sizes"),
      count("categories"),
      count("products"),
    ]);
    const { job } = await importAsJob(admin, csv, { dry_run: "on" });
    expect(job).toMatchObject({ status: "done", dry_run: true, done: 3, total: 3, error: null });
    const report = job.report!;
    expect(report.products).toEqual({ created: 3, updated: 0, unchanged: 0, rejected: 0 });
    expect(report.rejections).toEqual([]);
    expect(report.created).toEqual({
      colours: ["Olive", "Default"],
      sizes: ["Medium", "Large", "M / Cotton", "M / Silk", "L / Cotton"],
      categories: ["Duffel Bags", "Scarves", "Kurtas"],
    });
    expect(report.created_tags).toEqual(["Travel", "Canvas", "Silk", "Summer", "Lawn"]);
    expect(report.notes.map((note) => `${note.handle}: ${note.note}`)).toEqual([
      "shopify-weekender: Discount 20% from the compare-at price of row 2; prices are the compare-at prices.",
      "shopify-weekender: Variant Inventory Qty -1 is imported as 0.",
      'shopify-silk-scarf: A single variant (Shopify\'s "Default Title"): imported as colour "Default", size "One Size".',
      'shopify-kurta: Options: "Material" is folded into the size name (like "M / Cotton"); no colour option, so the colour is "Default".',
    ]);
    expect(
      await Promise.all([count("colors"), count("sizes"), count("categories"), count("products")]),
    ).toEqual(before);
    expect(photos.requests).toEqual([]);
  });

  it("imports it with progress: options, categories, compare-at discount and downloaded photos", async () => {
    const { job, seen } = await importAsJob(admin, csv);
    expect(job).toMatchObject({ status: "done", done: 3, total: 3, file_name: "products_export.csv" });
    expect(seen[0]!.status).toBe("queued");
    expect(job.report!.products).toEqual({ created: 3, updated: 0, unchanged: 0, rejected: 0 });
    expect(job.report!.created.categories).toEqual(["Duffel Bags", "Scarves", "Kurtas"]);

    const weekender = (await product("shopify-weekender"))!;
    expect(weekender).toMatchObject({ title: "Weekender Bag", status: "active", own_discount: 20 });
    const page = await admin.staff.get("/product/shopify-weekender");
    expect(page.status).toBe(200);
    const variants = await database.db
      .selectFrom("variants")
      .innerJoin("colors", "colors.id", "variants.color_id")
      .innerJoin("sizes", "sizes.id", "variants.size_id")
      .select([
        "colors.name as colour",
        "sizes.name as size",
        "variants.price",
        "variants.stock",
        "variants.sku",
      ])
      .where("product_id", "in", [
        weekender.id,
        (await product("shopify-kurta"))!.id,
        (await product("shopify-silk-scarf"))!.id,
      ])
      .orderBy("variants.sku")
      .execute();
    expect(variants).toEqual([
      { colour: "Default", size: "L / Cotton", price: 250_000, stock: 0, sku: "SH-KURTA-L-COT" },
      { colour: "Default", size: "M / Cotton", price: 250_000, stock: 4, sku: "SH-KURTA-M-COT" },
      { colour: "Default", size: "M / Silk", price: 350_000, stock: 3, sku: "SH-KURTA-M-SLK" },
      { colour: "Default", size: "One Size", price: 180_000, stock: 12, sku: "SH-SCARF" },
      { colour: "Black", size: "Medium", price: 500_000, stock: 0, sku: "SH-WKND-BLK-M" },
      { colour: "Olive", size: "Large", price: 550_000, stock: 2, sku: "SH-WKND-OLV-L" },
      { colour: "Olive", size: "Medium", price: 500_000, stock: 5, sku: "SH-WKND-OLV-M" },
    ]);
    const category = await database.db
      .selectFrom("categories")
      .select(["name", "slug"])
      .where("id", "=", weekender.category_id)
      .executeTakeFirstOrThrow();
    expect(category).toEqual({ name: "Duffel Bags", slug: "duffel-bags" });
    const olive = await database.db
      .selectFrom("colors")
      .select("code")
      .where("name", "=", "Olive")
      .executeTakeFirstOrThrow();
    expect(olive.code).toBe("#808000");

    const images = await database.db
      .selectFrom("product_images")
      .select(["file", "alt", "position"])
      .where("product_id", "=", weekender.id)
      .orderBy("position")
      .execute();
    expect(images.map((image) => image.alt)).toEqual([
      "Weekender, front",
      "Weekender, back",
      "Weekender, side",
    ]);
    for (const image of images) {
      expect(image.file).toMatch(/^\/images\/uploads\/imports\/\w+-800\.webp$/);
      expect(await admin.api.storage.head(imageKey(image.file))).not.toBeNull();
      expect(await admin.api.storage.head(imageKey(image.file.replace("-800.", "-400.")))).not.toBeNull();
    }
    expect(weekender.image).toBe(images[0]!.file);
    expect(photos.requests.toSorted()).toEqual([
      "/kurta.png",
      "/scarf.jpg",
      "/weekender-back.png",
      "/weekender-front.jpg",
      "/weekender-side.jpg",
    ]);
  });

  it("changes nothing and downloads nothing when the same file is imported again", async () => {
    const asked = photos.requests.length;
    const before = await Promise.all([count("colors"), count("sizes"), count("categories")]);
    const { job } = await importAsJob(admin, csv);
    expect(job.report!.products).toEqual({ created: 0, updated: 0, unchanged: 3, rejected: 0 });
    expect(job.report!.created).toEqual({ colours: [], sizes: [], categories: [] });
    expect(await Promise.all([count("colors"), count("sizes"), count("categories")])).toEqual(before);
    expect(photos.requests.length).toBe(asked);
  });

  it("refuses unknown colours, sizes and categories as before when strict", async () => {
    const other = csv.replaceAll("shopify-", "strict-").replaceAll("SH-", "ST-").replaceAll("Olive", "Plum");
    const refused = await post(admin, admin.owner, "/admin/catalogue/import-now", other, { strict: "on" });
    expect(refused.status).toBe(200);
    expect(refused.body.products).toMatchObject({ created: 2, rejected: 1 });
    expect(refused.body.rejections).toEqual([
      expect.objectContaining({
        handle: "strict-weekender",
        reason: expect.stringMatching(/^Colour "Plum" is not one of the shop's colours/),
      }),
      expect.objectContaining({
        handle: "strict-weekender",
        reason: expect.stringMatching(/^Colour "Plum" is not one of the shop's colours/),
      }),
    ]);
    expect(refused.body.created).toEqual({ colours: [], sizes: [], categories: [] });
    expect(await product("strict-weekender")).toBeUndefined();
  });

  it("refuses photos on private and loopback addresses unless the setting allows them, importing the product", async () => {
    const guarded = await adminHarness(database, apiHarness(database));
    const local = csv
      .replaceAll("shopify-", "local-")
      .replaceAll("SH-", "LO-")
      .replaceAll(photos.url, photos.url.replace("127.0.0.1", "localhost"));
    const asked = photos.requests.length;
    const answer = await post(guarded, guarded.staff, "/admin/catalogue/import-now", local);
    expect(answer.body.products).toMatchObject({ created: 3, rejected: 0 });
    const refusals = answer.body.notes.filter((note: { note: string }) => note.note.startsWith("Photo "));
    expect(refusals).toHaveLength(5);
    expect(refusals[0].note).toMatch(
      /^Photo http:\/\/localhost:\d+\/weekender-front\.jpg was not imported: localhost resolves to (127\.0\.0\.1|::1), a private or local address\.$/,
    );
    const literal = await post(
      guarded,
      guarded.staff,
      "/admin/catalogue/import-now",
      csv.replaceAll("shopify-", "literal-").replaceAll("SH-", "LI-"),
    );
    expect(literal.body.notes).toContainEqual({
      row: 2,
      handle: "literal-weekender",
      note: `Photo ${photos.url}/weekender-front.jpg was not imported: 127.0.0.1 is a private or local address.`,
    });
    expect(photos.requests.length).toBe(asked);
    const weekender = (await product("local-weekender"))!;
    expect(weekender.image).toBeNull();
  });

  it("cancels a job: a queued one at once, a running one after its batch; a lost one fails; staff only", async () => {
    const jobs = jobsService({ db: database.db });
    const actor = { id: admin.staff.user.id, email: admin.staff.user.email };
    const options = { dry_run: false, strict: false, file_name: "x.csv", actor };
    const queued = await jobs.create("catalogue.import", "Handle\r\n", options);
    const cancelled = await admin.staff.post(`/admin/jobs/${queued.id}/cancel`);
    expect(cancelled.body).toMatchObject({ status: "cancelled", cancel_requested: true });

    const running = await jobs.create("catalogue.import", "Handle\r\n", options);
    await jobs.run(running.id, async (_input, _options, progress) => {
      expect(await progress(1, 3)).toBe(false);
      expect((await admin.owner.post(`/admin/jobs/${running.id}/cancel`)).body.status).toBe("running");
      expect(await progress(2, 3)).toBe(true);
      return { ...(await jobs.get(running.id)).report!, message: "Stopped" } as never;
    });
    expect((await admin.staff.get(`/admin/jobs/${running.id}`)).body).toMatchObject({
      status: "cancelled",
      done: 2,
      total: 3,
    });
    const audit = await database.db
      .selectFrom("audit_log")
      .select(["actor_email", "entity_id"])
      .where("action", "=", "job.cancel")
      .execute();
    expect(audit).toEqual([
      { actor_email: admin.staff.user.email, entity_id: String(queued.id) },
      { actor_email: admin.owner.user.email, entity_id: String(running.id) },
    ]);

    const lost = await jobs.create("catalogue.import", "Handle\r\n", options);
    const later = jobsService({ db: database.db, now: () => new Date(Date.now() + JOB_STALE_MS + 1000) });
    expect(await later.get(lost.id)).toMatchObject({ status: "failed", error: JOB_LOST });

    expect((await admin.customer.get(`/admin/jobs/${lost.id}`)).status).toBe(403);
    expect((await admin.staff.get("/admin/jobs/999999")).status).toBe(404);
    expect((await admin.staff.get("/admin/jobs/abc")).status).toBe(404);
  });
});
