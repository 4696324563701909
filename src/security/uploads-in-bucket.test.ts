import fs from "node:fs";
import { Hono } from "hono";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CASH_ONLY } from "../api/payments/payment-registry.ts";
import { imageKey, listAll, type Storage } from "../platform/storage/storage.ts";
import { avifPhotos } from "../server/avif-photos.ts";
import { imageFiles } from "../server/image-files.ts";
import { type AdminHarness, adminHarness } from "../testing/admin-harness.ts";
import { newProductBody } from "../testing/admin-product-fixtures.ts";
import { type ApiHarness, apiHarness, shopper } from "../testing/api-harness.ts";
import { buildCatalogue, type Catalogue } from "../testing/factories.ts";
import {
  bagInColours,
  CHECKOUT_CONTACT,
  deliveredOrder,
  withoutConfirmation,
} from "../testing/order-fixtures.ts";
import { startTestS3, type TestS3 } from "../testing/s3-server.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../testing/test-db.ts";

const { engine, available } = testEngine();
/** A browser that takes AVIF (Chrome's Accept for images). */
const AVIF_ACCEPT = "image/avif,image/webp,image/apng,image/*,*/*;q=0.8";

/**
 * Photos and uploads in an S3-compatible bucket (docs/decisions/0055-object-storage.md), through the routes that make
 * and read them: a product photo uploaded, served through `/images/*` with its AVIF twin and removed; a bank
 * transfer's proof and a return's photo kept under `private/`, which the public image route never serves. The
 * bucket is s3rver's on a free port; skipped when `@20minutes/s3rver` is not installed.
 */
const s3: TestS3 | null = available ? await startTestS3({ bucket: `uploads-${engine}` }) : null;

