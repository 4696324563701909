import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import {
  DEFAULT_AVATAR,
  DEFAULT_PRODUCT_IMAGE,
  imageVariants,
  PLACEHOLDER_IMAGE,
} from "../../shared/images.ts";
import { buildDemoCatalogue, demoImageSpecs } from "../db/seed/demo-catalogue.ts";
import { imageFilePath, renderImageSet } from "./render.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "render-test-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("image URLs", () => {
  it("gives product images a 400/800 srcSet and falls back to the default image", () => {
    expect(imageVariants("/images/products/tote/olive-front-800.webp")).toEqual({
      src: "/images/products/tote/olive-front-800.webp",
      srcSet:
        "/images/products/tote/olive-front-400.webp 400w, /images/products/tote/olive-front-800.webp 800w",
    });
    expect(imageVariants("/images/sliders/slide-1-desktop.webp")).toEqual({
      src: "/images/sliders/slide-1-desktop.webp",
      srcSet: undefined,
    });
    expect(imageVariants(null).src).toBe(DEFAULT_PRODUCT_IMAGE);
    expect(imageVariants("", PLACEHOLDER_IMAGE).src).toBe(PLACEHOLDER_IMAGE);
  });
});

describe("rendering", () => {
  it("draws one product's colours as front and back WebP at 400 and 800 px, plus slides and fallbacks", async () => {
    const product = buildDemoCatalogue()[0]!;
    const specs = demoImageSpecs([product]);
    const result = await renderImageSet(dir, specs);
    const expectedProductFiles = product.colors.length * 2 * 2;
    expect(result.written).toBe(expectedProductFiles + 6 + 3);

    for (const url of product.gallery) {
      for (const width of [800, 400]) {
        const file = imageFilePath(dir, url.replace(/-800\.webp$/, `-${width}.webp`));
        const metadata = await sharp(file).metadata();
        expect(metadata.format).toBe("webp");
        expect(metadata.width).toBe(width);
        expect(metadata.height).toBe(width);
        const stats = await sharp(file).stats();
        // A drawing, not a flat grey box: real spread of values and of colour between channels.
        expect(Math.max(...stats.channels.map((channel) => channel.stdev))).toBeGreaterThan(15);
        const means = stats.channels.slice(0, 3).map((channel) => channel.mean);
        const { dominant } = stats;
        expect(Math.max(...means) - Math.min(...means) + Math.abs(dominant.r - dominant.b)).toBeGreaterThan(
          3,
        );
      }
    }
    // The first colour's front view carries the variant's colour.
    const patch = await sharp(imageFilePath(dir, product.image))
      .extract({ left: 360, top: 560, width: 80, height: 40 })
      .png()
      .toBuffer();
    const front = await sharp(patch).stats();
    const [r, g, b] = [front.channels[0]!.mean, front.channels[1]!.mean, front.channels[2]!.mean];
    const code = product.colors[0]!.code;
    const expected = [1, 3, 5].map((i) => Number.parseInt(code.slice(i, i + 2), 16));
    expect(Math.abs(r - expected[0]!) + Math.abs(g - expected[1]!) + Math.abs(b - expected[2]!)).toBeLessThan(
      120,
    );

    for (const [n, layout, width, height] of [
      [1, "desktop", 1600, 600],
      [3, "mobile", 800, 1000],
    ] as const) {
      const metadata = await sharp(
        imageFilePath(dir, `/images/sliders/slide-${n}-${layout}.webp`),
      ).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", width, height]);
    }
    for (const url of [DEFAULT_PRODUCT_IMAGE, PLACEHOLDER_IMAGE, DEFAULT_AVATAR]) {
      expect((await sharp(imageFilePath(dir, url)).metadata()).format).toBe("webp");
    }

    // A second run finds everything in place and writes nothing.
    const again = await renderImageSet(dir, specs);
    expect(again.written).toBe(0);
    expect(again.skipped).toBe(result.written);
    expect(
      fs.readdirSync(path.join(dir, "products", product.slug)).some((name) => name.endsWith(".tmp")),
    ).toBe(false);
  }, 30_000);
});
