import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "../../../platform/db/schema.ts";
import type { CatalogueImportReport } from "../../../shared/contracts/catalogue-csv.ts";
import type { Job, JobStatus } from "../../../shared/contracts/jobs.ts";
import { NotFound } from "../../errors.ts";
import { type AuditActor, recordAudit } from "../audit.ts";
import { type JobsRepository, jobsRepository } from "./jobs.repository.ts";

/**
 * Back-office jobs (migration 044; docs/decisions/0065-shopify-import.md): work too long for one request, run in
 * the background by the instance that accepted it, its row in the database the truth every instance answers from.
 * The runner renews a heartbeat; a job under way whose heartbeat is older than `JOB_STALE_MS` lost its runner (the
 * instance stopped) and is answered as failed. Cancelling asks the runner to stop after the batch it is in.
 */

export const JOB_NOT_FOUND = "No such job.";
export const JOB_STALE_MS = 2 * 60_000;
export const JOB_HEARTBEAT_MS = 20_000;
export const JOB_LOST =
  "The import stopped: the shop restarted while it ran. Import the file again: products already imported are reported as unchanged.";

/** A job's failure whose message is for the person who started it (the file cannot be read, say). */
export class JobRefused extends Error {
  override name = "JobRefused";
}

/** What a job was started with (its options column). */
export interface JobOptions {
  dry_run: boolean;
  strict: boolean;
  file_name: string | null;
  actor: AuditActor;
}

/** Runs a job's work: answers its report; `progress` answers true when the job was asked to stop. */
export type JobWork = (
  input: string,
  options: JobOptions,
  progress: (done: number, total: number) => Promise<boolean>,
) => Promise<CatalogueImportReport>;

type Row = NonNullable<Awaited<ReturnType<JobsRepository["find"]>>>;

function view(row: Row): Job {
  const options = JSON.parse(row.options) as Partial<JobOptions>;
  return {
    id: row.id,
    kind: "catalogue.import",
    status: row.status as JobStatus,
    done: row.done,
    total: row.total,
    dry_run: options.dry_run === true,
    file_name: options.file_name ?? null,
    report: row.report === null ? null : (JSON.parse(row.report) as CatalogueImportReport),
    error: row.error,
    cancel_requested: row.cancel_requested === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function jobsService(deps: { db: Kysely<Database>; logger?: Logger | undefined; now?: () => Date }) {
  const repository = jobsRepository(deps.db);
  const now = deps.now ?? (() => new Date());

  async function get(id: number): Promise<Job> {
    const at = now();
    await repository.failStale(new Date(at.getTime() - JOB_STALE_MS), JOB_LOST, at);
    const row = await repository.find(id);
    if (!row) throw new NotFound(JOB_NOT_FOUND);
    return view(row);
  }

  return {
    get,

    /** Asks the job to stop (audited when it was under way); answers it as it is now. */
    async cancel(actor: AuditActor, id: number): Promise<Job> {
      const before = await get(id);
      if (before.status !== "queued" && before.status !== "running") return before;
      await repository.requestCancel(id, now());
      await recordAudit(deps.db, {
        actor,
        action: "job.cancel",
        entityType: "job",
        entityId: id,
        before: { status: before.status, done: before.done, total: before.total },
        after: { cancel_requested: true },
      });
      return get(id);
    },

    /** Records a queued job with its input; answers it. `run` then runs it. */
    async create(kind: string, input: string, options: JobOptions): Promise<Job> {
      const id = await repository.insert({
        kind,
        input,
        options: JSON.stringify(options),
        createdBy: options.actor.id,
        at: now(),
      });
      return get(id);
    },

    /**
     * Runs a queued job to its end (done, cancelled or failed), renewing its heartbeat; nothing when another
     * runner took it. Never throws: a failure is the job's.
     */
    async run(id: number, work: JobWork): Promise<void> {
      const claimed = await repository.claim(id, now());
      if (!claimed) return;
      const timer = setInterval(() => {
        repository.heartbeat(id, now()).catch(() => undefined);
      }, JOB_HEARTBEAT_MS);
      timer.unref();
      let stopAsked = false;
      let reached = { done: 0, total: 0 };
      try {
        const report = await work(
          claimed.input ?? "",
          JSON.parse(claimed.options) as JobOptions,
          async (done, total) => {
            reached = { done, total };
            stopAsked = await repository.progress(id, done, total, now());
            return stopAsked;
          },
        );
        const cancelled = stopAsked && reached.done < reached.total;
        await repository.finish(
          id,
          { status: cancelled ? "cancelled" : "done", report: JSON.stringify(report), error: null },
          now(),
        );
      } catch (error) {
        if (!(error instanceof JobRefused)) deps.logger?.error({ err: error, job: id }, "a job failed");
        const message =
          error instanceof JobRefused
            ? error.message
            : "The import failed unexpectedly. Import the file again: products already imported are reported as unchanged.";
        await repository
          .finish(id, { status: "failed", report: null, error: message }, now())
          .catch(() => undefined);
      } finally {
        clearInterval(timer);
      }
    },
  };
}

export type JobsService = ReturnType<typeof jobsService>;