describe.skipIf(!available || !s3)(`photos and uploads in a bucket on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;
  let admin: AdminHarness;
  let catalogue: Catalogue;
  let storage: Storage;
  const logger = pino({ level: "silent" });
  let photos: ReturnType<typeof avifPhotos>;
  const host = new Hono();

  beforeAll(async () => {
    storage = s3!.storage();
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    await withoutConfirmation(database.db);
    api = apiHarness(database, {
      storage,
      config: {
        payments: {
          ...CASH_ONLY,
          bank: {
            accountTitle: "Bags & Threads",
            bankName: "Test Bank",
            iban: "PK36SCBL0000001123456702",
            raastId: undefined,
          },
        },
      },
    });
    admin = await adminHarness(database, api);
    // The host's image route, over the same bucket (src/server/static-files.ts mounts these two).
    photos = avifPhotos({ storage, logger });
    host.use("/images/*", photos);
    host.all("/images/*", imageFiles({ storage, logger }));
  });
  afterAll(async () => {
    await database?.drop();
    await s3?.close();
  });

  const image = (url: string, accept = "image/webp,*/*", method = "GET") =>
    host.request(url, { method, headers: { accept } });

  it("keeps an uploaded product photo's widths in the bucket, serves it and its AVIF twin, and removes them all", async () => {
    const created = await admin.staff.post("/admin/products", newProductBody(catalogue, 1));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const form = new FormData();
    const jpeg = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: "#7a3b2e" },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg width="600" height="400"><circle cx="300" cy="200" r="180" fill="#e5c067"/></svg>',
          ),
        },
      ])
      .jpeg()
      .toBuffer();
    form.append("image", new File([new Uint8Array(jpeg)], "photo.jpg", { type: "image/jpeg" }));
    form.append("alt", "The tote from the front");
    const uploaded = await api.request(`/admin/products/${created.body.id}/images`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin.staff.token}` },
      body: form,
    });
    const photo = await uploaded.json();
    expect(uploaded.status, JSON.stringify(photo)).toBe(201);
    const url: string = photo.url;
    expect(url).toMatch(/^\/images\/uploads\/products\/\d+\/\w+-800\.webp$/);

    // In the bucket, not in the folder.
    const stem = imageKey(url).replace(/800\.webp$/, "");
    expect((await listAll(storage, stem)).map((info) => info.key).toSorted()).toEqual([
      `${stem}400.webp`,
      `${stem}800.webp`,
    ]);
    expect(fs.readdirSync(api.imagesDir)).toEqual([]);

    // Served through the shop as before: the WebP first, with a year's caching and Vary: Accept...
    const first = await image(url, AVIF_ACCEPT);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/webp");
    expect(first.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(first.headers.get("vary")).toContain("Accept");
    const webp = Buffer.from(await first.arrayBuffer());
    expect((await sharp(webp).metadata()).width).toBe(800);
    // ...then its AVIF twin, made in the background and stored beside it in the bucket.
    await photos.idle();
    expect(await storage.head(`${stem}800.avif`)).not.toBeNull();
    const second = await image(url, AVIF_ACCEPT);
    expect(second.headers.get("content-type")).toBe("image/avif");
    expect(second.headers.get("vary")).toBe("Accept");
    const avif = Buffer.from(await second.arrayBuffer());
    expect(avif.byteLength).toBeLessThan(webp.byteLength);
    expect(await sharp(avif).metadata()).toMatchObject({ format: "heif", width: 800 });
    // A browser without AVIF still gets the WebP; a revalidation is a 304.
    expect((await image(url)).headers.get("content-type")).toBe("image/webp");
    const etag = first.headers.get("etag")!;
    const again = await host.request(url, { headers: { accept: "image/webp", "if-none-match": etag } });
    expect(again.status).toBe(304);

    // Removed: every width and the twin leave the bucket, and the address is the short 404.
    const removed = await admin.staff.call("DELETE", `/admin/products/${created.body.id}/images/${photo.id}`);
    expect(removed.status).toBe(200);
    expect(await listAll(storage, stem)).toEqual([]);
    const gone = await image(url);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ message: "Not found." });
  });

  it("keeps a bank transfer's proof and a return's photo under private/, for staff only, never at /images/", async () => {
    const { product, variants } = await bagInColours(database.db, catalogue, {
      slug: "bucket-tote",
      title: "Bucket Tote",
      variants: [{ price: 300_000, stock: 50 }],
    });
    // A bank transfer awaiting its proof.
    const payer = shopper(api);
    expect((await payer.post("/cart/add", { id: product, quantity: 1, size: variants[0] })).status).toBe(200);
    const placed = await payer.post("/checkout", { ...CHECKOUT_CONTACT, payment_method: "bank_transfer" });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const number: string = placed.body.order.number;
    const pdf = new TextEncoder().encode("%PDF-1.7\nthe receipt\n%%EOF");
    const form = new FormData();
    form.set("token", placed.body.access_token);
    form.set("proof", new File([pdf], "receipt.pdf", { type: "application/pdf" }));
    expect(
      (await api.request(`/orders/${number}/payment/proof`, { method: "POST", body: form })).status,
    ).toBe(201);
    const proofs = await listAll(storage, "private/payment-proofs/");
    expect(proofs).toHaveLength(1);
    expect(proofs[0]).toMatchObject({ size: pdf.byteLength });
    const [file] = (await admin.staff.get(`/admin/orders/${number}/payment`)).body.proof_files;
    const download = await api.request(`/admin/orders/${number}/payment/proofs/${file.id}`, {
      headers: { authorization: `Bearer ${admin.staff.token}` },
    });
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf);

    // A delivered order's return, with a photo.
    const delivered = await deliveredOrder({
      db: database.db,
      client: shopper(api),
      staff: admin.staff,
      product,
      variant: variants[0],
    });
    const request = new FormData();
    request.set("token", delivered.token);
    request.set("items", JSON.stringify([{ order_item_id: delivered.item, quantity: 1 }]));
    request.set("reason", "wrong_size");
    request.set("reason_text", "");
    request.set("resolution", "refund");
    const snapshot = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#c87828" } })
      .jpeg()
      .toBuffer();
    request.append("photos", new File([new Uint8Array(snapshot)], "tote.jpg", { type: "image/jpeg" }));
    const asked = await api.request(`/orders/${delivered.number}/returns`, { method: "POST", body: request });
    const returned = await asked.json();
    expect(asked.status, JSON.stringify(returned)).toBe(201);
    const returnPhotos = await listAll(storage, "private/return-photos/");
    expect(returnPhotos).toHaveLength(1);
    const [photoId] = (await admin.staff.call("GET", `/admin/returns/${returned.id}`)).body.photo_ids;
    const picture = await api.request(`/admin/returns/${returned.id}/photos/${photoId}`, {
      headers: { authorization: `Bearer ${admin.staff.token}` },
    });
    expect(picture.status).toBe(200);
    expect((await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).format).toBe("webp");

    // The public image route never reaches them, however the path is written.
    for (const key of [proofs[0]!.key, returnPhotos[0]!.key]) {
      const name = key.slice("private/".length);
      for (const path of [
        `/images/../${key}`,
        `/images/%2e%2e/${key}`,
        `/images/..%2f${encodeURIComponent(key)}`,
        `/images/${encodeURIComponent(`../${key}`)}`,
        `/images/private/${name}`,
        `/images/${key}`,
      ]) {
        const answer = await image(path);
        expect(answer.status, path).toBe(404);
        expect(Buffer.from(await answer.arrayBuffer()).includes(Buffer.from("the receipt")), path).toBe(
          false,
        );
      }
    }
  });
});
