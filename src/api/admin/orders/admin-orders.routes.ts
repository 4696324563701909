import { Hono } from "hono";
import { BLOCKLIST_MESSAGES } from "../../../shared/contracts/blocklist.ts";
import { operations } from "../../../shared/contracts/operations.ts";
import type { ApiEnv } from "../../api-env.ts";
import { pathId, route } from "../../contract/route.ts";
import { IDEMPOTENCY_HEADER } from "../../idempotency/idempotency.ts";
import type { ConfirmationService } from "../../orders/order-confirmation.ts";
import type { SettingsService } from "../../settings/shop-settings.ts";
import { auditActor } from "../audit.ts";
import type { BlocklistService } from "../blocklist/blocklist.service.ts";
import type { AdminOrdersService } from "./admin-orders.service.ts";
import type { StaffOrdersService } from "./staff-orders.service.ts";

/** Numbers are upper case; one typed into the address bar in lower case means the same order. */
const orderNumber = (text: string) => text.trim().toUpperCase();

/** The back office's orders (`/api/admin/orders...`); route() admits staff and owners only. */
export function adminOrdersRoutes(deps: {
  orders: AdminOrdersService;
  confirmations: ConfirmationService;
  blocklist: BlocklistService;
  settings: SettingsService;
  staffOrders: StaffOrdersService;
}): Hono<ApiEnv> {
  const { orders, confirmations, blocklist, settings, staffOrders } = deps;
  const routes = new Hono<ApiEnv>();
  route(routes, operations.adminListOrders, (_c, { query }) => orders.list(query));
  route(routes, operations.adminExportOrders, async (c, { query }) => {
    c.header(
      "Content-Disposition",
      `attachment; filename="orders-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    return orders.exportCsv(query);
  });
  route(routes, operations.adminQuoteOrder, (_c, { body }) => staffOrders.quote(body));
  route(routes, operations.adminEnterOrder, async (c, { actor, body, headers }) => {
    const entered = await staffOrders.enter(auditActor(actor), body, headers[IDEMPOTENCY_HEADER]);
    if (entered.replayed) c.header("Idempotent-Replayed", "true");
    return entered.order;
  });
  route(routes, operations.adminGetOrder, (_c, { params }) => orders.get(orderNumber(params.number)));
  route(routes, operations.adminUpdateOrder, (_c, { actor, params, body }) =>
    orders.updateStatus(auditActor(actor), orderNumber(params.number), body),
  );
  route(routes, operations.adminConfirmOrder, async (_c, { actor, params, body }) => {
    const number = orderNumber(params.number);
    await confirmations.confirmByStaff(auditActor(actor), number, body.note);
    return orders.get(number);
  });
  route(routes, operations.adminOrderReceivedBack, (_c, { actor, params, body }) =>
    orders.receivedBack(auditActor(actor), orderNumber(params.number), body.note),
  );
  route(routes, operations.adminListBlocklist, (_c, { query }) => blocklist.list(query.page));
  route(routes, operations.adminAddToBlocklist, (_c, { actor, body }) =>
    blocklist.add(auditActor(actor), body),
  );
  route(routes, operations.adminRemoveFromBlocklist, async (_c, { actor, params }) => {
    await blocklist.remove(auditActor(actor), pathId(params.id, BLOCKLIST_MESSAGES.notFound));
    return { message: "Taken off the blocklist." };
  });
  route(routes, operations.adminOrderSettings, () => settings.orders());
  route(routes, operations.adminUpdateOrderSettings, (_c, { actor, body }) =>
    settings.setOrders(auditActor(actor), body),
  );
  return routes;
}
