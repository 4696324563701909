import { randomInt } from "node:crypto";
import type { Kysely } from "kysely";
import type { ShipFrom } from "../../platform/config.ts";
import type { Database, Db, OrderRow, ReturnRow, Trx } from "../../platform/db/schema.ts";
import type { Storage } from "../../platform/storage/storage.ts";
import type { AdminReturnAction, AdminReturnView } from "../../shared/contracts/returns.ts";
import { formatRupees } from "../../shared/money.ts";
import { PAYMENT_METHOD_NAMES, type PaymentMethod } from "../../shared/payment.ts";
import { RETURN_MESSAGES } from "../../shared/returns.ts";
import { type AuditActor, recordAudit } from "../admin/audit.ts";
import type { CatalogueListener } from "../catalogue/catalogue-write.ts";
import { catalogueWrite } from "../catalogue/catalogue-write.ts";
import { freshOrderNumber } from "../checkout/order-record.ts";
import { CourierError, type ReturnPickupRequest } from "../couriers/courier.ts";
import type { CourierRegistry } from "../couriers/couriers.ts";
import { Conflict, HttpError, NotFound, ValidationFailed } from "../errors.ts";
import type { OrderMessaging } from "../messages/message-outbox.ts";
import { toRupees } from "../money/money.ts";
import type { OrdersRepository } from "../orders/orders.repository.ts";
import { inStockLockOrder, stockMoved } from "../orders/stock-order.ts";
import type { PaymentsService } from "../payments/payments.service.ts";
import type { ReturnsRepository } from "./returns.repository.ts";

export class CourierUnavailable extends HttpError {
  override name = "CourierUnavailable";
  constructor(message: string) {
    super(502, message);
  }
}

export interface ReturnsDeps {
  db: Kysely<Database>;
  orders: OrdersRepository;
  returns: ReturnsRepository;
  payments: Pick<PaymentsService, "refund" | "refundThrough">;
  couriers: Pick<CourierRegistry, "get" | "name">;
  shipFrom: ShipFrom;
  shopEmail: string;
  secret: string;
  publicUrl: string;
  /** Where the shoppers' photos are kept: the private namespace (`private/return-photos/`). */
  storage: Storage;
  messaging?: OrderMessaging | undefined;
  onMailQueued?: (() => void) | undefined;
  onCatalogueChanged?: CatalogueListener | undefined;
  clock?: () => Date;
}

const GRAMS_PER_PIECE = 500;
const CREDIT_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** A store-credit code nobody guesses or misreads: "CREDIT-" and eight characters. */
function creditCode(): string {
  let code = "CREDIT-";
  for (let i = 0; i < 8; i++) code += CREDIT_ALPHABET[randomInt(CREDIT_ALPHABET.length)];
  return code;
}

/** What the staff's actions share with the rest of the returns service (returns.service.ts). */
export interface ReturnKit {
  clock: () => Date;
  /** The shop's returns address, as the shopper reads it. */
  sendTo: string;
  locked(id: number, trx: Db): Promise<ReturnRow>;
  refuse(row: ReturnRow): never;
  step(
    trx: Db,
    order: OrderRow,
    ret: Pick<ReturnRow, "id" | "number">,
    status: string,
    lines: string[],
    actor: string,
    now: Date,
  ): Promise<void>;
  told(): void;
  releaseHolds(returnId: number, trx: Trx): Promise<boolean>;
  adminView(row: ReturnRow): Promise<AdminReturnView>;
}

/**
 * Staff moving a return on (docs/decisions/0054-returns.md): approve (with a courier's reverse pickup, the
 * shopper sending it, or bringing it in), reject, in transit, receive with each item's condition, and settle by
 * a refund, an exchange's replacement order or store credit. Each checks where the return stands under its row
 * lock, so two staff at once get one change and one refusal.
 */
