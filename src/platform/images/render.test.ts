import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import {
  DEFAULT_AVATAR,
  DEFAULT_PRODUCT_IMAGE,
  PLACEHOLDER_IMAGE,
  slideMobileAvifUrl,
} from "../../shared/images.ts";
import { folderStorage } from "../storage/folder-storage.ts";
import { imageKey } from "../storage/storage.ts";
import { productImageUrl, sliderImageUrl, uploadedSlideUrls } from "./image-urls.ts";
import {
  imageFilePath,
  type ProductImageSpec,
  renderImageSet,
  renderMissingSlideTwins,
  renderSlidePhoto,
} from "./render.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "render-test-"));
const store = folderStorage({ imagesDir: dir, privateDir: dir });
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** One product in two colours, as the seed describes it. */
const SPECS: ProductImageSpec[] = [
  { productSlug: "mehr-satchel", colorSlug: "maroon", color: "#800000", kind: "handbag", style: 0 },
  { productSlug: "mehr-satchel", colorSlug: "sky-blue", color: "#87CEEB", kind: "handbag", style: 0 },
];

describe("rendering", () => {
  it("draws one product's colours as front and back WebP at 400 and 800 px, plus slides and fallbacks", async () => {
    const result = await renderImageSet(store, SPECS);
    const expectedProductFiles = SPECS.length * 2 * 2;
    // Three slides: desktop, mobile and the mobile image's AVIF twin each.
    expect(result.written).toBe(expectedProductFiles + 9 + 3);

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

    for (const [url, format, width, height] of [
      ["/images/sliders/slide-1-desktop.webp", "webp", 1600, 600],
      ["/images/sliders/slide-3-mobile.webp", "webp", 800, 1000],
      ["/images/sliders/slide-3-mobile.avif", "heif", 800, 1000],
    ] as const) {
      const metadata = await sharp(imageFilePath(dir, url)).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual([format, width, height]);
    }
    await expectSamePicture("/images/sliders/slide-3-mobile.webp", "/images/sliders/slide-3-mobile.avif");
    for (const url of [DEFAULT_PRODUCT_IMAGE, PLACEHOLDER_IMAGE, DEFAULT_AVATAR]) {
      expect((await sharp(imageFilePath(dir, url)).metadata()).format).toBe("webp");
    }

    // A second run finds everything in place and writes nothing.
    const again = await renderImageSet(store, SPECS);
    expect(again.written).toBe(0);
    expect(again.skipped).toBe(result.written);
    expect(
      fs.readdirSync(path.join(dir, "products", first.productSlug)).some((name) => name.endsWith(".tmp")),
    ).toBe(false);
  }, 90_000);
});

/** A photo-like picture with detail, so its scaled copies can be compared. */
function photo(width: number, height: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#12514d"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#e5c067"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg().toBuffer();
}

/**
 * The AVIF twin shows the same picture as the WebP, and is much smaller: average colours match, and it is at
 * most 70% of the WebP's bytes (the drawn slides come out at about half).
 */
async function expectSamePicture(webpUrl: string, avifUrl: string, root = dir) {
  const [webp, avif] = [imageFilePath(root, webpUrl), imageFilePath(root, avifUrl)];
  const [a, b] = await Promise.all([sharp(webp).stats(), sharp(avif).stats()]);
  for (const channel of [0, 1, 2]) {
    expect(Math.abs(a.channels[channel]!.mean - b.channels[channel]!.mean)).toBeLessThan(3);
  }
  expect(fs.statSync(avif).size).toBeLessThan(fs.statSync(webp).size * 0.7);
}

describe("slide images", () => {
  it("cuts an uploaded slide into desktop, mobile and the mobile image's AVIF twin", async () => {
    const urls = uploadedSlideUrls("upload1");
    const files = await renderSlidePhoto(store, await photo(2000, 1200), urls);
    expect(files).toHaveLength(3);
    for (const [url, format, width, height] of [
      [urls.desktop, "webp", 1600, 600],
      [urls.mobile, "webp", 800, 1000],
      [slideMobileAvifUrl(urls.mobile)!, "heif", 800, 1000],
    ] as const) {
      const metadata = await sharp(imageFilePath(dir, url)).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual([format, width, height]);
    }
    await expectSamePicture(urls.mobile, slideMobileAvifUrl(urls.mobile)!);
  });

  it("gives mobile slides made before the twin existed their AVIF file, once, from their WebP", async () => {
    const old = fs.mkdtempSync(path.join(os.tmpdir(), "render-test-old-"));
    try {
      // A drawn slide and an uploaded one as an older release left them: the 800x1000 file only.
      const drawn = sliderImageUrl(2, "mobile");
      const uploaded = uploadedSlideUrls("before").mobile;
      for (const url of [drawn, uploaded]) {
        const file = imageFilePath(old, url);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        await sharp(await photo(800, 1000))
          .webp()
          .toFile(file);
      }
      const missingSource = uploadedSlideUrls("gone").mobile;
      const oldStore = folderStorage({ imagesDir: old, privateDir: old });
      const written = await renderMissingSlideTwins(oldStore, [
        drawn,
        uploaded,
        drawn,
        missingSource,
        sliderImageUrl(2, "desktop"),
        "https://cdn.example.pk/slide.webp",
      ]);
      expect(written.toSorted()).toEqual(
        [drawn, uploaded].map((url) => imageKey(slideMobileAvifUrl(url)!)).toSorted(),
      );
      const metadata = await sharp(imageFilePath(old, `/${written[0]!}`)).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(["heif", 800, 1000]);
      await expectSamePicture(uploaded, slideMobileAvifUrl(uploaded)!, old);
      expect(fs.existsSync(imageFilePath(old, slideMobileAvifUrl(missingSource)!))).toBe(false);
      // The next start finds them in place.
      expect(await renderMissingSlideTwins(oldStore, [drawn, uploaded])).toEqual([]);
    } finally {
      fs.rmSync(old, { recursive: true, force: true });
    }
  }, 30_000);
});
