import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Hono } from "hono";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { folderStorage } from "../platform/storage/folder-storage.ts";
import { acceptsAvif, avifPhotos } from "./avif-photos.ts";
import { imageFiles } from "./image-files.ts";

const CHROME_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

/** A photo-like 800 px WebP: a gradient with noise, which AVIF compresses better than WebP. */
async function writePhoto(file: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const pixels = Buffer.alloc(800 * 800 * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = ((i % 2400) / 10 + ((i * 7919) % 23)) & 0xff;
  await sharp(pixels, { raw: { width: 800, height: 800, channels: 3 } })
    .blur(2)
    .webp({ quality: 78 })
    .toFile(file);
}

describe("product photos as AVIF for browsers that take it", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "avif-photos-"));
  const photo = path.join(dir, "products", "city-tote", "black-front-800.webp");
  const upload = path.join(dir, "uploads", "products", "7", "abc-800.webp");
  let clock = 1_000_000;
  const warn = vi.fn();
  const storage = folderStorage({ imagesDir: dir, privateDir: dir });
  const photos = avifPhotos({ storage, now: () => clock, logger: { warn } });
  const app = new Hono();
  app.use("/images/*", photos);
  app.all("/images/*", imageFiles({ storage, logger: { warn } }));
  const get = (url: string, accept?: string, method = "GET") =>
    app.request(url, { method, headers: accept ? { accept } : {} });

  beforeAll(async () => {
    await writePhoto(photo);
    await writePhoto(upload);
    fs.writeFileSync(path.join(dir, "secret.webp"), "not for you");
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("reads Accept as browsers send it", () => {
    expect(acceptsAvif(CHROME_ACCEPT)).toBe(true);
    expect(acceptsAvif("image/webp,*/*")).toBe(false);
    expect(acceptsAvif("image/avif;q=0, image/webp")).toBe(false);
    expect(acceptsAvif("image/avif;q=0.5")).toBe(true);
    expect(acceptsAvif(undefined)).toBe(false);
  });

  it("sends the WebP to a client that does not take AVIF, saying the answer varies by Accept", async () => {
    const answer = await get("/images/products/city-tote/black-front-800.webp", "image/webp,*/*");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/webp");
    expect(answer.headers.get("vary")).toContain("Accept");
    await photos.idle();
    expect(fs.existsSync(photo.replace(/\.webp$/, ".avif"))).toBe(false);
  });

  it("sends the WebP while the twin is made, then the smaller AVIF at the same address", async () => {
    const url = "/images/products/city-tote/black-front-800.webp";
    const first = await get(url, CHROME_ACCEPT);
    expect(first.headers.get("content-type")).toBe("image/webp");
    const webpBytes = (await first.arrayBuffer()).byteLength;
    await photos.idle();

    const second = await get(url, CHROME_ACCEPT);
    expect(second.status).toBe(200);
    expect(second.headers.get("content-type")).toBe("image/avif");
    expect(second.headers.get("vary")).toBe("Accept");
    expect(second.headers.get("cache-control")).toContain("immutable");
    const avif = Buffer.from(await second.arrayBuffer());
    expect(avif.byteLength).toBeLessThan(webpBytes);
    const meta = await sharp(avif).metadata();
    expect(meta).toMatchObject({ format: "heif", width: 800, height: 800 });

    const head = await get(url, CHROME_ACCEPT, "HEAD");
    expect(head.headers.get("content-type")).toBe("image/avif");
    expect(head.headers.get("content-length")).toBe(String(avif.byteLength));
  });

  it("makes a twin for an uploaded photo too, and a new one when the photo is written again", async () => {
    const url = "/images/uploads/products/7/abc-800.webp";
    await get(url, CHROME_ACCEPT);
    await photos.idle();
    expect((await get(url, CHROME_ACCEPT)).headers.get("content-type")).toBe("image/avif");

    // The photo is written again after its twin: after the minute the twin is known for, it is stale.
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(upload, later, later);
    clock += 61_000;
    expect((await get(url, CHROME_ACCEPT)).headers.get("content-type")).toBe("image/webp");
    await photos.idle();
    expect((await get(url, CHROME_ACCEPT)).headers.get("content-type")).toBe("image/avif");
  });

  it("does not encode again a photo whose twin came out no smaller, until the photo changes", async () => {
    const plain = path.join(dir, "products", "plain", "white-front-800.webp");
    await writePhoto(plain);
    const encode = vi.fn().mockResolvedValue(false);
    const noGain = avifPhotos({ storage, now: () => clock, encode });
    const server = new Hono();
    server.use("/images/*", noGain);
    server.all("/images/*", imageFiles({ storage, logger: { warn } }));
    const ask = () =>
      server.request("/images/products/plain/white-front-800.webp", { headers: { accept: CHROME_ACCEPT } });
    for (let i = 0; i < 3; i++) {
      expect((await ask()).headers.get("content-type")).toBe("image/webp");
      await noGain.idle();
      clock += 61_000;
    }
    expect(encode).toHaveBeenCalledTimes(1);
    const later = new Date(Date.now() + 9_000);
    fs.utimesSync(plain, later, later);
    await ask();
    await noGain.idle();
    expect(encode).toHaveBeenCalledTimes(2);
  });

  it("answers 404 for a photo that is not there, and never leaves the images folder", async () => {
    expect((await get("/images/products/none/x-800.webp", CHROME_ACCEPT)).status).toBe(404);
    const escaped = await get("/images/products/..%2f..%2fsecret.webp", CHROME_ACCEPT);
    expect(escaped.headers.get("content-type")).not.toBe("image/avif");
    await photos.idle();
    expect(fs.existsSync(path.join(dir, "secret.avif"))).toBe(false);
  });

  it("keeps sending the WebP when a twin cannot be made, logs it once and tries again a minute later", async () => {
    const other = path.join(dir, "products", "broken", "red-front-800.webp");
    await writePhoto(other);
    const encode = vi.fn().mockRejectedValue(new Error("encoder crashed"));
    const failing = avifPhotos({ storage, now: () => clock, logger: { warn }, encode });
    const server = new Hono();
    server.use("/images/*", failing);
    server.all("/images/*", imageFiles({ storage, logger: { warn } }));
    const ask = () =>
      server.request("/images/products/broken/red-front-800.webp", { headers: { accept: CHROME_ACCEPT } });
    warn.mockClear();
    for (let i = 0; i < 3; i++) {
      expect((await ask()).headers.get("content-type")).toBe("image/webp");
      await failing.idle();
    }
    expect(encode).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
    clock += 61_000;
    await ask();
    await failing.idle();
    expect(encode).toHaveBeenCalledTimes(2);
  });
});
