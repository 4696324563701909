import { type Kysely, sql } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * Staff notes and tags on customer accounts (issue 35, item 7): one note staff keep about the customer, and tags
 * stored as ",vip,wholesale," (lower case, each between commas) so the customer list finds a tag with one LIKE.
 */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await sql`alter table users add column staff_note text not null default ''`.execute(db);
  await sql`alter table users add column staff_tags text not null default ''`.execute(db);
}
