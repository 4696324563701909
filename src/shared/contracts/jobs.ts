import { z } from "zod";
import { catalogueImportReportSchema } from "./catalogue-csv.ts";

/** Back-office jobs: a catalogue import run in the background, its progress polled (decision 0065). */

export const JOB_STATUSES = ["queued", "running", "done", "failed", "cancelled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A job still under way: its page keeps asking. */
export const jobUnderWay = (status: JobStatus) => status === "queued" || status === "running";

export const jobSchema = z.object({
  id: z.number().int(),
  kind: z.enum(["catalogue.import"]).describe("What the job does: a catalogue CSV import."),
  status: z
    .enum(JOB_STATUSES)
    .describe(
      "queued, running, done, failed (with `error`) or cancelled (stopped after the batch it was in: what it " +
        "had saved stays, and `report` says what)",
    ),
  done: z.number().int().describe("Products handled so far."),
  total: z.number().int().describe("Products of the file to handle (0 until the file is read)."),
  dry_run: z.boolean(),
  file_name: z.string().nullable(),
  report: catalogueImportReportSchema
    .nullable()
    .describe("The import's report once it has ended; null before."),
  error: z.string().nullable().describe("Why it failed, when it did."),
  cancel_requested: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Job = z.output<typeof jobSchema>;
