import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema.ts";

/** Every home slide's mobile image (slide-images.ts gives each its AVIF twin). */
export async function slideMobileImages(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom("sliders").select("image_mobile").execute();
  return rows.map((row) => row.image_mobile);
}
