import { Hono } from "hono";
import type { Kysely } from "kysely";
import type { Database } from "../../../platform/db/schema.ts";
import { CATALOG_CSV_MESSAGES } from "../../../shared/catalogue-csv.ts";
import type { Job } from "../../../shared/contracts/jobs.ts";
import { operations } from "../../../shared/contracts/operations.ts";
import type { ApiEnv } from "../../api-env.ts";
import type { CatalogueListener } from "../../catalogue/catalogue-write.ts";
import { route } from "../../contract/route.ts";
import { ValidationFailed } from "../../errors.ts";
import { type JobOptions, JobRefused, type JobsService, type JobWork } from "../jobs/jobs.service.ts";
import { exportCatalogue } from "./catalogue-export.ts";
import { type ImportOptions, importCatalogue } from "./catalogue-import.ts";
import { CsvFileError, readCatalogueCsv } from "./csv-rows.ts";
import type { PhotoImporter } from "./photo-import.ts";

/** The catalogue CSV's two operations over one database (built once, in `createServices`). */
export function catalogueCsvService(deps: {
  db: Kysely<Database>;
  onCatalogueChanged?: CatalogueListener | undefined;
  /** Where downloaded photos go; without, Image Src URLs are kept as given. */
  photos?: PhotoImporter | undefined;
  jobs: JobsService;
}) {
  const { jobs } = deps;
  /** A job's import: the CSV it holds, with its options; a file it cannot read fails it with the reason. */
  const work: JobWork = async (input, options, progress) => {
    try {
      return await importCatalogue(deps, input, {
        actor: options.actor,
        dryRun: options.dry_run,
        strict: options.strict,
        fileName: options.file_name ?? undefined,
        onProgress: ({ done, total }) => progress(done, total),
      });
    } catch (error) {
      if (error instanceof CsvFileError) throw new JobRefused(error.message);
      throw error;
    }
  };
  return {
    import: (text: string, options: ImportOptions) => importCatalogue(deps, text, options),
    export: () => exportCatalogue(deps.db),

    /**
     * Starts the import as a job (decision 0065): the file is read at once (a file that cannot be read is refused
     * here, like the direct import), then imported in the background by this instance while the job's row says
     * how far it is. Answers the job, queued.
     */
    async startImport(text: string, options: JobOptions): Promise<Job> {
      readCatalogueCsv(text);
      const job = await jobs.create("catalogue.import", text, options);
      void jobs.run(job.id, work);
      return job;
    },
  };
}

export type CatalogueCsvService = ReturnType<typeof catalogueCsvService>;

/** The uploaded file's text; a file that is not UTF-8 is refused. */
async function fileText(file: File): Promise<string> {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw ValidationFailed.field("file", CATALOG_CSV_MESSAGES.notUtf8);
  }
}

/** A file that cannot be read as a whole is the file field's 422, with the reason. */
async function fileRefused<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CsvFileError) throw ValidationFailed.field("file", error.message);
    throw error;
  }
}

/**
 * The catalogue as CSV in the back office (`/api/admin/catalogue/...`, staff and owners): the import, which answers
 * its report when done, and the export, streamed as it is read.
 */
export function catalogueCsvRoutes(csv: CatalogueCsvService): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  route(routes, operations.adminImportCatalogue, async (_c, { actor, body }) => {
    const text = await fileText(body.file);
    return fileRefused(() =>
      csv.import(text, {
        actor: { id: actor.user.id, email: actor.user.email },
        dryRun: body.dry_run,
        strict: body.strict,
        fileName: body.file.name,
      }),
    );
  });

  route(routes, operations.adminStartCatalogueImport, async (_c, { actor, body }) => {
    const text = await fileText(body.file);
    return fileRefused(() =>
      csv.startImport(text, {
        actor: { id: actor.user.id, email: actor.user.email },
        dry_run: body.dry_run,
        strict: body.strict,
        file_name: body.file.name || null,
      }),
    );
  });

  route(routes, operations.adminExportCatalogue, async (c) => {
    c.header(
      "Content-Disposition",
      `attachment; filename="catalogue-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    return csv.export();
  });

  return routes;
}
