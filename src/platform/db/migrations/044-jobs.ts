import type { Kysely } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * Back-office jobs (issue 35 item 1; docs/decisions/0065-shopify-import.md): work too long for one request, such as
 * a catalogue import, run by whichever instance accepted it. The row is the truth every instance reads: its status
 * (queued, running, done, failed, cancelled), its progress (`done` of `total`), its input (the CSV, at most 10 MB),
 * its report once done, and a heartbeat the runner renews, so a job whose runner died is marked failed.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable("jobs")
    .addColumn("id", "integer", (c) =>
      engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("input", "text")
    .addColumn("options", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("report", "text")
    .addColumn("error", "text")
    .addColumn("cancel_requested", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("heartbeat_at", "text")
    .execute();
}
