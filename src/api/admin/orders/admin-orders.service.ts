import type { Kysely } from "kysely";
import type { Database, OrderRow, ShipmentRow, Trx } from "../../../platform/db/schema.ts";
import {
  ADMIN_ORDERS_PER_PAGE,
  type AdminOrder,
  type AdminOrderList,
  type AdminOrderQuery,
  ORDER_CHANNELS,
  ORDER_COUNT_LIMIT,
  type OrderChannel,
  type OrderHistoryEntry,
  type ShipmentSummary,
  type UpdateOrderStatusInput,
} from "../../../shared/contracts/admin-orders.ts";
import { splitFlags } from "../../../shared/order-risk.ts";
import {
  allowedTransitions,
  canConfirm,
  type OrderStatus,
  transitionRefusal,
} from "../../../shared/order-status.ts";
import { isPaymentMethod, type PaymentStatus } from "../../../shared/payment.ts";
import { phoneSearchPrefix } from "../../../shared/phone.ts";
import type { CourierId, ShipmentStatus } from "../../../shared/shipment-status.ts";
import { afterShopDay, startOfShopDay } from "../../../shared/shop-time.ts";
import { type CatalogueListener, catalogueWrite } from "../../catalogue/catalogue-write.ts";
import type { CourierRegistry } from "../../couriers/couriers.ts";
import type { ShipmentsRepository } from "../../couriers/shipments.repository.ts";
import { Conflict, NotFound, ValidationFailed } from "../../errors.ts";
import type { OrderMessaging } from "../../messages/message-outbox.ts";
import { toRupees } from "../../money/money.ts";
import { toOrder } from "../../orders/order-view.ts";
import { moveOrder } from "../../orders/order-workflow.ts";
import type { OrdersRepository } from "../../orders/orders.repository.ts";
import { riskSignals } from "../../orders/risk.ts";
import { pageMeta } from "../../pagination.ts";
import type { AuditActor } from "../audit.ts";
import type { AdminOrdersRepository, OrderFilter } from "./admin-orders.repository.ts";
import { exportOrders } from "./orders-export.ts";

export const ORDER_NOT_FOUND = "Order not found.";

const isOrderChannel = (channel: string): channel is OrderChannel =>
  (ORDER_CHANNELS as readonly string[]).includes(channel);

/**
 * What the search box finds, by the shape of what was typed: an email (or its start) when it has an "@"; a
 * phone number's digits when it is digits and separators, with 0300… and +92 300… the same number
 * (`phoneSearchPrefix`, in E.164); otherwise the start of an order number or of an email.
 */
export function searchTerms(text: string): NonNullable<OrderFilter["search"]> {
  if (text.includes("@")) return [{ key: "email", prefixes: [text.toLowerCase()] }];
  const phone = phoneSearchPrefix(text);
  if (phone) return [{ key: "phone", prefixes: [phone] }];
  return [
    { key: "number", prefixes: [text.toUpperCase().replace(/\s+/g, "")] },
    { key: "email", prefixes: [text.toLowerCase()] },
  ];
}

export function orderFilter(query: AdminOrderQuery): OrderFilter {
  return {
    status: query.status,
    paymentStatus: query.payment,
    paymentMethod: query.method,
    needsReview: query.review,
    // The shop's days (src/shared/shop-time.ts): from the first's local midnight to the one after the last.
    placedFrom: query.from ? new Date(startOfShopDay(query.from)).toISOString() : undefined,
    placedBefore: query.to ? new Date(afterShopDay(query.to)).toISOString() : undefined,
    search: query.q ? searchTerms(query.q) : undefined,
  };
}

