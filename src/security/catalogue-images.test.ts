import fs from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { csvRecord } from "../api/csv.ts";
import { imageFilePath } from "../platform/images/render.ts";
import { CATALOG_CSV_COLUMNS } from "../shared/catalogue-csv.ts";
import { type AdminHarness, adminHarness } from "../testing/admin-harness.ts";
import { newProductBody } from "../testing/admin-product-fixtures.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { buildCatalogue, type Catalogue } from "../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../testing/test-db.ts";

const { engine, available } = testEngine();

/**
 * Finding 6 of the security review: a catalogue CSV could point a product's image at another product's uploaded
 * files, and deleting that product (or the photo) then deleted files the first still showed. Tried as a member of
 * staff with a crafted file would: the import refuses it, and a photo some other product shows keeps its files.
 */
describe.skipIf(!available)(`catalogue images on ${engine}`, () => {
  let database: TestDatabase;
  let admin: AdminHarness;
  let catalogue: Catalogue;
  let imagesDir: string;
  let sequence = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    const api = apiHarness(database);
    imagesDir = api.imagesDir;
    admin = await adminHarness(database, api);
  });
  afterAll(() => database?.drop());

  async function productWithPhoto() {
    sequence += 1;
    const created = await admin.staff.post("/admin/products", newProductBody(catalogue, 900 + sequence));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const form = new FormData();
    const bytes = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#224466" } })
      .jpeg()
      .toBuffer();
    form.append("image", new File([new Uint8Array(bytes)], "photo.jpg", { type: "image/jpeg" }));
    form.append("alt", "A navy tote, front");
    const uploaded = await admin.api.request(`/admin/products/${created.body.id}/images`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin.staff.token}` },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const image = (await uploaded.json()) as { id: number; url: string };
    return { product: created.body as { id: number; slug: string }, image };
  }

  function importing(handle: string, imageSrc: string) {
    const text = [
      csvRecord(CATALOG_CSV_COLUMNS),
      csvRecord(
        CATALOG_CSV_COLUMNS.map(
          (column) =>
            ({
              Handle: handle,
              Title: "Copycat Tote",
              Category: "Handbags",
              Status: "active",
              "Option1 Value": "Tan",
              "Option2 Value": "One Size",
              "Variant Price": "2500",
              "Variant Inventory Qty": "3",
              "Image Src": imageSrc,
            })[column as string] ?? "",
        ),
      ),
    ].join("");
    const form = new FormData();
    form.append("file", new File([text], "catalogue.csv", { type: "text/csv" }));
    return admin.api.request("/admin/catalogue/import-now", {
      method: "POST",
      headers: { authorization: `Bearer ${admin.staff.token}` },
      body: form,
    });
  }

  it("refuses an Image Src that names another product's uploaded photo, however it is written", async () => {
    const { image } = await productWithPhoto();
    const sneaky = image.url.replace("/images/uploads/", "/images/products/../uploads/");
    const encoded = image.url.replace("/uploads/", "/uploads%2F");
    for (const src of [image.url, sneaky, encoded]) {
      const response = await importing(`copycat-${sequence}-${src.length}`, src);
      expect(response.status, src).toBe(200);
      const report = (await response.json()) as {
        products: { rejected: number };
        rejections: { reason: string }[];
      };
      expect(report.products.rejected, src).toBe(1);
      expect(report.rejections.map((rejection) => rejection.reason).join(" "), src).toMatch(
        /uploaded for another product|written plainly/,
      );
    }
    expect(
      await database.db.selectFrom("product_images").select("id").where("file", "=", image.url).execute(),
    ).toHaveLength(1);
  });

  it("keeps a photo's files while another product still shows them", async () => {
    // As a catalogue imported before the check could have left it: two products showing one uploaded file.
    const { product, image } = await productWithPhoto();
    const { product: other } = await productWithPhoto();
    await database.db
      .insertInto("product_images")
      .values({
        product_id: other.id,
        color_id: null,
        position: 5,
        file: image.url,
        alt: "shared",
        created_at: new Date().toISOString(),
      })
      .execute();
    const file = imageFilePath(imagesDir, image.url);
    expect(fs.existsSync(file)).toBe(true);

    const removed = await admin.staff.call("DELETE", `/admin/products/${product.id}/images/${image.id}`);
    expect(removed.status).toBe(200);
    expect(fs.existsSync(file)).toBe(true);

    // Deleting the whole product keeps them too, while the other product shows them.
    expect((await admin.staff.call("DELETE", `/admin/products/${product.id}`)).status).toBeLessThan(300);
    expect(fs.existsSync(file)).toBe(true);
  });
});
