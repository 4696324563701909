import os from "node:os";
import path from "node:path";
import sharp, { type Sharp, type SharpOptions } from "sharp";
import {
  DEFAULT_AVATAR,
  DEFAULT_PRODUCT_IMAGE,
  PLACEHOLDER_IMAGE,
  slideMobileAvifUrl,
} from "../../shared/images.ts";
import { contentTypeOf, imageKey, listAll, type Storage } from "../storage/storage.ts";
import {
  drawAvatarSvg,
  drawDefaultProductSvg,
  drawPlaceholderSvg,
  drawProductLayers,
  type ItemKind,
} from "./draw.ts";
import {
  IMAGE_URL_PREFIX,
  PRODUCT_IMAGE_WIDTHS,
  type ProductImageView,
  productImageUrl,
  sliderImageUrl,
} from "./image-urls.ts";
import { drawSlideSvg, SLIDE_DESIGNS, SLIDE_SIZES, type SlideLayout } from "./slides.ts";

/** WebP quality for every rendered image. */
export const WEBP_QUALITY = 78;
/** libwebp effort 0-6: 2 encodes ~2x faster than the default 4 for files a few percent larger. */
export const WEBP_EFFORT = 2;
/**
 * AVIF (the mobile slides' twins only): quality 45 looks like WebP 78 on the drawn slides (compared side by side
 * at 1:1) at about half the bytes, 12.5-13.4 KB for the three 800x1000 slides against 25-28 KB; effort 4 (the
 * default) takes 1-2 s a slide.
 */
export const AVIF_QUALITY = 45;
export const AVIF_EFFORT = 4;

/** The encoder for an output key, by its extension: AVIF for `.avif`, WebP otherwise. */
function encode(image: Sharp, key: string): Sharp {
  return key.endsWith(".avif")
    ? image.avif({ quality: AVIF_QUALITY, effort: AVIF_EFFORT })
    : image.webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT });
}

/** One colour of one product: rendered as front and back views, each at 400 and 800 px. */
export interface ProductImageSpec {
  productSlug: string;
  colorSlug: string;
  /** Hex colour code of the variant. */
  color: string;
  kind: ItemKind;
  /** Design variation passed to the drawing. */
  style?: number;
}

export interface RenderOptions {
  /** How many images are rendered at once; defaults to the number of CPUs (at least 2). */
  concurrency?: number;
  log?: (message: string) => void;
}

export interface RenderResult {
  /** Objects written by this call. */
  written: number;
  /** Objects that already existed and were left alone. */
  skipped: number;
  ms: number;
}

/**
 * One drawing and the stored images it becomes (the first output is the drawing's own size, the rest downscaled),
 * each by its storage key. A job may split its drawing into a shared backdrop (rendered once per key and reused)
 * and a foreground.
 */
export interface RenderJob {
  svg: () => { background?: { key: string; svg: string }; foreground: string };
  outputs: { key: string; width: number; height: number }[];
}

/**
 * `/images/products/x/y-front-800.webp` -> `<imagesDir>/products/x/y-front-800.webp`: where the local folder
 * (`folderStorage`) keeps an image. The shop itself reads and writes through its Storage; tests look at files here.
 */
export function imageFilePath(imagesDir: string, url: string): string {
  if (!url.startsWith(IMAGE_URL_PREFIX)) throw new Error(`not an image URL: ${url}`);
  const relative = url.slice(IMAGE_URL_PREFIX.length);
  const file = path.resolve(imagesDir, relative);
  const root = path.resolve(imagesDir);
  if (!file.startsWith(root + path.sep)) throw new Error(`image URL escapes the images directory: ${url}`);
  return file;
}