interface AdminOrdersDeps {
  db: Kysely<Database>;
  repository: AdminOrdersRepository;
  orders: OrdersRepository;
  /** Where an order's parcel is: its live shipment and the courier's events. */
  shipments: ShipmentsRepository;
  couriers: Pick<CourierRegistry, "name">;
  publicUrl: string;
  /** Called after a change's commit: its email is in the outbox (wakes the mail worker). */
  onMailQueued?: (() => void) | undefined;
  /** Queues the change's message to the order's phone (shipped, delivered, cancelled); none when absent. */
  messaging?: OrderMessaging | undefined;
  /** Told after a cancellation's commit (by `catalogueWrite`): its stock is back on sale. */
  onCatalogueChanged?: CatalogueListener | undefined;
  /** Where the list stops counting (ORDER_COUNT_LIMIT; tests use a small one). */
  countLimit?: number;
}

export function adminOrdersService({
  db,
  repository,
  orders,
  shipments,
  couriers,
  publicUrl,
  onMailQueued,
  messaging,
  onCatalogueChanged,
  countLimit = ORDER_COUNT_LIMIT,
}: AdminOrdersDeps) {
  const workflow = { orders, publicUrl, messaging };
  /** A change of an order's status: a `catalogueWrite`, which tells the caches once a cancellation commits. */
  const changing = <T>(work: (trx: Trx) => Promise<T>) => catalogueWrite(db, work, onCatalogueChanged);

  const shipmentSummary = (shipment: ShipmentRow): ShipmentSummary => ({
    courier: shipment.courier as CourierId,
    courier_name: couriers.name(shipment.courier),
    consignment_number: shipment.consignment_number,
    tracking_url: shipment.tracking_url,
    status: shipment.status as ShipmentSummary["status"],
  });

  async function shipmentOf(row: OrderRow): Promise<AdminOrder["shipment"]> {
    const [shipment] = await shipments.liveFor([row.id]);
    if (!shipment) return null;
    const events = await shipments.events(shipment.id);
    return {
      ...shipmentSummary(shipment),
      booked_at: shipment.booked_at,
      last_error: shipment.last_error,
      events: events.map((event) => ({
        status: event.status as ShipmentStatus,
        courier_status: event.courier_status,
        description: event.description,
        location: event.location,
        at: event.happened_at,
      })),
    };
  }

  async function detail(row: OrderRow): Promise<AdminOrder> {
    const [items, changes, account, risk, shipment, replaced] = await Promise.all([
      orders.itemsFor([row.id]),
      orders.history(row.id),
      row.user_id === null ? undefined : repository.customer(row.user_id),
      riskSignals(db, row),
      shipmentOf(row),
      row.replacement_for === null ? undefined : repository.returnReference(row.replacement_for),
    ]);
    const placed: OrderHistoryEntry = {
      from: null,
      to: (changes[0]?.from_status ?? row.status) as OrderStatus,
      actor: null,
      note: "",
      at: row.created_at,
    };
    const skus = await repository.skus(items.map((item) => item.variant_id));
    const order = toOrder(row, items);
    return {
      ...order,
      status: row.status as OrderStatus,
      items: order.items.map((line, index) => {
        const variantId = items[index]!.variant_id;
        return { ...line, variant_id: variantId, sku: skus.get(variantId) ?? null };
      }),
      customer: account
        ? { id: account.id, name: `${account.first_name} ${account.last_name}`, email: account.email }
        : null,
      history: [
        placed,
        ...changes.map((change) => ({
          from: change.from_status as OrderStatus,
          to: change.to_status as OrderStatus,
          // The shopper (confirming) and the shop itself (cancelling an unconfirmed order) have no email here.
          actor: change.actor_email || null,
          note: change.note,
          at: change.created_at,
        })),
      ],
      allowed_statuses: [...allowedTransitions(row.status)],
      can_confirm: canConfirm(row.status),
      risk,
      shipment,
      replacement_for: replaced ? { id: replaced.id, number: replaced.number } : null,
      channel: isOrderChannel(row.channel) ? row.channel : "web",
      entered_by: row.entered_by,
    };
  }

  async function get(number: string): Promise<AdminOrder> {
    const row = await repository.findByNumber(number);
    if (!row) throw new NotFound(ORDER_NOT_FOUND);
    return detail(row);
  }

  return {
    get,

    /** The orders the list's filters keep, every page of them, as CSV (orders-export.ts). */
    exportCsv: (query: AdminOrderQuery) => exportOrders(repository, shipments, orderFilter(query)),

    async list(query: AdminOrderQuery): Promise<AdminOrderList> {
      const filter = orderFilter(query);
      const offset = (query.page - 1) * ADMIN_ORDERS_PER_PAGE;
      const [counted, rows] = await Promise.all([
        repository.count(filter, countLimit),
        repository.page(filter, ADMIN_ORDERS_PER_PAGE, offset),
      ]);
      const capped = counted > countLimit;
      const total = capped ? countLimit : counted;
      const ids = rows.map((row) => row.id);
      const [pieces, live] = await Promise.all([repository.itemCounts(ids), shipments.liveFor(ids)]);
      const shipmentByOrder = new Map(live.map((shipment) => [shipment.order_id, shipment]));
      return {
        data: rows.map((row) => ({
          number: row.number,
          status: row.status as OrderStatus,
          created_at: row.created_at,
          customer_name: `${row.first_name} ${row.last_name}`,
          email: row.email,
          phone: row.phone,
          city: row.city,
          registered: row.user_id !== null,
          item_count: pieces.get(row.id) ?? 0,
          total: toRupees(row.total),
          payment_method: isPaymentMethod(row.payment_method) ? row.payment_method : "cod",
          payment_status: row.payment_status as PaymentStatus,
          payment_flag: row.payment_flag,
          flags: splitFlags(row.risk_flags),
          shipment: shipmentByOrder.has(row.id) ? shipmentSummary(shipmentByOrder.get(row.id)!) : null,
        })),
        meta: { ...pageMeta(query.page, ADMIN_ORDERS_PER_PAGE, rows.length, total), total_capped: capped },
      };
    },

    /**
     * Moves an order on, in one transaction: the order's row is locked first, so of two changes at once the
     * second sees what the first did (and is refused if that no longer allows it); a cancelled order's stock
     * goes back under checkout's locking order; the history row, the audit entry, the customer's email (the mail
     * outbox) and message to their phone (the message outbox) commit with the change or not at all.
     */
    async updateStatus(
      actor: AuditActor,
      number: string,
      input: UpdateOrderStatusInput,
    ): Promise<AdminOrder> {
      await changing(async (trx) => {
        const order = await orders.lockByNumber(number, trx);
        if (!order) throw new NotFound(ORDER_NOT_FOUND);
        const refusal = transitionRefusal(order.status, input.status);
        if (refusal) throw ValidationFailed.field("status", refusal);
        await moveOrder(trx, workflow, order, { to: input.status, actor, note: input.note, now: new Date() });
      });
      onMailQueued?.();
      messaging?.onQueued?.();
      return get(number);
    },

    /**
     * A parcel is back at the shop (refused at the door, or returned by the courier): the order becomes returned
     * and its stock goes back on sale, exactly once. Marking it again (a second click, two staff, a courier's
     * news racing the click) finds it returned already and changes nothing.
     */
    async receivedBack(actor: AuditActor, number: string, note: string): Promise<AdminOrder> {
      await changing(async (trx) => {
        const order = await orders.lockByNumber(number, trx);
        if (!order) throw new NotFound(ORDER_NOT_FOUND);
        if (order.status === "returned") return;
        const refusal = transitionRefusal(order.status, "returned");
        if (refusal) throw new Conflict(refusal);
        await moveOrder(trx, workflow, order, {
          to: "returned",
          actor,
          note: note || "Parcel received back at the shop.",
          now: new Date(),
        });
      });
      return get(number);
    },
  };
}

export type AdminOrdersService = ReturnType<typeof adminOrdersService>;
