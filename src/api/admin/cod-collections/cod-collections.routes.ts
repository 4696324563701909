import { Hono } from "hono";
import { PAYMENT_REPORT_MESSAGES } from "../../../shared/cod-collections.ts";
import { operations } from "../../../shared/contracts/operations.ts";
import type { ApiEnv } from "../../api-env.ts";
import { route } from "../../contract/route.ts";
import { ValidationFailed } from "../../errors.ts";
import type { CodCollectionsService } from "./cod-collections.service.ts";
import { PaymentReportError } from "./payment-report.ts";

/** Cash collected on delivery in the back office (`/api/admin/cod-collections...`, staff and owners). */
export function codCollectionsRoutes(collections: CodCollectionsService): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  route(routes, operations.adminUploadPaymentReport, async (_c, { actor, body }) => {
    let text: string;
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(await body.file.arrayBuffer());
    } catch {
      throw ValidationFailed.field("file", PAYMENT_REPORT_MESSAGES.notUtf8);
    }
    try {
      return await collections.recordReport(
        { id: actor.user.id, email: actor.user.email },
        body.courier,
        text,
      );
    } catch (error) {
      if (error instanceof PaymentReportError) throw ValidationFailed.field("file", error.message);
      throw error;
    }
  });

  route(routes, operations.adminCodCollections, async (_c, { query }) => collections.list(query.view));

  return routes;
}
