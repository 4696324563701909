import { catalogueCsvSchema, catalogueImportReportSchema, catalogueImportSchema } from "./catalogue-csv.ts";
import { type Operation, WRITE_ERRORS } from "./contract.ts";

/** The catalogue's CSV import and export. Spread into `operations` (operations.ts). */
export const catalogueCsvOperations = {
  adminImportCatalogue: {
    method: "POST",
    path: "/admin/catalogue/import-now",
    summary:
      "Imports a catalogue CSV (multipart/form-data, at most 10 MB) and waits for it: products created, updated or " +
      "left as they are by Handle and SKU, in batches; answers the report with every refused row's reason. " +
      "`dry_run` checks without saving. POST /admin/catalogue/import runs the same as a job",
    tag: "Admin",
    auth: "staff",
    body: catalogueImportSchema,
    bodyType: "multipart",
    status: 200,
    response: catalogueImportReportSchema,
    errors: [...WRITE_ERRORS, 403, 413, 415],
  },
  adminExportCatalogue: {
    method: "GET",
    path: "/admin/catalogue/export.csv",
    summary: "The whole catalogue (every status) as a CSV download that imports back as it is",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: catalogueCsvSchema,
    produces: "text/csv",
    errors: [401, 403],
  },
} as const satisfies Record<string, Operation>;
