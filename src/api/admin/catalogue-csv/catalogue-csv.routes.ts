import { Hono } from "hono";
import type { Kysely } from "kysely";
import type { Database } from "../../../platform/db/schema.ts";
import { CATALOG_CSV_MESSAGES } from "../../../shared/catalogue-csv.ts";
import { operations } from "../../../shared/contracts/operations.ts";
import type { ApiEnv } from "../../api-env.ts";
import type { CatalogueListener } from "../../catalogue/catalogue-write.ts";
import { route } from "../../contract/route.ts";
import { ValidationFailed } from "../../errors.ts";
import { exportCatalogue } from "./catalogue-export.ts";
import { type ImportOptions, importCatalogue } from "./catalogue-import.ts";
import { CsvFileError } from "./csv-rows.ts";
import type { PhotoImporter } from "./photo-import.ts";

/** The catalogue CSV's two operations over one database (built once, in `createServices`). */
export function catalogueCsvService(deps: {
  db: Kysely<Database>;
  onCatalogueChanged?: CatalogueListener | undefined;
  /** Where downloaded photos go; without, Image Src URLs are kept as given. */
  photos?: PhotoImporter | undefined;
}) {
  return {
    import: (text: string, options: ImportOptions) => importCatalogue(deps, text, options),
    export: () => exportCatalogue(deps.db),
  };
}

export type CatalogueCsvService = ReturnType<typeof catalogueCsvService>;

/**
 * The catalogue as CSV in the back office (`/api/admin/catalogue/...`, staff and owners): the import, which answers
 * its report when done, and the export, streamed as it is read.
 */
export function catalogueCsvRoutes(csv: CatalogueCsvService): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  route(routes, operations.adminImportCatalogue, async (_c, { actor, body }) => {
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(await body.file.arrayBuffer());
    } catch {
      throw ValidationFailed.field("file", CATALOG_CSV_MESSAGES.notUtf8);
    }
    try {
      return await csv.import(text, {
        actor: { id: actor.user.id, email: actor.user.email },
        dryRun: body.dry_run,
        strict: body.strict,
        fileName: body.file.name,
      });
    } catch (error) {
      if (error instanceof CsvFileError) throw ValidationFailed.field("file", error.message);
      throw error;
    }
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