export function productImageJobs(specs: ProductImageSpec[]): RenderJob[] {
  const jobs: RenderJob[] = [];
  const seen = new Set<string>();
  for (const spec of specs) {
    for (const view of ["front", "back"] as ProductImageView[]) {
      const key = `${spec.productSlug}/${spec.colorSlug}/${view}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const widths = [...PRODUCT_IMAGE_WIDTHS].sort((a, b) => b - a);
      jobs.push({
        svg: () => {
          const layers = drawProductLayers({
            kind: spec.kind,
            color: spec.color,
            view,
            style: spec.style,
            size: widths[0],
          });
          return {
            background: { key: layers.backgroundKey, svg: layers.background },
            foreground: layers.foreground,
          };
        },
        outputs: widths.map((width) => ({
          key: imageKey(productImageUrl(spec.productSlug, spec.colorSlug, view, width)),
          width,
          height: width,
        })),
      });
    }
  }
  return jobs;
}

/** The images a slide is stored as: the URL's own, and for a mobile slide its AVIF twin, the same size. */
function slideOutputs(url: string, layout: SlideLayout): RenderJob["outputs"] {
  const size = SLIDE_SIZES[layout];
  const outputs = [{ key: imageKey(url), ...size }];
  const avif = layout === "mobile" ? slideMobileAvifUrl(url) : null;
  if (avif) outputs.push({ key: imageKey(avif), ...size });
  return outputs;
}

export function sliderImageJobs(): RenderJob[] {
  const jobs: RenderJob[] = [];
  SLIDE_DESIGNS.forEach((_design, index) => {
    for (const layout of ["desktop", "mobile"] as SlideLayout[]) {
      jobs.push({
        svg: () => ({ foreground: drawSlideSvg(index + 1, layout) }),
        outputs: slideOutputs(sliderImageUrl(index + 1, layout), layout),
      });
    }
  });
  return jobs;
}

export function defaultImageJobs(): RenderJob[] {
  return [
    {
      svg: () => ({ foreground: drawDefaultProductSvg(800) }),
      outputs: [{ key: imageKey(DEFAULT_PRODUCT_IMAGE), width: 800, height: 800 }],
    },
    {
      svg: () => ({ foreground: drawPlaceholderSvg(800) }),
      outputs: [{ key: imageKey(PLACEHOLDER_IMAGE), width: 800, height: 800 }],
    },
    {
      svg: () => ({ foreground: drawAvatarSvg(256) }),
      outputs: [{ key: imageKey(DEFAULT_AVATAR), width: 256, height: 256 }],
    },
  ];
}

/** Stores an encoded image under its key (whole: the stores never show half an object). */
function store(storage: Storage, key: string, data: Buffer): Promise<void> {
  return storage.put(key, data, contentTypeOf(key));
}

/** Raw 8-bit pixels, row by row. */
interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

async function rasterise(svg: string, alpha: boolean): Promise<Pixels> {
  const image = sharp(Buffer.from(svg));
  const { data, info } = await (alpha ? image.ensureAlpha() : image.flatten({ background: "#ffffff" }))
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: alpha ? 4 : 3 };
}

/** Backdrops already rendered in one run, by key (a handful of distinct ones serve every product image). */
type BackdropCache = Map<string, Promise<Pixels>>;

function renderBackground(cache: BackdropCache, key: string, svg: string): Promise<Pixels> {
  let pixels = cache.get(key);
  if (!pixels) {
    pixels = rasterise(svg, false);
    cache.set(key, pixels);
  }
  return pixels;
}

/**
 * Lays an RGBA foreground over an RGB backdrop of the same size. A plain loop here is several times cheaper
 * than a libvips composite (which works in floating point), and this runs for every product image.
 */
function over(foreground: Pixels, background: Pixels): Pixels {
  if (foreground.width !== background.width || foreground.height !== background.height) {
    throw new Error("foreground and backdrop differ in size");
  }
  const fg = foreground.data;
  const bg = background.data;
  const out = Buffer.allocUnsafe(bg.length);
  for (let i = 0, j = 0; j < bg.length; i += 4, j += 3) {
    const a = fg[i + 3]!;
    if (a === 0) {
      out[j] = bg[j]!;
      out[j + 1] = bg[j + 1]!;
      out[j + 2] = bg[j + 2]!;
    } else if (a === 255) {
      out[j] = fg[i]!;
      out[j + 1] = fg[i + 1]!;
      out[j + 2] = fg[i + 2]!;
    } else {
      const k = a / 255;
      out[j] = fg[i]! * k + bg[j]! * (1 - k) + 0.5;
      out[j + 1] = fg[i + 1]! * k + bg[j + 1]! * (1 - k) + 0.5;
      out[j + 2] = fg[i + 2]! * k + bg[j + 2]! * (1 - k) + 0.5;
    }
  }
  return { data: out, width: background.width, height: background.height, channels: 3 };
}

function rawInput(pixels: Pixels): SharpOptions {
  return { raw: { width: pixels.width, height: pixels.height, channels: pixels.channels } };
}

async function runJob(
  storage: Storage,
  job: RenderJob,
  backdrops: BackdropCache,
  stored: Set<string>,
): Promise<{ written: number; skipped: number }> {
  const missing = job.outputs.filter((output) => !stored.has(output.key));
  if (missing.length === 0) return { written: 0, skipped: job.outputs.length };
  const first = job.outputs[0]!;
  const drawing = job.svg();
  // Draw once at full size into raw pixels, then encode each width from that.
  let pixels: Pixels;
  if (drawing.background) {
    const [background, foreground] = await Promise.all([
      renderBackground(backdrops, drawing.background.key, drawing.background.svg),
      rasterise(drawing.foreground, true),
    ]);
    pixels = over(foreground, background);
  } else {
    pixels = await rasterise(drawing.foreground, false);
  }
  if (pixels.width !== first.width || pixels.height !== first.height) {
    throw new Error(
      `drawing for ${first.key} is ${pixels.width}x${pixels.height}, expected ${first.width}x${first.height}`,
    );
  }
  await Promise.all(
    missing.map(async (output) => {
      let image = sharp(pixels.data, rawInput(pixels));
      if (output.width !== pixels.width || output.height !== pixels.height) {
        image = image.resize(output.width, output.height, { fit: "fill", kernel: "lanczos3" });
      }
      await store(storage, output.key, await encode(image, output.key).toBuffer());
    }),
  );
  return { written: missing.length, skipped: job.outputs.length - missing.length };
}

/**
 * Makes a product photo's files from an uploaded picture: the same square WebP widths, quality and effort as the
 * drawn catalogue's photos (PRODUCT_IMAGE_WIDTHS), the picture turned upright (EXIF orientation), fitted whole
 * onto a white square (nothing cropped off), transparency flattened onto white, metadata dropped. `url` is the
 * 800 px image's URL; every width is stored beside it (`-400.webp`...). Answers the keys written.
 */
export async function renderProductPhoto(storage: Storage, input: Buffer, url: string): Promise<string[]> {
  if (!url.endsWith("-800.webp")) throw new Error(`a product photo's URL ends in -800.webp: ${url}`);
  const upright = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().toBuffer();
  const outputs = PRODUCT_IMAGE_WIDTHS.map((width) => ({
    width,
    key: imageKey(url.replace(/-800\.webp$/, `-${width}.webp`)),
  }));
  await storeAllOrNone(storage, outputs, ({ width }) =>
    sharp(upright)
      .resize(width, width, { fit: "contain", background: "#ffffff", kernel: "lanczos3" })
      .flatten({ background: "#ffffff" })
      .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT })
      .toBuffer(),
  );
  return outputs.map(({ key }) => key);
}

