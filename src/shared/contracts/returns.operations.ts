import { z } from "zod";
import type { Operation } from "./contract.ts";
import {
  adminReturnActionSchema,
  adminReturnListSchema,
  adminReturnQuerySchema,
  adminReturnViewSchema,
  orderReturnsSchema,
  returnAccessQuerySchema,
  returnReportQuerySchema,
  returnReportSchema,
  returnRequestSchema,
  returnViewSchema,
} from "./returns.ts";

/**
 * Returns and exchanges (docs/decisions/0054-returns.md): the shopper's request on a delivered order (a customer's
 * session, or a guest's order-access token), and the back office's handling. Spread into `operations`.
 */
export const returnOperations = {
  listOrderReturns: {
    method: "GET",
    path: "/orders/:number/returns",
    summary:
      "An order's returns with their timelines, and what may still be returned: each item's quantity left, the " +
      "sizes and colours an exchange may take, and until when",
    tag: "Orders",
    auth: "optional",
    query: returnAccessQuerySchema,
    status: 200,
    response: orderReturnsSchema,
    errors: [404, 422],
  },
  requestReturn: {
    method: "POST",
    path: "/orders/:number/returns",
    summary:
      "Asks to return items of a delivered order within the return window (multipart/form-data: `items` as JSON " +
      "text, `reason`, `reason_text`, `resolution`, up to 3 `photos`; `token` for a guest)",
    tag: "Orders",
    auth: "optional",
    body: returnRequestSchema,
    bodyType: "multipart",
    status: 201,
    response: returnViewSchema,
    errors: [404, 409, 413, 415, 422],
  },
} as const satisfies Record<string, Operation>;

export const adminReturnOperations = {
  adminListReturns: {
    method: "GET",
    path: "/admin/returns",
    summary:
      "Return requests, newest first, all or by where they stand (new, approved, in_transit, received, closed)",
    tag: "Admin",
    auth: "staff",
    query: adminReturnQuerySchema,
    status: 200,
    response: adminReturnListSchema,
    errors: [401, 403, 422],
  },
  adminReturnReport: {
    method: "GET",
    path: "/admin/returns/report",
    summary:
      "Return rates by product (and for the wrong size: which size chart is wrong), items by reason, and money " +
      "refunded per month",
    tag: "Admin",
    auth: "staff",
    query: returnReportQuerySchema,
    status: 200,
    response: returnReportSchema,
    errors: [401, 403, 422],
  },
  adminGetReturn: {
    method: "GET",
    path: "/admin/returns/:id",
    summary: "A return with its order, photos, timeline and what may be done next",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: adminReturnViewSchema,
    errors: [401, 403, 404],
  },
  adminUpdateReturn: {
    method: "PATCH",
    path: "/admin/returns/:id",
    summary:
      "Moves a return on: approve (with a courier's reverse pickup, the customer sending it, or bringing it in), " +
      "reject with a note, in transit, received with each item's condition (restocked items' stock back once), " +
      "or settle (refund, exchange's replacement order, or store credit)",
    tag: "Admin",
    auth: "staff",
    body: adminReturnActionSchema,
    status: 200,
    response: adminReturnViewSchema,
    errors: [401, 403, 404, 409, 422, 502],
  },
  adminReturnPhoto: {
    method: "GET",
    path: "/admin/returns/:id/photos/:photo",
    summary: "A photo the customer sent with the return (WebP)",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: z.string().describe("The picture."),
    errors: [401, 403, 404],
  },
} as const satisfies Record<string, Operation>;
