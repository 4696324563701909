import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageFilePath } from "../../platform/images/render.ts";
import { folderStorage } from "../../platform/storage/folder-storage.ts";
import { imageKey } from "../../platform/storage/storage.ts";
import { slideMobileAvifUrl } from "../../shared/images.ts";
import { createTestDatabase, type TestDatabase } from "../../testing/test-db.ts";
import { ensureSlideTwins } from "./slide-images.ts";

describe("the slides' AVIF twins at start", () => {
  let database: TestDatabase;
  const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), "slide-twins-"));
  const storage = folderStorage({ imagesDir, privateDir: imagesDir });

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
    fs.rmSync(imagesDir, { recursive: true, force: true });
  });

  it("writes the twin of every slide's mobile image that lacks one, and nothing on the next start", async () => {
    // An uploaded slide as an older release left it (WebP only), and a slide on another host.
    const uploaded = "/images/uploads/sliders/older-mobile.webp";
    const file = imageFilePath(imagesDir, uploaded);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await sharp({ create: { width: 800, height: 1000, channels: 3, background: "#c8643b" } })
      .webp()
      .toFile(file);
    await database.db
      .insertInto("sliders")
      .values([
        {
          title: "Older",
          url: "/shop",
          image: "/images/uploads/sliders/older-desktop.webp",
          image_mobile: uploaded,
          position: 0,
        },
        {
          title: "Elsewhere",
          url: "/",
          image: "https://cdn.example.pk/wide.jpg",
          image_mobile: "https://cdn.example.pk/tall.jpg",
          position: 1,
        },
      ])
      .execute();

    const twin = imageFilePath(imagesDir, slideMobileAvifUrl(uploaded)!);
    expect(await ensureSlideTwins(database.db, storage)).toEqual([imageKey(slideMobileAvifUrl(uploaded)!)]);
    const metadata = await sharp(twin).metadata();
    expect([metadata.format, metadata.compression, metadata.width, metadata.height]).toEqual([
      "heif",
      "av1",
      800,
      1000,
    ]);
    expect(await ensureSlideTwins(database.db, storage)).toEqual([]);
  });
});
