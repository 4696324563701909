import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageFilePath } from "../../../platform/images/render.ts";
import { PRODUCT_MESSAGES } from "../../../shared/product-admin.ts";
import { type AdminHarness, adminHarness } from "../../../testing/admin-harness.ts";
import { newProductBody } from "../../../testing/admin-product-fixtures.ts";
import { apiHarness, type Shopper, shopper } from "../../../testing/api-harness.ts";
import { buildCatalogue, type Catalogue } from "../../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../testing/test-db.ts";

const { engine, available } = testEngine();

/** A picture of `width` x `height` in `format`, as a camera or an editor would save it. */
function picture(format: "jpeg" | "png" | "webp" | "gif", width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#7a3b2e" } })
    .toFormat(format)
    .toBuffer();
}

/** A multipart upload as a browser sends it, with the staff member's bearer token. */
async function upload(
  admin: AdminHarness,
  productId: number | string,
  fields: { image?: { bytes: Buffer; name: string; type: string }; alt?: string; color_id?: string },
  client: Shopper = admin.staff,
) {
  const form = new FormData();
  if (fields.image) {
    form.append(
      "image",
      new File([new Uint8Array(fields.image.bytes)], fields.image.name, { type: fields.image.type }),
    );
  }
  if (fields.alt !== undefined) form.append("alt", fields.alt);
  if (fields.color_id !== undefined) form.append("color_id", fields.color_id);
  const response = await admin.api.request(`/admin/products/${productId}/images`, {
    method: "POST",
    headers: client.token ? { authorization: `Bearer ${client.token}` } : {},
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe.skipIf(!available)(`back-office product photos API on ${engine}`, () => {
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

  it("takes a JPEG, PNG or WebP by its content and makes the catalogue's 400 and 800 px WebP files", async () => {
    const product = await create();
    const { black } = catalogue.colors;
    for (const format of ["jpeg", "png", "webp"] as const) {
      const added = await upload(admin, product.id, {
        image: {
          bytes: await picture(format, 1200, 900),
          name: `photo.${format}`,
          type: `image/${format}`,
        },
        alt: `Duffel in black (${format})`,
        color_id: String(black.id),
      });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      expect(added.body).toMatchObject({ color_id: black.id, alt: `Duffel in black (${format})` });
      expect(added.body.url).toMatch(
        new RegExp(`^/images/uploads/products/${product.id}/[A-Za-z0-9]+-800\\.webp$`),
      );
      for (const width of [400, 800]) {
        const file = imageFilePath(
          admin.api.imagesDir,
          added.body.url.replace("-800.webp", `-${width}.webp`),
        );
        const meta = await sharp(file).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(["webp", width, width]);
      }
    }
    // A name and type that lie do not matter: a PNG called .txt is a PNG.
    const renamed = await upload(admin, product.id, {
      image: { bytes: await picture("png"), name: "notes.txt", type: "text/plain" },
      alt: "Duffel, no colour in particular",
    });
    expect(renamed).toMatchObject({ status: 201, body: { color_id: null, position: 3 } });
    const detail = (await admin.staff.get(`/admin/products/${product.id}`)).body;
    expect(detail.images).toHaveLength(4);
    const card = (await shopper(admin.api).get(`/products?search=${encodeURIComponent(product.title)}`)).body
      .data[0];
    expect(card).toMatchObject({ image: detail.images[0].url, back_image: detail.images[1].url });
  });

  it("refuses what is not a JPEG, PNG or WebP picture, a tiny one, a missing one and a too large one", async () => {
    const product = await create();
    const folder = path.join(admin.api.imagesDir, "uploads", "products", String(product.id));
    const refusals: [string, Parameters<typeof upload>[2], number, Record<string, string[]>?][] = [
      [
        "a script named .jpg",
        {
          image: { bytes: Buffer.from("<?php system($_GET['c']); ?>"), name: "x.jpg", type: "image/jpeg" },
          alt: "x",
        },
        422,
        { image: [PRODUCT_MESSAGES.imageType] },
      ],
      [
        "a GIF",
        { image: { bytes: await picture("gif"), name: "x.gif", type: "image/gif" }, alt: "x" },
        422,
        { image: [PRODUCT_MESSAGES.imageType] },
      ],
      [
        "a JPEG cut short",
        {
          image: {
            bytes: (await picture("jpeg", 800, 800)).subarray(0, 300),
            name: "x.jpg",
            type: "image/jpeg",
          },
          alt: "x",
        },
        422,
        { image: [PRODUCT_MESSAGES.imageType] },
      ],
      [
        "a thumbnail",
        { image: { bytes: await picture("png", 150, 600), name: "x.png", type: "image/png" }, alt: "x" },
        422,
        { image: [PRODUCT_MESSAGES.imageTooSmall] },
      ],
      ["no file", { alt: "x" }, 422, { image: [PRODUCT_MESSAGES.imageRequired] }],
      [
        "no alt text",
        { image: { bytes: await picture("png"), name: "x.png", type: "image/png" }, alt: " " },
        422,
        { alt: [PRODUCT_MESSAGES.altRequired] },
      ],
      [
        "a colour it is not sold in",
        {
          image: { bytes: await picture("png"), name: "x.png", type: "image/png" },
          alt: "x",
          color_id: String(catalogue.colors.unused.id),
        },
        422,
        { color_id: [PRODUCT_MESSAGES.imageColor] },
      ],
    ];
    for (const [what, fields, status, errors] of refusals) {
      const answer = await upload(admin, product.id, fields);
      expect(answer.status, what).toBe(status);
      if (errors) expect(answer.body.errors, what).toEqual(errors);
    }
    // Over 10 MB: refused by the body limit before it is read.
    const huge = Buffer.alloc(10 * 1024 * 1024 + 100 * 1024, 0xff);
    const tooLarge = await upload(admin, product.id, {
      image: { bytes: huge, name: "x.jpg", type: "image/jpeg" },
      alt: "x",
    });
    expect(tooLarge.status).toBe(413);
    // Not multipart at all; an unknown product.
    expect((await admin.staff.post(`/admin/products/${product.id}/images`, { alt: "x" })).status).toBe(415);
    const elsewhere = await upload(admin, 999_999, {
      image: { bytes: await picture("png"), name: "x.png", type: "image/png" },
      alt: "x",
    });
    expect(elsewhere.status).toBe(404);
    expect((await admin.staff.get(`/admin/products/${product.id}`)).body.images).toEqual([]);
    // No file was left behind by any refusal.
    expect(fs.existsSync(folder) ? fs.readdirSync(folder) : []).toEqual([]);
  });

  it("reorders, changes alt text and colour, and removes photos (and their files), audited", async () => {
    const product = await create();
    const add = async (alt: string, colorId: number) =>
      (
        await upload(admin, product.id, {
          image: { bytes: await picture("jpeg"), name: "p.jpg", type: "image/jpeg" },
          alt,
          color_id: String(colorId),
        })
      ).body;
    const { black, tan } = catalogue.colors;
    const first = await add("Black, front", black.id);
    const second = await add("Black, back", black.id);
    const third = await add("Tan, front", tan.id);
    const order = await admin.staff.call("PUT", `/admin/products/${product.id}/images/order`, {
      ids: [third.id, first.id, second.id],
    });
    expect(order.status).toBe(200);
    expect(order.body.map((image: any) => [image.id, image.position])).toEqual([
      [third.id, 0],
      [first.id, 1],
      [second.id, 2],
    ]);
    const incomplete = await admin.staff.call("PUT", `/admin/products/${product.id}/images/order`, {
      ids: [first.id],
    });
    expect(incomplete.status).toBe(422);
    const changed = await admin.staff.call("PATCH", `/admin/products/${product.id}/images/${second.id}`, {
      alt: "Tan, back",
      color_id: tan.id,
    });
    expect(changed.body).toMatchObject({ alt: "Tan, back", color_id: tan.id });
    const refused = await admin.staff.call("PATCH", `/admin/products/${product.id}/images/${second.id}`, {
      color_id: catalogue.colors.unused.id,
    });
    expect(refused.status).toBe(422);
    const file = imageFilePath(admin.api.imagesDir, first.url);
    expect(fs.existsSync(file)).toBe(true);
    expect(
      (await admin.staff.call("DELETE", `/admin/products/${product.id}/images/${first.id}`)).status,
    ).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(file.replace("-800.webp", "-400.webp"))).toBe(false);
    expect(
      (await admin.staff.call("DELETE", `/admin/products/${product.id}/images/${first.id}`)).status,
    ).toBe(404);
    const detail = (await admin.staff.get(`/admin/products/${product.id}`)).body;
    expect(detail.images.map((image: any) => [image.id, image.position])).toEqual([
      [third.id, 0],
      [second.id, 1],
    ]);
    expect(detail.history.map((entry: any) => entry.action).slice(0, 6)).toEqual([
      "product.image.remove",
      "product.image.update",
      "product.image.reorder",
      "product.image.add",
      "product.image.add",
      "product.image.add",
    ]);
    // Deleting the product takes its uploaded files with it.
    await admin.staff.call("DELETE", `/admin/products/${product.id}`);
    expect(fs.existsSync(imageFilePath(admin.api.imagesDir, third.url))).toBe(false);
  });
});