export function returnHandling(deps: ReturnsDeps, kit: ReturnKit) {
  const { db, orders, returns, couriers } = deps;
  const { clock, sendTo, locked, refuse, step, told, releaseHolds, adminView } = kit;

  type Audit = (trx: Db, after: Record<string, unknown>, now: Date) => Promise<void>;
  type WithNote = (lines: string[]) => string[];

  async function approve(
    row: ReturnRow,
    order: OrderRow,
    action: Extract<AdminReturnAction, { action: "approve" }>,
    staff: string,
    withNote: WithNote,
    audit: Audit,
  ) {
    if (row.status !== "requested") refuse(row);
    const note = action.note;
    if (action.method !== "pickup") {
      await db.transaction().execute(async (trx) => {
        const current = await locked(row.id, trx);
        if (current.status !== "requested") refuse(current);
        const now = clock();
        await returns.move(
          row.id,
          ["requested"],
          { status: "approved", method: action.method, staff_note: note, updated_at: now.toISOString() },
          trx,
        );
        const how =
          action.method === "drop_off"
            ? `Please send the item(s) to ${sendTo}, with the return number ${current.number} inside the parcel.`
            : `Please bring the item(s) to ${sendTo}, with the return number ${current.number}.`;
        await step(
          trx,
          order,
          current,
          "Approved",
          withNote([`Your return ${current.number} is approved.`, how]),
          staff,
          now,
        );
        await audit(trx, { status: "approved", method: action.method, note }, now);
      });
      told();
      return;
    }

    const courier = couriers.get(action.courier);
    if (!courier) throw ValidationFailed.field("courier", RETURN_MESSAGES.courier);
    if (courier.id === "own" && !action.consignment_number) {
      throw ValidationFailed.field("consignment_number", RETURN_MESSAGES.consignment);
    }
    // Claimed first (requested → approved, as a pickup), so two staff cannot book two pickups; the courier is called
    // outside any transaction, and a refusal puts the request back as it was.
    const claimed = await returns.move(row.id, ["requested"], {
      status: "approved",
      method: "pickup",
      courier: courier.id,
      updated_at: clock().toISOString(),
    });
    if (!claimed) throw new Conflict(RETURN_MESSAGES.race);
    const items = (await returns.itemsOf([row.id])) ?? [];
    const pieces = Math.max(
      items.reduce((sum, item) => sum + item.quantity, 0),
      1,
    );
    const request: ReturnPickupRequest = {
      reference: row.number,
      orderNumber: order.number,
      pieces,
      weight: pieces * GRAMS_PER_PIECE,
      description:
        `Return ${row.number}: ${items.map((item) => `${item.quantity} x ${item.product_name} (${item.color_name}, ${item.size_name})`).join("; ")}`.slice(
          0,
          250,
        ),
      pickup: {
        name: `${order.first_name} ${order.last_name}`.trim(),
        phone: order.phone,
        email: order.email,
        address: [order.address, order.address_2].filter(Boolean).join(", "),
        city: order.city,
      },
      deliverTo: {
        name: deps.shipFrom.name,
        phone: deps.shipFrom.phone,
        email: deps.shopEmail,
        address: deps.shipFrom.address,
        city: deps.shipFrom.city,
      },
      ...(action.consignment_number
        ? {
            manual: {
              consignmentNumber: action.consignment_number,
              trackingUrl: action.tracking_url || null,
            },
          }
        : {}),
    };
    let booking: Awaited<ReturnType<typeof courier.bookReturn>>;
    try {
      booking = await courier.bookReturn(request);
    } catch (error) {
      await returns.move(row.id, ["approved"], {
        status: "requested",
        method: null,
        courier: null,
        updated_at: clock().toISOString(),
      });
      const words = error instanceof Error ? error.message : String(error);
      if (error instanceof CourierError && !error.unsure) throw ValidationFailed.field("courier", words);
      throw new CourierUnavailable(
        error instanceof CourierError
          ? `${words} The pickup may have been booked all the same: check with ${courier.name} before booking again.`
          : words,
      );
    }
    await db.transaction().execute(async (trx) => {
      const current = await locked(row.id, trx);
      const now = clock();
      await returns.move(
        row.id,
        ["approved"],
        {
          status: "in_transit",
          consignment_number: booking.consignmentNumber,
          tracking_url: booking.trackingUrl,
          staff_note: note,
          updated_at: now.toISOString(),
        },
        trx,
      );
      await step(
        trx,
        order,
        current,
        "Pickup booked",
        withNote([
          `Your return ${current.number} is approved: ${courier.name} will collect it from your address (consignment ${booking.consignmentNumber}).`,
          "Please pack the item(s) with the return number inside.",
        ]),
        staff,
        now,
      );
      await audit(
        trx,
        { status: "in_transit", courier: courier.id, consignment: booking.consignmentNumber, note },
        now,
      );
    });
    told();
  }

  async function receive(
    row: ReturnRow,
    order: OrderRow,
    action: Extract<AdminReturnAction, { action: "receive" }>,
    staff: string,
    withNote: WithNote,
    audit: Audit,
  ) {
    const items = await returns.itemsOf([row.id]);
    const given = new Map(action.items.map((item) => [item.id, item.condition]));
    if (items.some((item) => !given.has(item.id)) || given.size !== items.length) {
      throw ValidationFailed.field("items", RETURN_MESSAGES.conditions);
    }
    await catalogueWrite(
      db,
      async (trx) => {
        const current = await locked(row.id, trx);
        if (current.status !== "approved" && current.status !== "in_transit") refuse(current);
        const now = clock();
        await returns.move(
          row.id,
          [current.status],
          {
            status: "received",
            ...(action.note ? { staff_note: action.note } : {}),
            updated_at: now.toISOString(),
          },
          trx,
        );
        const restocked: number[] = [];
        const backInStock: number[] = [];
        for (const item of inStockLockOrder(items)) {
          const condition = given.get(item.id)!;
          if (await returns.recordCondition(item.id, condition, now.toISOString(), trx)) {
            const stock = await orders.returnStock(item.variant_id, item.quantity, trx);
            restocked.push(item.product_id);
            if (stock === item.quantity) backInStock.push(item.product_id);
          }
        }
        await stockMoved(trx, restocked, backInStock);
        const next =
          current.resolution === "refund"
            ? "We will refund you shortly."
            : current.resolution === "exchange"
              ? "We will send your new size or colour shortly."
              : "We will send you your store credit shortly.";
        await step(
          trx,
          order,
          current,
          "Received",
          withNote([`We have received your return ${current.number}.`, next]),
          staff,
          now,
        );
        await audit(trx, { status: "received", conditions: Object.fromEntries(given) }, now);
      },
      deps.onCatalogueChanged,
    );
    told();
  }

  /** Settles another way than asked (agreed with the shopper): an exchange's held stock goes back first. */
  async function resettle(row: ReturnRow, resolution: ReturnRow["resolution"]): Promise<ReturnRow> {
    return catalogueWrite(
      db,
      async (trx) => {
        const current = await locked(row.id, trx);
        if (current.status !== "received") refuse(current);
        await releaseHolds(row.id, trx);
        await returns.move(row.id, ["received"], { resolution, updated_at: clock().toISOString() }, trx);
        return { ...current, resolution };
      },
      deps.onCatalogueChanged,
    );
  }

  async function settle(
    row: ReturnRow,
    order: OrderRow,
    actor: AuditActor,
    action: Extract<AdminReturnAction, { action: "settle" }>,
    staff: string,
    withNote: WithNote,
    audit: Audit,
  ) {
    if (row.status !== "received") refuse(row);
    if (action.resolution && action.resolution !== row.resolution) {
      row = await resettle(row, action.resolution);
    }
    if (row.resolution === "refund") {
      // Claimed first, so a second settle at the same moment is refused rather than refunding twice; a refund
      // the provider refuses puts it back.
      const claimed = await returns.move(row.id, ["received"], { status: "closed", outcome: "refunded" });
      if (!claimed) throw new Conflict(RETURN_MESSAGES.race);
      const reason = `Return ${row.number}`;
      try {
        if (row.amount > 0) {
          await deps.payments.refund(actor, order.number, {
            amount: toRupees(row.amount),
            reason,
            reference: action.reference,
          });
        }
      } catch (error) {
        await returns.move(row.id, ["closed"], { status: "received", outcome: null });
        throw error;
      }
      await db.transaction().execute(async (trx) => {
        const current = await locked(row.id, trx);
        const now = clock();
        const refundId = row.amount > 0 ? await returns.latestRefund(order.id, reason, trx) : null;
        await returns.move(
          row.id,
          ["closed"],
          {
            refund_id: refundId,
            updated_at: now.toISOString(),
            closed_at: now.toISOString(),
            ...(action.note ? { staff_note: action.note } : {}),
          },
          trx,
        );
        const paidWith = order.payment_method as PaymentMethod;
        await step(
          trx,
          order,
          current,
          "Refunded",
          withNote([
            `We have refunded ${formatRupees(toRupees(row.amount))} for your return ${current.number}${order.payment_method === "cod" ? " by bank or wallet transfer" : ` to your ${PAYMENT_METHOD_NAMES[paidWith]}`}${action.reference ? ` (reference ${action.reference})` : ""}.`,
          ]),
          staff,
          now,
        );
        await audit(trx, { status: "closed", outcome: "refunded", amount: toRupees(row.amount) }, now);
      });
      told();
      return;
    }

    await catalogueWrite(
      db,
      async (trx) => {
        const current = await locked(row.id, trx);
        if (current.status !== "received") refuse(current);
        const now = clock();
        const at = now.toISOString();
        if (current.resolution === "exchange") {
          const items = await returns.itemsOf([row.id], trx);
          const held = items.filter((item) => item.exchange_variant_id !== null && item.exchange_held === 1);
          if (held.length !== items.length) throw new Conflict(RETURN_MESSAGES.exchangeGone);
          for (const item of held) {
            if (!(await returns.releaseHold(item.id, trx))) throw new Conflict(RETURN_MESSAGES.race);
          }
          const number = await freshOrderNumber(orders, now, trx);
          const replacementId = await orders.insertOrder(
            {
              number,
              user_id: order.user_id,
              email: order.email,
              phone: order.phone,
              country: order.country,
              first_name: order.first_name,
              last_name: order.last_name,
              address: order.address,
              address_2: order.address_2,
              city: order.city,
              postcode: order.postcode,
              notes: `Exchange for return ${current.number} of order ${order.number}.`,
              subtotal: 0,
              delivery_charge: 0,
              discount: 0,
              total: 0,
              status: "pending",
              created_at: at,
              phone_e164: order.phone_e164,
              address_key: order.address_key,
              confirmation_code_hash: null,
              confirmation_expires_at: null,
              confirmation_attempts: 0,
              confirmed_at: at,
              risk_flags: "",
              coupon_code: null,
              cod_fee: 0,
              payment_method: "cod",
              payment_status: "paid",
              paid_amount: 0,
              refunded_amount: 0,
              payment_due_by: null,
              payment_flag: null,
              replacement_for: current.id,
              channel: order.channel,
              entered_by: null,
            },
            held.map((item) => ({
              product_id: item.product_id,
              variant_id: item.exchange_variant_id!,
              product_name: item.product_name,
              product_slug: item.product_slug,
              color_name: item.exchange_color_name ?? "",
              size_name: item.exchange_size_name ?? "",
              unit_price: 0,
              quantity: item.quantity,
              line_total: 0,
              campaign_id: null,
              campaign_name: null,
              campaign_saving: 0,
            })),
            trx,
          );
          await returns.move(
            row.id,
            ["received"],
            {
              status: "closed",
              outcome: "exchanged",
              replacement_order_id: replacementId,
              updated_at: at,
              closed_at: at,
              ...(action.note ? { staff_note: action.note } : {}),
            },
            trx,
          );
          await step(
            trx,
            order,
            current,
            "Exchanged",
            withNote([
              `Your exchange for return ${current.number} is on its way: order ${number}, at no charge. We will text you when it ships.`,
            ]),
            staff,
            now,
          );
          await audit(trx, { status: "closed", outcome: "exchanged", replacement: number }, now);
          return;
        }
        // Store credit: a personal code whose value is the balance left, spent by each order that uses it.
        let code = creditCode();
        while (await returns.codeExists(code, trx)) code = creditCode();
        const coupon = await returns.insertCoupon(
          {
            code,
            description: `Store credit from return ${current.number}`,
            kind: "amount",
            value: current.amount,
            min_subtotal: 0,
            scope: "all",
            scope_ids: "[]",
            exclude_discounted: 0,
            starts_at: null,
            ends_at: null,
            max_uses: null,
            max_uses_per_customer: null,
            status: "active",
            uses: 0,
            credit: 1,
            created_by: staff,
            created_at: at,
            updated_at: at,
          },
          trx,
        );
        await returns.move(
          row.id,
          ["received"],
          {
            status: "closed",
            outcome: "credited",
            credit_coupon_id: coupon.id,
            updated_at: at,
            closed_at: at,
            ...(action.note ? { staff_note: action.note } : {}),
          },
          trx,
        );
        await step(
          trx,
          order,
          current,
          "Store credit",
          withNote([
            `Your store credit for return ${current.number} is ${formatRupees(toRupees(current.amount))}: use the code ${code} at checkout. What an order does not use stays on the code.`,
          ]),
          staff,
          now,
        );
        await audit(
          trx,
          { status: "closed", outcome: "credited", code, amount: toRupees(current.amount) },
          now,
        );
      },
      deps.onCatalogueChanged,
    );
    told();
  }

  return {
    /** Moves a return on with one action; answers the return as staff see it now. */
    async act(actor: AuditActor, id: number, action: AdminReturnAction): Promise<AdminReturnView> {
      const row = await returns.byId(id);
      if (!row) throw new NotFound(RETURN_MESSAGES.returnNotFound);
      const order = await returns.orderOf(row.order_id);
      if (!order) throw new NotFound(RETURN_MESSAGES.returnNotFound);
      const staff = actor.email.toLowerCase();
      const note = action.note;
      const withNote = (lines: string[]) => (note ? [...lines, `Note from the shop: ${note}`] : lines);
      const audit = (trx: Db, after: Record<string, unknown>, now: Date) =>
        recordAudit(
          trx as Kysely<Database>,
          {
            actor,
            action: `return.${action.action}`,
            entityType: "return",
            entityId: row.number,
            before: { status: row.status },
            after,
          },
          now,
        );

      switch (action.action) {
        case "approve":
          await approve(row, order, action, staff, withNote, audit);
          break;
        case "reject": {
          if (!note) throw ValidationFailed.field("note", RETURN_MESSAGES.rejectNote);
          await catalogueWrite(
            db,
            async (trx) => {
              const current = await locked(id, trx);
              if (current.status !== "requested" && current.status !== "approved") refuse(current);
              const now = clock();
              await returns.move(
                id,
                [current.status],
                {
                  status: "closed",
                  outcome: "rejected",
                  staff_note: note,
                  updated_at: now.toISOString(),
                  closed_at: now.toISOString(),
                },
                trx,
              );
              await releaseHolds(id, trx);
              await step(
                trx,
                order,
                current,
                "Rejected",
                [`We cannot accept your return ${current.number}.`, `The reason: ${note}`],
                staff,
                now,
              );
              await audit(trx, { status: "closed", outcome: "rejected", note }, now);
            },
            deps.onCatalogueChanged,
          );
          told();
          break;
        }
        case "in_transit": {
          await db.transaction().execute(async (trx) => {
            const current = await locked(id, trx);
            if (current.status !== "approved" || current.method === "pickup") refuse(current);
            const now = clock();
            await returns.move(
              id,
              ["approved"],
              {
                status: "in_transit",
                ...(action.consignment_number ? { consignment_number: action.consignment_number } : {}),
                ...(note ? { staff_note: note } : {}),
                updated_at: now.toISOString(),
              },
              trx,
            );
            await step(
              trx,
              order,
              current,
              "In transit",
              withNote([
                `Your return ${current.number} is on its way to us${action.consignment_number ? ` (${action.consignment_number})` : ""}.`,
              ]),
              staff,
              now,
            );
            await audit(trx, { status: "in_transit", consignment: action.consignment_number }, now);
          });
          told();
          break;
        }
        case "receive":
          await receive(row, order, action, staff, withNote, audit);
          break;
        case "settle":
          await settle(row, order, actor, action, staff, withNote, audit);
          break;
      }
      return adminView((await returns.byId(id))!);
    },
  };
}