/** Encodes and stores every output; if one fails, those stored are removed and the failure thrown. */
async function storeAllOrNone<T extends { key: string }>(
  storage: Storage,
  outputs: T[],
  encoded: (output: T) => Promise<Buffer>,
): Promise<void> {
  try {
    await Promise.all(outputs.map(async (output) => store(storage, output.key, await encoded(output))));
  } catch (error) {
    await Promise.all(outputs.map(({ key }) => storage.delete(key).catch(() => undefined)));
    throw error;
  }
}

/**
 * Makes a home-page slide's images from an uploaded picture, in the drawn slides' sizes (SLIDE_SIZES: desktop
 * 1600x600, mobile 800x1000 as WebP and its AVIF twin), quality and effort: turned upright, cut to each shape
 * around the picture's most interesting part (sharp's "attention" strategy), metadata dropped. Images of a
 * failed render are removed. `urls` names the layouts to make from this picture (a slide with a phone picture of
 * its own makes each from its own).
 */
export async function renderSlidePhoto(
  storage: Storage,
  input: Buffer,
  urls: Partial<Record<SlideLayout, string>>,
): Promise<string[]> {
  const upright = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().toBuffer();
  const outputs = (Object.keys(urls) as SlideLayout[]).flatMap((layout) =>
    slideOutputs(urls[layout]!, layout),
  );
  await storeAllOrNone(storage, outputs, ({ width, height, key }) =>
    encode(
      sharp(upright)
        .resize(width, height, { fit: "cover", position: sharp.strategy.attention, kernel: "lanczos3" })
        .flatten({ background: "#ffffff" }),
      key,
    ).toBuffer(),
  );
  return outputs.map(({ key }) => key);
}

/**
 * Writes the AVIF twin of each mobile slide that lacks one, from the slide's own WebP: slides drawn or uploaded
 * before the twin existed get it at the next start. URLs that are not rendered mobile slides, and slides whose
 * image is missing (nothing to convert), are passed over. Answers the keys written.
 */
