import { type Kysely, sql } from "kysely";
import type { Database } from "../../../platform/db/schema.ts";
import type { JobStatus } from "../../../shared/contracts/jobs.ts";

/** The jobs table (migration 044): every instance reads and writes the same rows. */
export function jobsRepository(db: Kysely<Database>) {
  const columns = [
    "id",
    "kind",
    "status",
    "done",
    "total",
    "options",
    "report",
    "error",
    "cancel_requested",
    "created_at",
    "updated_at",
  ] as const;
  return {
    async insert(values: {
      kind: string;
      input: string;
      options: string;
      createdBy: number | null;
      at: Date;
    }) {
      const at = values.at.toISOString();
      const { id } = await db
        .insertInto("jobs")
        .values({
          kind: values.kind,
          status: "queued",
          input: values.input,
          options: values.options,
          created_by: values.createdBy,
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return id;
    },

    find: (id: number) => db.selectFrom("jobs").select(columns).where("id", "=", id).executeTakeFirst(),

    /** Takes a queued job to run it, with its input; undefined when another runner took it, or it was cancelled. */
    async claim(id: number, at: Date) {
      const claimed = await db
        .updateTable("jobs")
        .set({ status: "running", heartbeat_at: at.toISOString(), updated_at: at.toISOString() })
        .where("id", "=", id)
        .where("status", "=", "queued")
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return undefined;
      return db.selectFrom("jobs").select(["input", "options"]).where("id", "=", id).executeTakeFirst();
    },

    /** Records a running job's progress (and that its runner lives); answers whether it was asked to stop. */
    async progress(id: number, done: number, total: number, at: Date): Promise<boolean> {
      await db
        .updateTable("jobs")
        .set({ done, total, heartbeat_at: at.toISOString(), updated_at: at.toISOString() })
        .where("id", "=", id)
        .where("status", "=", "running")
        .execute();
      const row = await db
        .selectFrom("jobs")
        .select("cancel_requested")
        .where("id", "=", id)
        .executeTakeFirst();
      return row?.cancel_requested === 1;
    },

    /** The runner lives. */
    async heartbeat(id: number, at: Date) {
      await db
        .updateTable("jobs")
        .set({ heartbeat_at: at.toISOString() })
        .where("id", "=", id)
        .where("status", "=", "running")
        .execute();
    },

    /** Ends a running job: its report or error kept, its input dropped. */
    async finish(
      id: number,
      end: { status: JobStatus; report: string | null; error: string | null },
      at: Date,
    ) {
      await db
        .updateTable("jobs")
        .set({ ...end, input: null, updated_at: at.toISOString() })
        .where("id", "=", id)
        .where("status", "=", "running")
        .execute();
    },

    /** Asks a job to stop: a queued one is cancelled at once, a running one by its runner after its batch. */
    async requestCancel(id: number, at: Date) {
      await db
        .updateTable("jobs")
        .set({ cancel_requested: 1, updated_at: at.toISOString() })
        .where("id", "=", id)
        .where("status", "in", ["queued", "running"])
        .execute();
      await db
        .updateTable("jobs")
        .set({ status: "cancelled", input: null, updated_at: at.toISOString() })
        .where("id", "=", id)
        .where("status", "=", "queued")
        .execute();
    },

    /** Jobs under way whose runner has not been heard of since `before`: failed, with `error`. */
    async failStale(before: Date, error: string, at: Date) {
      await db
        .updateTable("jobs")
        .set({ status: "failed", error, input: null, updated_at: at.toISOString() })
        .where("status", "in", ["queued", "running"])
        .where(sql<string>`coalesce(heartbeat_at, created_at)`, "<", before.toISOString())
        .execute();
    },
  };
}

export type JobsRepository = ReturnType<typeof jobsRepository>;

/** Jobs are kept this long after their last change (the report stays readable meanwhile), then purged. */
export const JOBS_KEPT_DAYS = 30;

/**
 * Deletes jobs not changed or heard from for 30 days before `now`: ended ones, and any under way whose runner died
 * long ago (a live runner renews its heartbeat every 20 s). Answers how many.
 */
export async function purgeOldJobs(db: Kysely<Database>, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - JOBS_KEPT_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const result = await db
    .deleteFrom("jobs")
    .where("updated_at", "<", cutoff)
    .where(sql<string>`coalesce(heartbeat_at, updated_at)`, "<", cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
