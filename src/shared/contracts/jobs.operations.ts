import { catalogueImportSchema } from "./catalogue-csv.ts";
import { type Operation, WRITE_ERRORS } from "./contract.ts";
import { jobSchema } from "./jobs.ts";

/** Back-office jobs (decision 0065). Spread into `operations` (operations.ts). */
export const adminJobOperations = {
  adminStartCatalogueImport: {
    method: "POST",
    path: "/admin/catalogue/import",
    summary:
      "Starts importing a catalogue CSV (multipart/form-data, at most 10 MB; `dry_run`, `strict`) as a job and " +
      "answers it at once; its progress and then its report are read with GET /admin/jobs/{id}, and " +
      "POST /admin/jobs/{id}/cancel stops it. POST /admin/catalogue/import-now waits and answers the report",
    tag: "Admin",
    auth: "staff",
    body: catalogueImportSchema,
    bodyType: "multipart",
    status: 201,
    response: jobSchema,
    errors: [...WRITE_ERRORS, 403, 413, 415],
  },
  adminJob: {
    method: "GET",
    path: "/admin/jobs/:id",
    summary:
      "A job: its status and progress, and its report once ended. A running job whose runner stopped answering " +
      "for 2 minutes (an instance that restarted) is answered as failed",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: jobSchema,
    errors: [401, 403, 404],
  },
  adminCancelJob: {
    method: "POST",
    path: "/admin/jobs/:id/cancel",
    summary:
      "Stops a job: a queued one at once, a running one after the batch it is in (what it saved stays); an " +
      "ended job is answered as it is",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: jobSchema,
    errors: [401, 403, 404],
  },
} as const satisfies Record<string, Operation>;