export async function renderMissingSlideTwins(storage: Storage, mobileUrls: string[]): Promise<string[]> {
  const written: string[] = [];
  for (const url of new Set(mobileUrls)) {
    const avif = slideMobileAvifUrl(url);
    if (!avif) continue;
    const target = imageKey(avif);
    if (await storage.head(target)) continue;
    const source = await storage.read(imageKey(url));
    if (!source) continue;
    await store(
      storage,
      target,
      await encode(sharp(source, { limitInputPixels: MAX_INPUT_PIXELS }), target).toBuffer(),
    );
    written.push(target);
  }
  return written;
}

/** The most pixels an uploaded picture may have (a 10 MB file can claim far more than it holds). */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * The keys already stored among the jobs' folders (`images/products/`, `images/sliders/`...), by one listing per
 * folder rather than a look per image: at every start a bucket would otherwise be asked hundreds of times.
 */
async function storedKeys(storage: Storage, jobs: RenderJob[]): Promise<Set<string>> {
  const folders = new Set(
    jobs.flatMap((job) => job.outputs.map((output) => `${output.key.split("/").slice(0, 2).join("/")}/`)),
  );
  const keys = new Set<string>();
  for (const folder of folders) for (const info of await listAll(storage, folder)) keys.add(info.key);
  return keys;
}

/** Runs render jobs a few at a time (sharp works off the main thread), skipping images already stored. */
export async function runRenderJobs(
  storage: Storage,
  jobs: RenderJob[],
  options: RenderOptions = {},
): Promise<RenderResult> {
  const started = performance.now();
  const concurrency = Math.max(1, options.concurrency ?? Math.max(2, os.availableParallelism()));
  const backdrops: BackdropCache = new Map();
  const stored = await storedKeys(storage, jobs);
  let next = 0;
  let written = 0;
  let skipped = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      const result = await runJob(storage, job, backdrops, stored);
      written += result.written;
      skipped += result.skipped;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  const ms = Math.round(performance.now() - started);
  options.log?.(`images: ${written} written, ${skipped} already present (${(ms / 1000).toFixed(1)} s)`);
  return { written, skipped, ms };
}

export function renderProductImages(
  storage: Storage,
  specs: ProductImageSpec[],
  options: RenderOptions = {},
): Promise<RenderResult> {
  return runRenderJobs(storage, productImageJobs(specs), options);
}

/** The home-page banner slides, desktop (1600x600) and mobile (800x1000, WebP and AVIF). */
export function renderSliderImages(storage: Storage, options: RenderOptions = {}): Promise<RenderResult> {
  return runRenderJobs(storage, sliderImageJobs(), options);
}

/** The spec's fallback images: default product image, card placeholder, default avatar. */
export function renderDefaultImages(storage: Storage, options: RenderOptions = {}): Promise<RenderResult> {
  return runRenderJobs(storage, defaultImageJobs(), options);
}

/** Products, slides and fallbacks in one batch, so the pool stays busy across all of them. */
export function renderImageSet(
  storage: Storage,
  specs: ProductImageSpec[],
  options: RenderOptions & { sliders?: boolean; defaults?: boolean } = {},
): Promise<RenderResult> {
  const jobs = [
    ...(options.sliders === false ? [] : sliderImageJobs()),
    ...(options.defaults === false ? [] : defaultImageJobs()),
    ...productImageJobs(specs),
  ];
  return runRenderJobs(storage, jobs, options);
}

/**
 * AVIF for product photos (docs/decisions/0034, "AVIF for product photos"): quality 45 as for the slides, effort 1
 * (about 0.1 s for an 800 px photo, where effort 4 takes 1-2 s; the file is a few percent larger).
 */
export const PHOTO_AVIF_EFFORT = 1;

/**
 * Stores `twin`, the AVIF of the stored WebP photo `from` (both keys), when it comes out smaller; answers whether
 * it did (false too when the photo is gone).
 */
export async function writeAvifTwin(storage: Storage, from: string, twin: string): Promise<boolean> {
  const photo = await storage.read(from);
  if (!photo) return false;
  const bytes = await sharp(photo, { limitInputPixels: MAX_INPUT_PIXELS })
    .avif({ quality: AVIF_QUALITY, effort: PHOTO_AVIF_EFFORT })
    .toBuffer();
  if (bytes.byteLength >= photo.byteLength) return false;
  await store(storage, twin, bytes);
  return true;
}
