import { z } from "zod";
import {
  adminOrderListSchema,
  adminOrderQuerySchema,
  adminOrderSchema,
  receivedBackSchema,
  staffOrderQuoteAnswerSchema,
  staffOrderQuoteSchema,
  staffOrderSchema,
  updateOrderStatusSchema,
} from "./admin-orders.ts";
import {
  blocklistEntrySchema,
  blocklistPageSchema,
  blocklistQuerySchema,
  newBlockSchema,
} from "./blocklist.ts";
import { checkoutHeadersSchema } from "./checkout.operations.ts";
import { messageSchema, type Operation } from "./contract.ts";
import { staffConfirmSchema } from "./order-confirmation.ts";
import { orderSettingsSchema } from "./settings.ts";

/** The back office's orders. Spread into `operations` (operations.ts). */
export const adminOrderOperations = {
  adminListOrders: {
    method: "GET",
    path: "/admin/orders",
    summary:
      "The shop's orders, newest first: by status, by day placed (from/to) and by search (number, email or phone)",
    tag: "Admin",
    auth: "staff",
    query: adminOrderQuerySchema,
    status: 200,
    response: adminOrderListSchema,
    errors: [401, 403, 422],
  },
  adminExportOrders: {
    method: "GET",
    path: "/admin/orders.csv",
    summary:
      "Every order the list's filters keep (not one page), newest first, as a CSV download, streamed as it is read",
    tag: "Admin",
    auth: "staff",
    query: adminOrderQuerySchema,
    status: 200,
    response: z
      .string()
      .describe(
        "RFC 4180 CSV (UTF-8, CRLF): one row per order with its customer, address, money in rupees (subtotal, " +
          "discount and code, delivery, cash-on-delivery fee, total, paid, refunded), payment, parcel and risk flags. `page` is ignored.",
      ),
    produces: "text/csv",
    errors: [401, 403, 422],
  },
  adminQuoteOrder: {
    method: "POST",
    path: "/admin/orders/quote",
    summary:
      "Price an order staff are about to enter (its lines, the city's delivery, a code) as it would be entered now, " +
      "with each line's stock and what stops it; nothing is written or held",
    tag: "Admin",
    auth: "staff",
    body: staffOrderQuoteSchema,
    status: 200,
    response: staffOrderQuoteAnswerSchema,
    errors: [400, 401, 403, 422],
  },
  adminEnterOrder: {
    method: "POST",
    path: "/admin/orders",
    summary:
      "Enter an order for a shopper who bought by phone, WhatsApp, Instagram or in person: priced by the shop's " +
      "pricing and taking stock exactly as checkout does (409 when a line's stock ran short), cash on delivery, " +
      "already confirmed; the shopper is emailed (when an email is given) and messaged; audited",
    tag: "Admin",
    auth: "staff",
    headers: checkoutHeadersSchema,
    body: staffOrderSchema,
    status: 201,
    response: adminOrderSchema,
    errors: [400, 401, 403, 409, 422],
  },
  adminGetOrder: {
    method: "GET",
    path: "/admin/orders/:number",
    summary: "One order by its number: lines, totals, address, the customer's account and the status history",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: adminOrderSchema,
    errors: [401, 403, 404],
  },
  adminUpdateOrder: {
    method: "PATCH",
    path: "/admin/orders/:number",
    summary:
      "Move an order on: pending → processing → shipped → delivered; a refused parcel shipped → returning → " +
      "returned (its stock goes back); cancelled while awaiting confirmation, pending or processing (its stock goes " +
      "back). The customer is emailed; the change is kept in the order's history and the audit log. Any other " +
      "change answers 422 saying why.",
    tag: "Admin",
    auth: "staff",
    body: updateOrderStatusSchema,
    status: 200,
    response: adminOrderSchema,
    errors: [400, 401, 403, 404, 422],
  },
  adminConfirmOrder: {
    method: "POST",
    path: "/admin/orders/:number/confirm",
    summary:
      "Confirm an order awaiting confirmation, after speaking to the customer: it becomes pending (in its history " +
      "and the audit log; the customer is emailed). 409 when it is no longer awaiting confirmation.",
    tag: "Admin",
    auth: "staff",
    body: staffConfirmSchema,
    status: 200,
    response: adminOrderSchema,
    errors: [400, 401, 403, 404, 409, 422],
  },
  adminOrderReceivedBack: {
    method: "POST",
    path: "/admin/orders/:number/received-back",
    summary:
      "A shipped or returning parcel is back at the shop: the order becomes returned and its stock goes back, " +
      "exactly once (marking it again changes nothing). 409 for an order that was never shipped.",
    tag: "Admin",
    auth: "staff",
    body: receivedBackSchema,
    status: 200,
    response: adminOrderSchema,
    errors: [400, 401, 403, 404, 409, 422],
  },
  adminListBlocklist: {
    method: "GET",
    path: "/admin/blocklist",
    summary: "Phones, emails and addresses that may not order cash on delivery, newest first",
    tag: "Admin",
    auth: "staff",
    query: blocklistQuerySchema,
    status: 200,
    response: blocklistPageSchema,
    errors: [401, 403, 422],
  },
  adminAddToBlocklist: {
    method: "POST",
    path: "/admin/blocklist",
    summary:
      "Block a phone (any Pakistani way of writing it), an email or an address (with its city), with the reason (audited)",
    tag: "Admin",
    auth: "staff",
    body: newBlockSchema,
    status: 201,
    response: blocklistEntrySchema,
    errors: [400, 401, 403, 409, 422],
  },
  adminRemoveFromBlocklist: {
    method: "DELETE",
    path: "/admin/blocklist/:id",
    summary: "Take an entry off the blocklist (audited)",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: messageSchema,
    errors: [401, 403, 404],
  },
  adminOrderSettings: {
    method: "GET",
    path: "/admin/settings/orders",
    summary: "The owner's order settings: confirmation, its time limit, the high-value amount",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: orderSettingsSchema,
    errors: [401, 403],
  },
  adminUpdateOrderSettings: {
    method: "PUT",
    path: "/admin/settings/orders",
    summary: "Change the order settings (owner only; audited)",
    tag: "Admin",
    auth: "owner",
    body: orderSettingsSchema,
    status: 200,
    response: orderSettingsSchema,
    errors: [400, 401, 403, 422],
  },
} as const satisfies Record<string, Operation>;
