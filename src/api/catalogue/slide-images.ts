import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema.ts";
import { renderMissingSlideTwins } from "../../platform/images/render.ts";
import type { Storage } from "../../platform/storage/storage.ts";
import { slideMobileImages } from "./slide-images.repository.ts";

/**
 * Gives every home slide in the database the AVIF twin of its mobile image that the banner offers phones
 * (decision 34): slides drawn or uploaded before the twin existed get it from their WebP. Run at start, after the
 * demo seed (which draws the demo slides' twins itself); a slide that already has one costs one look in the store.
 * Answers the keys written.
 */
export async function ensureSlideTwins(db: Kysely<Database>, storage: Storage): Promise<string[]> {
  return renderMissingSlideTwins(storage, await slideMobileImages(db));
}
