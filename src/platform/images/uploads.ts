import sharp, { type Metadata } from "sharp";
import { imageKey, listAll, type Storage } from "../storage/storage.ts";
import { UPLOADS_URL_PREFIX } from "./image-urls.ts";
import { MAX_INPUT_PIXELS } from "./render.ts";

/**
 * Checks an uploaded picture by what it is, never by its name or the Content-Type the browser claimed: the first
 * bytes must be a JPEG, PNG or WebP signature, and sharp must read it as that same format with sensible
 * dimensions. Anything else (a script renamed .jpg, an SVG, a GIF, a truncated file) is refused.
 */

export type UploadFormat = "jpeg" | "png" | "webp";

/** The smallest side an uploaded photo may have (it is shown up to 800 px wide). */
export const MIN_UPLOAD_SIDE = 200;

/** The format the file's first bytes announce, or null. */
export function sniffImageFormat(bytes: Uint8Array): UploadFormat | null {
  const starts = (offset: number, signature: number[]) =>
    bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);
  if (starts(0, [0xff, 0xd8, 0xff])) return "jpeg";
  if (starts(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  // "RIFF" <size> "WEBP"
  if (starts(0, [0x52, 0x49, 0x46, 0x46]) && starts(8, [0x57, 0x45, 0x42, 0x50])) return "webp";
  return null;
}

export type UploadCheck =
  | { ok: true; format: UploadFormat; width: number; height: number }
  | { ok: false; problem: "format" | "too-small" };

export async function inspectUpload(bytes: Buffer): Promise<UploadCheck> {
  const sniffed = sniffImageFormat(bytes);
  if (!sniffed) return { ok: false, problem: "format" };
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    // The header can be fine while the pixels are not: decode a thumbnail to be sure the file is whole.
    await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).resize(8, 8).raw().toBuffer();
  } catch {
    return { ok: false, problem: "format" };
  }
  if (metadata.format !== sniffed || !metadata.width || !metadata.height)
    return { ok: false, problem: "format" };
  // EXIF orientations 5 to 8 turn the picture a quarter: its shown sides swap, which the minimum does not mind.
  if (Math.min(metadata.width, metadata.height) < MIN_UPLOAD_SIDE) return { ok: false, problem: "too-small" };
  return { ok: true, format: sniffed, width: metadata.width, height: metadata.height };
}

/**
 * Deletes an uploaded photo's images: every width beside the 800 px `url` and their AVIF twins. Only images under
 * the uploads prefix are touched: the drawn catalogue's photos are shared by many products and stay.
 */
export async function removeUploadedPhoto(storage: Storage, url: string): Promise<void> {
  if (!url.startsWith(UPLOADS_URL_PREFIX) || !url.endsWith("-800.webp")) return;
  const stem = imageKey(url).replace(/800\.webp$/, "");
  const siblings = await listAll(storage, stem);
  await Promise.all(
    siblings
      .filter(({ key }) => /^\d+\.(?:webp|avif)$/.test(key.slice(stem.length)))
      .map(({ key }) => storage.delete(key)),
  );
}
