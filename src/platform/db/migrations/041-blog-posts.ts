import { type Kysely, sql } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * The blog (issue 35, item 3; docs/decisions/0064-blog.md): one row per post. A post is public when its status is
 * "published" and its `publish_at` has come, judged when it is read, so a scheduled post appears at its time with
 * no job. Tags are stored as ",care,leather," (lower case, each between commas) so a tag is found with one LIKE,
 * as customers' tags are (migration 036); the category is a free name.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable("posts")
    .addColumn("id", "integer", (c) =>
      engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("excerpt", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("body_html", "text", (c) => c.notNull())
    .addColumn("cover_image", "text")
    .addColumn("category", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("tags", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('draft', 'published')`))
    .addColumn("publish_at", "text")
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  // The public list: published posts, newest publish time first.
  await sql`CREATE INDEX posts_published_idx ON posts (publish_at DESC, id DESC) WHERE status = 'published'`.execute(
    db,
  );
}
