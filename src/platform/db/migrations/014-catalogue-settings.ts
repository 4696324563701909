import { type Kysely, sql } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * The back office's catalogue settings (docs/decisions/0031-catalogue-settings.md):
 *
 * - `categories.parent_id`: a category may sit under another (nullable; the service refuses cycles and deleting
 *   a category with children). Siblings are ordered by `position`; `(parent_id, position)` is indexed.
 * - `sliders.starts_at` / `sliders.ends_at`: ISO times, null meaning open; the home page shows a slide while
 *   `starts_at <= now < ends_at`.
 * - Names a shop means to be one thing are unique whatever their case: colours, sizes and tags (`lower(name)`),
 *   category names under one parent are left to the service (slugs are already unique). Rows a database already
 *   holds twice under one name are renamed "Name (2)", "Name (3)"... first, so the index can be built.
 */
const UNIQUE_NAMES = ["colors", "sizes", "tags"] as const;

async function renameDuplicates(db: Kysely<unknown>, table: string): Promise<void> {
  const { rows } = await sql<{ id: number; name: string }>`
    select id, name from ${sql.table(table)} order by id`.execute(db);
  const seen = new Set<string>();
  for (const row of rows) {
    let name = row.name;
    for (let n = 2; seen.has(name.toLowerCase()); n++) name = `${row.name} (${n})`;
    seen.add(name.toLowerCase());
    if (name !== row.name)
      await sql`update ${sql.table(table)} set name = ${name} where id = ${row.id}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await sql`alter table categories add column parent_id integer references categories (id)`.execute(db);
  await db.schema
    .createIndex("categories_parent_idx")
    .on("categories")
    .columns(["parent_id", "position"])
    .execute();

  await sql`alter table sliders add column starts_at text`.execute(db);
  await sql`alter table sliders add column ends_at text`.execute(db);

  for (const table of UNIQUE_NAMES) {
    await renameDuplicates(db, table);
    await sql`create unique index ${sql.id(`${table}_name_unique`)} on ${sql.table(table)} (lower(name))`.execute(
      db,
    );
  }
}
