import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { ShipFrom } from "../../platform/config.ts";
import type { Database, OrderRow, ShipmentRow, Trx } from "../../platform/db/schema.ts";
import type {
  BookingResult,
  BookShipmentsAnswer,
  BookShipmentsInput,
  CouriersAnswer,
} from "../../shared/contracts/shipments.ts";
import {
  type CourierId,
  canMoveShipment,
  isFinalShipmentStatus,
  SHIPMENT_STATUSES,
  type ShipmentStatus,
} from "../../shared/shipment-status.ts";
import { type AuditActor, recordAudit } from "../admin/audit.ts";
import { type CatalogueListener, catalogueWrite } from "../catalogue/catalogue-write.ts";
import { NotFound, Unauthorized, ValidationFailed } from "../errors.ts";
import type { OrdersRepository } from "../orders/orders.repository.ts";
import { type AirwayBill, airwayBillsPdf } from "./airway-bills.ts";
import { type Courier, CourierError, type ParcelRequest, type TrackingEvent } from "./courier.ts";
import type { CourierRegistry } from "./couriers.ts";
import type { ShipmentsRepository } from "./shipments.repository.ts";
import { verifyPush } from "./webhook.ts";

/**
 * Orders handed to couriers (docs/decisions/0045-couriers.md): bulk booking, airway bills, and the one place a
 * shipment's status changes (`applyShipmentStatus`), which the tracking worker's polls and the couriers' pushes
 * both call.
 */

/** Told, in the transaction that moved a shipment, where the order's parcel now is (the order side moves the order). */
export type OnShipmentStatus = (
  trx: Trx,
  change: { orderId: number; orderNumber: string; status: ShipmentStatus },
) => Promise<void>;

/** Grams per piece when the shop has no weights: what the couriers' tariffs start from. */
const GRAMS_PER_PIECE = 500;
/** A reservation with no answer for this long is taken over by a retry (longer than any courier call). */
const STUCK_AFTER_MS = 2 * 60_000;

export const NOT_BOOKABLE = (number: string, status: string) =>
  `Order ${number} is ${status}: only an order being processed can be booked with a courier.`;
export const BEING_BOOKED = (number: string) =>
  `Order ${number} is being booked by someone else right now; its answer will show in a moment.`;
export const NO_ORDER = (number: string) => `There is no order ${number}.`;

interface ShipmentsDeps {
  db: Kysely<Database>;
  repository: ShipmentsRepository;
  /** Its `lockByNumber` is the order's lock: two bookings of one order queue there, as two status changes do. */
  orders: OrdersRepository;
  couriers: CourierRegistry;
  shipFrom: ShipFrom;
  logger: Pick<Logger, "warn" | "info">;
  onShipmentStatus?: OnShipmentStatus | undefined;
  /** Told after a commit that changed what pages show (stock back from a returned parcel). */
  onCatalogueChanged?: CatalogueListener | undefined;
}

const noHook: OnShipmentStatus = async () => {};

/** The first step of booking an order: its answer already, or the reserved row to book with the courier. */
type Step = { answer: BookingResult } | { order: OrderRow; shipment: ShipmentRow; retry: boolean };

