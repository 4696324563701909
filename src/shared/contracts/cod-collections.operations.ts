import {
  codCollectionsAnswerSchema,
  codCollectionsQuerySchema,
  paymentReportAnswerSchema,
  paymentReportSchema,
} from "./cod-collections.ts";
import { type Operation, WRITE_ERRORS } from "./contract.ts";

/** Cash collected on delivery: the courier's payment report and what is still unpaid. Spread into `operations`. */
export const codCollectionOperations = {
  adminUploadPaymentReport: {
    method: "POST",
    path: "/admin/cod-collections/report",
    summary:
      "Records the cash a courier paid over, from its payment report (multipart/form-data CSV, at most 2 MB): " +
      "each row is matched by consignment number (or order number) and recorded with its amount, date and " +
      "reference, or answered with why not (unknown consignment, not valid, already recorded, amount differs). " +
      "A row that fails changes nothing; the same report uploaded again records nothing twice. Each recording is " +
      "written to the audit log.",
    tag: "Admin",
    auth: "staff",
    body: paymentReportSchema,
    bodyType: "multipart",
    status: 200,
    response: paymentReportAnswerSchema,
    errors: [...WRITE_ERRORS, 403, 413, 415],
  },
  adminCodCollections: {
    method: "GET",
    path: "/admin/cod-collections",
    summary:
      "Delivered orders whose cash has not been recorded (view=unpaid), or payments whose amount differs from " +
      "the cash due (view=mismatches)",
    tag: "Admin",
    auth: "staff",
    query: codCollectionsQuerySchema,
    status: 200,
    response: codCollectionsAnswerSchema,
    errors: [401, 403, 422],
  },
} as const satisfies Record<string, Operation>;
