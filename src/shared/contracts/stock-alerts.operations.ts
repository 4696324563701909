import { messageSchema, type Operation } from "./contract.ts";
import { stockAlertSchema, wantedVariantsSchema } from "./stock-alerts.ts";

/** "Notify me when it's back" (docs/decisions/0061-back-in-stock.md). Spread into `operations` (operations.ts). */
export const stockAlertOperations = {
  createStockAlert: {
    method: "POST",
    path: "/stock-alerts",
    summary:
      "Ask to be emailed once when a sold-out colour and size is back in stock; asking again for the same one answers the same and adds nothing (rate-limited per client address and per email)",
    tag: "Catalogue",
    auth: "none",
    body: stockAlertSchema,
    status: 200,
    response: messageSchema,
    errors: [400, 422, 429],
  },
} as const satisfies Record<string, Operation>;

/** The back office's most-wanted sold-out variants (staff). Spread into `operations` (operations.ts). */
export const adminStockAlertOperations = {
  listWantedVariants: {
    method: "GET",
    path: "/admin/stock-alerts",
    summary: "The sold-out variants shoppers are waiting for, most wanted first (at most 20)",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: wantedVariantsSchema,
    errors: [401, 403],
  },
} as const satisfies Record<string, Operation>;
