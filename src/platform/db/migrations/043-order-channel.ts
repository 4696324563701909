import { type Kysely, sql } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * Orders from elsewhere (issue 35, item 7): where an order came from ("web" for the shop's own checkout; "phone",
 * "whatsapp", "instagram", "facebook", "in_person" or "other" for one staff entered) and which staff member entered
 * it (their email as it was; null for the checkout's).
 */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await sql`alter table orders add column channel text not null default 'web'`.execute(db);
  await sql`alter table orders add column entered_by text`.execute(db);
}