export function shipmentsService({
  db,
  repository,
  orders,
  couriers,
  shipFrom,
  logger,
  onShipmentStatus = noHook,
  onCatalogueChanged,
}: ShipmentsDeps) {
  // A `catalogueWrite`: a parcel back at the shop puts its stock back on sale (the order side's `moveOrder`).
  const transaction = <T>(work: (trx: Trx) => Promise<T>) => catalogueWrite(db, work, onCatalogueChanged);

  /**
   * THE one place a shipment's status changes, for polls and pushes alike: the event is stored once (a push
   * repeated or racing a poll finds it there and changes nothing), and the shipment moves when the shared table
   * allows it (never backwards: a late push of an older status is kept as history only). Then, in the same
   * transaction, `onShipmentStatus` tells the order side. `shipment` should be locked by the caller.
   */
  async function applyShipmentStatus(
    trx: Trx,
    shipment: Pick<ShipmentRow, "id" | "order_id" | "status">,
    status: ShipmentStatus | null,
    event: TrackingEvent,
  ): Promise<boolean> {
    const now = new Date();
    const fresh = await repository.addEvent(
      {
        shipment_id: shipment.id,
        status: status ?? shipment.status,
        courier_status: event.courierStatus,
        description: event.description,
        location: event.location,
        happened_at: event.happenedAt,
        received_at: now.toISOString(),
      },
      trx,
    );
    if (!fresh || status === null || !canMoveShipment(shipment.status, status)) return false;
    await repository.setStatus(shipment.id, status, now.toISOString(), trx);
    await onShipmentStatus(trx, {
      orderId: shipment.order_id,
      orderNumber: await repository.orderNumber(shipment.order_id, trx),
      status,
    });
    return true;
  }

  async function parcelFor(
    order: OrderRow,
    reference: string,
    input: BookShipmentsInput,
  ): Promise<ParcelRequest> {
    const items = await orders.itemsFor([order.id]);
    const pieces = items.reduce((sum, item) => sum + item.quantity, 0);
    return {
      reference,
      orderNumber: order.number,
      codAmount: order.total,
      pieces: Math.max(pieces, 1),
      weight: Math.max(pieces, 1) * GRAMS_PER_PIECE,
      description: items
        .map((item) => `${item.quantity} x ${item.product_name} (${item.color_name}, ${item.size_name})`)
        .join("; ")
        .slice(0, 250),
      consignee: {
        name: `${order.first_name} ${order.last_name}`.trim(),
        phone: order.phone,
        email: order.email,
        address: [order.address, order.address_2].filter(Boolean).join(", "),
        city: order.city,
      },
      ...(input.consignment_number
        ? { manual: { consignmentNumber: input.consignment_number, trackingUrl: input.tracking_url ?? null } }
        : {}),
    };
  }

  const booked = (number: string, shipment: ShipmentRow, already: boolean): BookingResult => ({
    order: number,
    outcome: "booked",
    courier: shipment.courier as CourierId,
    consignment_number: shipment.consignment_number ?? "",
    tracking_url: shipment.tracking_url,
    already_booked: already,
  });
  const failed = (number: string, message: string): BookingResult => ({
    order: number,
    outcome: "failed",
    message,
  });

  /**
   * One order: (1) in a transaction, lock the order and reserve its shipment row (or find the one it has); (2) call
   * the courier outside any transaction; (3) confirm the row with the consignment, its first event and the audit
   * entry. A retry of a reservation whose answer was lost asks the courier for the booking under its key first.
   */
  async function bookOne(actor: AuditActor, courier: Courier, number: string, input: BookShipmentsInput) {
    const now = new Date();
    const step = await transaction<Step>(async (trx) => {
      const order = await orders.lockByNumber(number, trx);
      if (!order) return { answer: failed(number, NO_ORDER(number)) };
      const live = await repository.liveShipment(order.id, trx);
      if (live && live.status !== "booking") {
        return {
          answer:
            live.courier === courier.id
              ? booked(number, live, true)
              : failed(
                  number,
                  `Order ${number} is already booked with ${couriers.name(live.courier)} (${live.consignment_number}).`,
                ),
        };
      }
      if (live) {
        if (live.courier !== courier.id) {
          return {
            answer: failed(number, `Order ${number} is being booked with ${couriers.name(live.courier)}.`),
          };
        }
        const stuck = new Date(now.getTime() - STUCK_AFTER_MS).toISOString();
        const taken = await repository.takeOver(live.id, now.toISOString(), stuck, trx);
        if (!taken) return { answer: failed(number, BEING_BOOKED(number)) };
        return { order, shipment: taken, retry: true };
      }
      if (order.status !== "processing")
        return { answer: failed(number, NOT_BOOKABLE(number, order.status)) };
      const attempts = await repository.attempts(order.id, courier.id, trx);
      const key = attempts === 0 ? `${number}-${courier.id}` : `${number}-${courier.id}-${attempts + 1}`;
      const shipment = await repository.reserve(
        {
          order_id: order.id,
          courier: courier.id,
          consignment_number: null,
          tracking_url: null,
          status: "booking",
          cod_amount: order.total,
          idempotency_key: key,
          booked_by: actor.email,
          booked_at: null,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
          cancelled_at: null,
          last_error: null,
        },
        trx,
      );
      return { order, shipment, retry: false };
    });
    if ("answer" in step) return step.answer;
    const { order, shipment, retry } = step;

    let booking: Awaited<ReturnType<Courier["book"]>>;
    try {
      const parcel = await parcelFor(order, shipment.idempotency_key, input);
      booking =
        (retry ? await courier.findBooking(shipment.idempotency_key, new Date(shipment.created_at)) : null) ??
        (await courier.book(parcel));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const at = new Date().toISOString();
      if (error instanceof CourierError && !error.unsure) {
        await repository.close(shipment.id, message, at);
        return failed(number, message);
      }
      if (!(error instanceof CourierError))
        logger.warn({ err: error, order: number }, "courier booking failed");
      await repository.noteUnsure(shipment.id, message, at);
      return failed(
        number,
        `${message} It may have been booked all the same: book it again and ${courier.name} is asked first, so it is not booked twice.`,
      );
    }

    const at = new Date();
    const confirmed = await transaction(async (trx) => {
      const row = await repository.confirm(
        shipment.id,
        {
          consignment_number: booking.consignmentNumber,
          tracking_url: booking.trackingUrl,
          at: at.toISOString(),
        },
        trx,
      );
      await repository.addEvent(
        {
          shipment_id: row.id,
          status: "booked",
          courier_status: "booked",
          description: `Booked with ${courier.name} by ${actor.email}`,
          location: "",
          happened_at: at.toISOString(),
          received_at: at.toISOString(),
        },
        trx,
      );
      await recordAudit(
        trx,
        {
          actor,
          action: "shipment.book",
          entityType: "order",
          entityId: number,
          after: {
            courier: courier.id,
            consignment_number: booking.consignmentNumber,
            tracking_url: booking.trackingUrl,
            cod_amount: order.total,
            idempotency_key: shipment.idempotency_key,
          },
        },
        at,
      );
      await onShipmentStatus(trx, { orderId: order.id, orderNumber: number, status: "booked" });
      return row;
    });
    return booked(number, confirmed, false);
  }

  /** Asks the courier for a shipment's news and applies each new event, oldest first, in one transaction. */
  async function trackOne(shipment: { id: number; courier: string; consignment_number: string | null }) {
    const courier = couriers.get(shipment.courier);
    if (!courier || !shipment.consignment_number) return 0;
    const events = await courier.track(shipment.consignment_number);
    return transaction(async (trx) => {
      let moved = 0;
      for (const event of events) {
        const current = await repository.lockShipment(shipment.id, trx);
        if (!current) return moved;
        if (await applyShipmentStatus(trx, current, event.status, event)) moved += 1;
      }
      return moved;
    });
  }

  return {
    couriers(): CouriersAnswer {
      return {
        data: couriers.offered().map((courier) => ({
          id: courier.id,
          name: courier.name,
          needs_consignment_number: courier.id === "own",
          simulated: courier.id !== "own" && couriers.simulated,
        })),
      };
    },

    /** Books each order on its own, one after another: a failure is that order's answer, never the batch's. */
    async book(actor: AuditActor, input: BookShipmentsInput): Promise<BookShipmentsAnswer> {
      const courier = couriers.get(input.courier);
      const results: BookingResult[] = [];
      for (const number of [...new Set(input.orders)]) {
        if (!courier) {
          results.push(failed(number, `${couriers.name(input.courier)} is not set up for this shop.`));
          continue;
        }
        try {
          results.push(await bookOne(actor, courier, number, input));
        } catch (error) {
          logger.warn({ err: error, order: number }, "booking an order failed");
          results.push(failed(number, "Booking this order failed on our side; please try again."));
        }
      }
      return { results };
    },

    /** The airway bills of these orders, one PDF; every order must have been booked. */
    async labels(numbers: string[]): Promise<Uint8Array> {
      const rows = await repository.forLabels(numbers);
      const byNumber = new Map(rows.map((row) => [row.number, row]));
      const missing = numbers.filter((number) => !byNumber.has(number));
      if (missing.length > 0) throw new NotFound(`No order ${missing.join(", ")}.`);
      const unbooked = rows.filter((row) => !row.consignment_number || row.shipment_status === "booking");
      if (unbooked.length > 0) {
        throw ValidationFailed.field(
          "orders",
          `Not booked with a courier yet: ${unbooked.map((row) => row.number).join(", ")}.`,
        );
      }
      const items = await orders.itemsFor(rows.map((row) => row.id));
      const bills: AirwayBill[] = numbers.map((number) => {
        const row = byNumber.get(number)!;
        return {
          orderNumber: number,
          courierName: couriers.name(row.courier ?? "own"),
          consignmentNumber: row.consignment_number ?? "",
          codAmount: row.cod_amount ?? row.total,
          consignee: {
            name: `${row.first_name} ${row.last_name}`.trim(),
            address: [row.address, row.address_2].filter(Boolean).join(", "),
            city: row.city,
            phone: row.phone,
          },
          items: items
            .filter((item) => item.order_id === row.id)
            .map((item) => ({
              name: `${item.product_name} (${item.color_name}, ${item.size_name})`,
              quantity: item.quantity,
            })),
        };
      });
      return airwayBillsPdf(bills, shipFrom);
    },

    /**
     * A courier's push: its signature checked against that courier's secret before anything is read (401 and
     * nothing changed otherwise), then applied like a poll's event. A push for a consignment the shop does not
     * know is answered `received: false` (the courier need not retry it).
     */
    async receivePush(courierId: string, rawBody: string, signature: string | undefined) {
      const courier = couriers.get(courierId);
      const secret = couriers.webhookSecret(courierId);
      if (!courier || !secret) throw new NotFound("No such courier webhook.");
      if (!verifyPush(secret, rawBody, signature))
        throw new Unauthorized("The push's signature is not valid.");
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = undefined;
      }
      const event = courier.readPush(body);
      if (!event) return { received: false };
      const known = await repository.byConsignment(courier.id, event.consignmentNumber);
      if (!known) return { received: false };
      await transaction(async (trx) => {
        const current = await repository.lockShipment(known.id, trx);
        if (current) await applyShipmentStatus(trx, current, event.status, event);
      });
      return { received: true };
    },

    applyShipmentStatus,

    /** One round of the tracking worker: every open shipment asked once; a courier's failure is logged, not fatal. */
    async pollOpen(limit = 500): Promise<{ asked: number; moved: number; failed: number }> {
      const finals = SHIPMENT_STATUSES.filter(isFinalShipmentStatus);
      const open = await repository.open(couriers.trackable(), finals, limit);
      let moved = 0;
      let failures = 0;
      for (const shipment of open) {
        try {
          moved += await trackOne(shipment);
        } catch (error) {
          failures += 1;
          logger.warn(
            { err: error, order: shipment.number, courier: shipment.courier },
            "tracking a shipment failed",
          );
        }
      }
      return { asked: open.length, moved, failed: failures };
    },
  };
}

export type ShipmentsService = ReturnType<typeof shipmentsService>;
