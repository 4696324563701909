import { createHash } from "node:crypto";
import { UPLOADS_URL_PREFIX } from "../../../platform/images/image-urls.ts";
import { renderProductPhoto } from "../../../platform/images/render.ts";
import { imageKey, type Storage } from "../../../platform/storage/storage.ts";
import { DownloadFailed, downloadPublic } from "../../outbound-http.ts";
import type { ProductPlan } from "./csv-rows.ts";

/**
 * A file's `Image Src` URLs (a Shopify export's photos, on its CDN) downloaded and made into the shop's own
 * photos, like an upload (docs/decisions/0065-shopify-import.md). Each photo is named after its source URL, so the
 * same file imported again finds its photos already made and downloads nothing. A photo that cannot be downloaded
 * or read is left out of its product with a note on its row; the product is imported all the same.
 */

/** What a download may take: a photo of a product, not anything larger or slower. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_TIMEOUT_MS = 15_000;
/** Downloads at a time. */
export const PHOTO_PARALLEL = 4;

export interface PhotoImporter {
  storage: Storage;
  /** IMPORT_IMAGE_PRIVATE_HOSTS=allow (tests): loopback and private addresses may be downloaded from. */
  allowPrivate: boolean;
}

/** The shop's URL of the photo made from `src`: the same for the same source, whichever product names it. */
export function importedPhotoUrl(src: string): string {
  const name = createHash("sha256").update(src).digest("base64url").slice(0, 32).replace(/[-_]/g, "x");
  return `${UPLOADS_URL_PREFIX}imports/${name}-800.webp`;
}

/** A picture's format by its first bytes: what a product photo may be downloaded as. */
function pictureFormat(bytes: Buffer): string | null {
  const starts = (offset: number, text: string) =>
    bytes.subarray(offset, offset + text.length).toString("latin1") === text;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (starts(0, "\x89PNG\r\n\x1a\n")) return "png";
  if (starts(0, "RIFF") && starts(8, "WEBP")) return "webp";
  if (starts(0, "GIF87a") || starts(0, "GIF89a")) return "gif";
  if (starts(4, "ftypavif") || starts(4, "ftypavis")) return "avif";
  return null;
}

/**
 * Replaces the http(s) `Image Src` of `plans` by the shop's photo made from it, downloading those not made yet
 * (none in a dry run, which says it would). A photo that fails is dropped from its product, with a note.
 */
export async function importPhotos(
  importer: PhotoImporter,
  plans: ProductPlan[],
  dryRun: boolean,
): Promise<void> {
  const work: { plan: ProductPlan; index: number }[] = [];
  for (const plan of plans) {
    for (const [index, image] of (plan.images ?? []).entries()) {
      if (/^https?:\/\//i.test(image.src)) work.push({ plan, index });
    }
  }
  const failed = new Set<object>();
  const made = new Map<string, Promise<string | null>>();
  const photoOf = (src: string, plan: ProductPlan, row: number) => {
    let promise = made.get(src);
    if (!promise) {
      promise = makePhoto(importer, src, dryRun).catch((error: unknown) => {
        if (!(error instanceof DownloadFailed)) throw error;
        plan.notes.push({ row, reason: `Photo ${src.slice(0, 80)} was not imported: ${error.message}.` });
        return null;
      });
      made.set(src, promise);
    }
    return promise;
  };
  let next = 0;
  const worker = async () => {
    while (next < work.length) {
      const { plan, index } = work[next++]!;
      const image = plan.images![index]!;
      const url = await photoOf(image.src, plan, image.row);
      if (url === null) failed.add(image);
      else image.src = url;
    }
  };
  await Promise.all(Array.from({ length: Math.min(PHOTO_PARALLEL, work.length) }, worker));
  for (const plan of plans) {
    if (plan.images) plan.images = plan.images.filter((image) => !failed.has(image));
  }
}

/** The photo's URL once made (already, or now); in a dry run the source URL when it would be downloaded. */
async function makePhoto(importer: PhotoImporter, src: string, dryRun: boolean): Promise<string> {
  const url = importedPhotoUrl(src);
  if (await importer.storage.head(imageKey(url))) return url;
  if (dryRun) return src;
  const bytes = await downloadPublic(src, {
    maxBytes: PHOTO_MAX_BYTES,
    timeoutMs: PHOTO_TIMEOUT_MS,
    allowPrivate: importer.allowPrivate,
  });
  if (!pictureFormat(bytes)) throw new DownloadFailed("it is not a JPEG, PNG, WebP, AVIF or GIF picture");
  try {
    await renderProductPhoto(importer.storage, bytes, url);
  } catch {
    throw new DownloadFailed("the picture could not be read");
  }
  return url;
}
