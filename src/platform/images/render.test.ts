import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_AVATAR, DEFAULT_PRODUCT_IMAGE, PLACEHOLDER_IMAGE } from "../../shared/images.ts";
import { productImageUrl } from "./image-urls.ts";
import { imageFilePath, type ProductImageSpec, renderImageSet } from "./render.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "render-test-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** One product in two colours, as the seed describes it. */
const SPECS: ProductImageSpec[] = [
  { productSlug: "mehr-satchel", colorSlug: "maroon", color: "#800000", kind: "handbag", style: 0 },
  { productSlug: "mehr-satchel", colorSlug: "sky-blue", color: "#87CEEB", kind: "handbag", style: 0 },
];

describe("rendering", () => {
  it("draws one product's colours as front and back WebP at 400 and 800 px, plus slides and fallbacks", async () => {
    const result = await renderImageSet(dir, SPECS);
    const expectedProductFiles = SPECS.length * 2 * 2;
    expect(result.written).toBe(expectedProductFiles + 6 + 3);

    for (const spec of SPECS) {
      for (const [view, width] of [
        ["front", 800],
        ["front", 400],
        ["back", 800],
        ["back", 400],
      ] as const) {
        const file = imageFilePath(dir, productImageUrl(spec.productSlug, spec.colorSlug, view, width));
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
    const first = SPECS[0]!;
    const patch = await sharp(
      imageFilePath(dir, productImageUrl(first.productSlug, first.colorSlug, "front")),
    )
      .extract({ left: 360, top: 560, width: 80, height: 40 })
      .png()
      .toBuffer();
    const front = await sharp(patch).stats();
    const [r, g, b] = [front.channels[0]!.mean, front.channels[1]!.mean, front.channels[2]!.mean];
    const code = first.color;
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
    const again = await renderImageSet(dir, SPECS);
    expect(again.written).toBe(0);
    expect(again.skipped).toBe(result.written);
    expect(
      fs.readdirSync(path.join(dir, "products", first.productSlug)).some((name) => name.endsWith(".tmp")),
    ).toBe(false);
  }, 30_000);
});
