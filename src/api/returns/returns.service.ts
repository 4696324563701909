import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Kysely } from "kysely";
import sharp from "sharp";
import type { Database, Db, OrderRow, ReturnRow, Trx } from "../../platform/db/schema.ts";
import { MAX_INPUT_PIXELS } from "../../platform/images/render.ts";
import { inspectUpload } from "../../platform/images/uploads.ts";
import { privateKey } from "../../platform/storage/storage.ts";
import type {
  AdminReturnList,
  AdminReturnView,
  OrderReturns,
  ReturnReport,
  ReturnRequestInput,
  ReturnView,
} from "../../shared/contracts/returns.ts";
import {
  filterStatus,
  RETURN_FILTERS,
  RETURN_MESSAGES,
  RETURN_REASON_NAMES,
  RETURN_RESOLUTION_NAMES,
  RETURN_STANDING,
  RETURN_WINDOW_DAYS,
  type ReturnFilter,
  returnStatusName,
} from "../../shared/returns.ts";
import { catalogueWrite } from "../catalogue/catalogue-write.ts";
import { Conflict, NotFound, ValidationFailed } from "../errors.ts";
import { escapeHtml } from "../escape-html.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { enqueueOrderMessage } from "../messages/message-outbox.ts";
import { returnMessage } from "../messages/order-messages.ts";
import { toRupees } from "../money/money.ts";
import { isOrderAccessToken, type OrderAccess } from "../orders/order-access.ts";
import { inStockLockOrder, stockMoved } from "../orders/stock-order.ts";
import { pageMeta } from "../pagination.ts";
import { readOrderSettings } from "../settings/shop-settings.ts";
import { type ReturnsDeps, returnHandling } from "./return-handling.ts";

export type { ReturnsDeps };

/**
 * Returns and exchanges (docs/decisions/0054-returns.md). The rules live here once:
 *
 * - A return is asked for on a delivered order, within the owner's window from its delivery, for items not sold
 *   as final sale and not already in another request (rejected requests give their items back). The order's row
 *   is locked while a request is written, so two requests at once cannot both take the last of an item.
 * - An exchange holds the new variant's stock from the request (taken as checkout takes it); a rejected request
 *   gives it back, once; the replacement order ships it.
 * - Receipt records each item's condition; a restocked item's stock comes back once (the item's `restocked_at`
 *   is set by one conditional update, under the return's row lock), however many staff press the button.
 * - Settling is claimed first (received → closed in one conditional update), so two staff cannot refund twice.
 * - Every step adds a line to the return's timeline and mails and texts the shopper.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const PER_PAGE = 25;
const REPORT_PRODUCTS = 50;

/** The part of `lineTotal` (paisa) that `quantity` of `bought` units refund, after the order's discount share. */
export function returnValue(
  line: { line_total: number; quantity: number },
  order: { subtotal: number; discount: number },
  quantity: number,
): number {
  const subtotal = BigInt(Math.max(order.subtotal, 0));
  if (subtotal === 0n || line.quantity <= 0) return 0;
  const paid = subtotal - BigInt(Math.min(Math.max(order.discount, 0), order.subtotal));
  // Floor, so the parts of one line returned in several requests never add up to more than the line.
  return Number((BigInt(line.line_total) * paid * BigInt(quantity)) / (subtotal * BigInt(line.quantity)));
}

export function returnsService(deps: ReturnsDeps) {
  const { db, orders, returns, couriers } = deps;
  const clock = deps.clock ?? (() => new Date());
  const sendTo = `${deps.shipFrom.name}, ${deps.shipFrom.address}, ${deps.shipFrom.city} (${deps.shipFrom.phone})`;

  async function orderFor(number: string, access: OrderAccess): Promise<OrderRow> {
    const row = await orders.findByNumber(number.toUpperCase());
    const allowed =
      row &&
      ((row.user_id !== null && access.userId === row.user_id) ||
        (access.token !== undefined && isOrderAccessToken(row.number, access.token, deps.secret)));
    if (!row || !allowed) throw new NotFound(RETURN_MESSAGES.notFound);
    return row;
  }

  /** Whether the order may be returned now, and until when; the refusal's sentence otherwise. */
  async function window(order: OrderRow, trx: Db = db) {
    const settings = await readOrderSettings(trx);
    const days = settings.return_window_days ?? RETURN_WINDOW_DAYS;
    if (order.status !== "delivered")
      return { open: false, endsAt: null, refusal: RETURN_MESSAGES.notDelivered };
    const delivered = (await returns.deliveredAt(order.id, trx)) ?? order.created_at;
    const endsAt = new Date(new Date(delivered).getTime() + days * DAY_MS);
    const open = days > 0 && clock() < endsAt;
    return {
      open,
      endsAt: endsAt.toISOString(),
      refusal: open ? null : RETURN_MESSAGES.windowClosed(days),
    };
  }

  type Loaded = Awaited<ReturnType<typeof load>>;

  /** Everything the views need of these returns, read once. */
  async function load(rows: ReturnRow[], trx: Db = db) {
    const ids = rows.map((row) => row.id);
    const [items, events, photos] = await Promise.all([
      returns.itemsOf(ids, trx),
      returns.events(ids, trx),
      returns.photos(ids, trx),
    ]);
    return { items, events, photos };
  }

  async function view(
    row: ReturnRow,
    orderNumber: string,
    loaded: Loaded,
    trx: Db = db,
  ): Promise<ReturnView> {
    const [refund, replacement, credit] = await Promise.all([
      row.refund_id === null ? undefined : returns.refund(row.refund_id, trx),
      row.replacement_order_id === null ? null : returns.orderNumberOf(row.replacement_order_id, trx),
      row.credit_coupon_id === null ? undefined : returns.coupon(row.credit_coupon_id, trx),
    ]);
    return {
      id: row.id,
      number: row.number,
      order_number: orderNumber,
      status: row.status,
      status_name: returnStatusName(row.status, row.outcome),
      outcome: row.outcome,
      resolution: row.resolution,
      resolution_name: RETURN_RESOLUTION_NAMES[row.resolution],
      reason: row.reason,
      reason_name: RETURN_REASON_NAMES[row.reason],
      reason_text: row.reason_text,
      method: row.method,
      courier_name: row.courier ? couriers.name(row.courier) : null,
      consignment_number: row.consignment_number,
      tracking_url: row.tracking_url,
      send_to: row.method === "drop_off" || row.method === "in_store" ? sendTo : null,
      staff_note: row.staff_note,
      amount: toRupees(row.amount),
      items: loaded.items
        .filter((item) => item.return_id === row.id)
        .map((item) => ({
          id: item.id,
          order_item_id: item.order_item_id,
          product_name: item.product_name,
          product_slug: item.product_slug,
          color_name: item.color_name,
          size_name: item.size_name,
          quantity: item.quantity,
          amount: toRupees(item.amount),
          exchange:
            item.exchange_variant_id === null
              ? null
              : {
                  variant_id: item.exchange_variant_id,
                  color_name: item.exchange_color_name ?? "",
                  size_name: item.exchange_size_name ?? "",
                },
          condition: item.condition,
        })),
      photos: loaded.photos.filter((photo) => photo.return_id === row.id).length,
      refund: refund ? { amount: toRupees(Number(refund.amount)), reference: refund.reference } : null,
      replacement_order_number: replacement,
      credit: credit ? { code: credit.code, balance: toRupees(Number(credit.value)) } : null,
      timeline: loaded.events
        .filter((event) => event.return_id === row.id)
        .map((event) => ({ status: event.status, message: event.message, created_at: event.created_at })),
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  /** Adds a step to the timeline and tells the shopper by mail and text, in the transaction of the step. */
  async function step(
    trx: Db,
    order: OrderRow,
    ret: Pick<ReturnRow, "id" | "number">,
    status: string,
    lines: string[],
    actor: string,
    now: Date,
  ) {
    const message = lines.join(" ");
    await returns.addEvent(
      { return_id: ret.id, status, message, actor_email: actor, created_at: now.toISOString() },
      trx,
    );
    const link = `${deps.publicUrl}/${order.user_id === null ? "order-lookup" : `account/orders/${order.number}`}`;
    await enqueueMail(
      trx as Kysely<Database>,
      {
        to: order.email,
        subject: `Your return ${ret.number}: ${status}`,
        text: [`Hi ${order.first_name},`, "", ...lines, "", `See where it stands: ${link}`].join("\n"),
        html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c1917;max-width:560px;margin:auto"><p>Hi ${escapeHtml(order.first_name)},</p>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("")}<p><a href="${escapeHtml(link)}">See where your return stands</a></p></body></html>`,
        reference: order.number,
      },
      now,
    );
    if (deps.messaging) {
      await enqueueOrderMessage(
        trx as Kysely<Database>,
        deps.messaging,
        { phone: order.phone, order: order.number },
        returnMessage(ret.number, status, lines[0] ?? ""),
        now,
      );
    }
  }

  function told() {
    deps.onMailQueued?.();
    deps.messaging?.onQueued?.();
  }

  /** Re-encodes each photo (upright, at most 1600 px, metadata such as the place it was taken dropped). */
  async function storePhotos(photos: readonly File[]): Promise<{ file: string; size: number }[]> {
    const checked: Buffer[] = [];
    for (const photo of photos) {
      const bytes = Buffer.from(await photo.arrayBuffer());
      const inspected = await inspectUpload(bytes);
      if (!inspected.ok && inspected.problem === "format") {
        throw ValidationFailed.field("photos", RETURN_MESSAGES.photoType);
      }
      checked.push(bytes);
    }
    const stored: { file: string; size: number }[] = [];
    try {
      for (const bytes of checked) {
        const data = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize(1600, 1600, { fit: "inside", withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer();
        const file = `${randomBytes(16).toString("hex")}.webp`;
        await deps.storage.put(privateKey("return-photos", file), data, "image/webp");
        stored.push({ file, size: data.byteLength });
      }
    } catch (error) {
      await removePhotos(stored);
      throw error;
    }
    return stored;
  }

  const removePhotos = (stored: { file: string }[]) =>
    Promise.all(stored.map(({ file }) => deps.storage.delete(privateKey("return-photos", file))));

  /** What the shopper may still return: each line's quantity left and the variants an exchange may take. */
  async function returnable(order: OrderRow, trx: Db = db) {
    const lines = await orders.itemsFor([order.id], trx);
    const productIds = [...new Set(lines.map((line) => line.product_id))];
    const [taken, finalSale, variants] = await Promise.all([
      returns.quantitiesInReturns(order.id, trx),
      returns.finalSale(productIds, trx),
      returns.variantsOf(productIds, trx),
    ]);
    return lines.map((line) => ({
      line,
      finalSale: finalSale.has(line.product_id),
      left: finalSale.has(line.product_id) ? 0 : Math.max(line.quantity - (taken.get(line.id) ?? 0), 0),
      variants: variants.filter(
        (variant) => variant.product_id === line.product_id && variant.id !== line.variant_id,
      ),
    }));
  }

  async function adminView(row: ReturnRow, trx: Db = db): Promise<AdminReturnView> {
    const order = await returns.orderOf(row.order_id, trx);
    if (!order) throw new NotFound(RETURN_MESSAGES.returnNotFound);
    const loaded = await load([row], trx);
    const base = await view(row, order.number, loaded, trx);
    return {
      ...base,
      order: {
        number: order.number,
        status: order.status,
        payment_method: order.payment_method,
        payment_status: order.payment_status,
        customer: `${order.first_name} ${order.last_name}`.trim(),
        email: order.email,
        phone: order.phone,
        city: order.city,
      },
      photo_ids: loaded.photos.map((photo) => photo.id),
      refund_through: row.resolution === "refund" ? await deps.payments.refundThrough(order) : null,
      events: loaded.events.map((event) => ({
        status: event.status,
        message: event.message,
        actor_email: event.actor_email,
        created_at: event.created_at,
      })),
      actions: actionsFor(row),
    };
  }

  function actionsFor(row: ReturnRow): AdminReturnView["actions"] {
    switch (row.status) {
      case "requested":
        return ["approve", "reject"];
      case "approved":
        return row.method === "pickup" ? ["receive", "reject"] : ["in_transit", "receive", "reject"];
      case "in_transit":
        return ["receive"];
      case "received":
        return ["settle"];
      default:
        return [];
    }
  }

  async function locked(id: number, trx: Db): Promise<ReturnRow> {
    const row = await returns.lock(id, trx);
    if (!row) throw new NotFound(RETURN_MESSAGES.returnNotFound);
    return row;
  }

  function refuse(row: ReturnRow): never {
    throw new Conflict(RETURN_MESSAGES.notNow(RETURN_STANDING[row.status]));
  }

  /** Gives an exchange's held stock back, once per item. */
  async function releaseHolds(returnId: number, trx: Trx): Promise<boolean> {
    const items = inStockLockOrder(
      (await returns.itemsOf([returnId], trx))
        .filter((item) => item.exchange_held === 1 && item.exchange_variant_id !== null)
        .map((item) => ({ ...item, variant_id: item.exchange_variant_id! })),
    );
    const moved: number[] = [];
    const backInStock: number[] = [];
    for (const item of items) {
      if (await returns.releaseHold(item.id, trx)) {
        const stock = await orders.returnStock(item.variant_id, item.quantity, trx);
        moved.push(item.product_id);
        if (stock === item.quantity) backInStock.push(item.product_id);
      }
    }
    await stockMoved(trx, moved, backInStock);
    return moved.length > 0;
  }

  const handling = returnHandling(deps, {
    clock,
    sendTo,
    locked,
    refuse,
    step,
    told,
    releaseHolds,
    adminView,
  });

  return {
    /** An order's returns and what may still be asked for. */
    async overview(number: string, access: OrderAccess): Promise<OrderReturns> {
      const order = await orderFor(number, access);
      const [state, lines, rows] = await Promise.all([
        window(order),
        returnable(order),
        returns.forOrder(order.id),
      ]);
      const loaded = await load(rows);
      const views = await Promise.all(rows.map((row) => view(row, order.number, loaded)));
      const anyLeft = lines.some((line) => line.left > 0);
      return {
        order_number: order.number,
        returns: views,
        can_request: state.open && anyLeft,
        refusal:
          state.refusal ??
          (anyLeft
            ? null
            : lines.every((line) => line.finalSale)
              ? RETURN_MESSAGES.allFinalSale
              : RETURN_MESSAGES.allRequested),
        window_ends_at: state.endsAt,
        items: lines.map(({ line, finalSale, left, variants }) => ({
          order_item_id: line.id,
          product_name: line.product_name,
          product_slug: line.product_slug,
          color_name: line.color_name,
          size_name: line.size_name,
          bought: line.quantity,
          returnable: left,
          final_sale: finalSale,
          unit_amount: toRupees(returnValue(line, order, 1)),
          exchange_options: variants.map((variant) => ({
            variant_id: variant.id,
            color_name: variant.color_name,
            size_name: variant.size_name,
            in_stock: variant.stock > 0,
          })),
        })),
      };
    },

    /**
     * Asks for a return: checked whole before anything is stored (window, lines, quantities left, final sale,
     * exchange variants and their stock, photos), then written in one transaction under the order's row lock.
     */
    async request(number: string, access: OrderAccess, input: ReturnRequestInput): Promise<ReturnView> {
      const found = await orderFor(number, access);
      if (input.reason === "other" && input.reason_text === "") {
        throw ValidationFailed.field("reason_text", RETURN_MESSAGES.reasonText);
      }
      const exchange = input.resolution === "exchange";
      for (const item of input.items) {
        if (!exchange && item.exchange_variant_id) {
          throw ValidationFailed.field("items", RETURN_MESSAGES.exchangeOnly);
        }
      }
      const state = await window(found);
      if (!state.open) throw new Conflict(state.refusal ?? RETURN_MESSAGES.notDelivered);
      const photos = await storePhotos(input.photos);
      const now = clock();
      let stored = false;
      try {
        const created = await catalogueWrite(
          db,
          async (trx) => {
            const order = await orders.lockByNumber(found.number, trx);
            if (!order) throw new NotFound(RETURN_MESSAGES.notFound);
            const again = await window(order, trx);
            if (!again.open) throw new Conflict(again.refusal ?? RETURN_MESSAGES.notDelivered);
            const lines = await returnable(order, trx);
            const wanted = new Map<number, number>();
            for (const item of input.items) {
              wanted.set(item.order_item_id, (wanted.get(item.order_item_id) ?? 0) + item.quantity);
            }
            const items = [];
            for (const item of input.items) {
              const line = lines.find((each) => each.line.id === item.order_item_id);
              if (!line) throw ValidationFailed.field("items", RETURN_MESSAGES.itemUnknown);
              const name = line.line.product_name;
              if (line.finalSale) throw ValidationFailed.field("items", RETURN_MESSAGES.finalSale(name));
              if ((wanted.get(line.line.id) ?? 0) > line.left) {
                throw new Conflict(RETURN_MESSAGES.tooMany(name, line.left));
              }
              let exchangeVariant: number | null = null;
              if (exchange) {
                if (!item.exchange_variant_id) {
                  throw ValidationFailed.field("items", RETURN_MESSAGES.exchangeMissing(name));
                }
                if (item.exchange_variant_id === line.line.variant_id) {
                  throw ValidationFailed.field("items", RETURN_MESSAGES.exchangeSame(name));
                }
                if (!line.variants.some((variant) => variant.id === item.exchange_variant_id)) {
                  throw ValidationFailed.field("items", RETURN_MESSAGES.exchangeOther);
                }
                exchangeVariant = item.exchange_variant_id;
              }
              items.push({
                order_item_id: line.line.id,
                product_id: line.line.product_id,
                variant_id: line.line.variant_id,
                quantity: item.quantity,
                amount: returnValue(line.line, order, item.quantity),
                exchange_variant_id: exchangeVariant,
                exchange_held: exchangeVariant === null ? 0 : 1,
                name,
              });
            }
            // An exchange's new size or colour is held now, as checkout takes stock: variants in ascending id.
            const holds = inStockLockOrder(
              items
                .filter((item) => item.exchange_variant_id !== null)
                .map((item) => ({ ...item, variant_id: item.exchange_variant_id! })),
            );
            const soldOut: number[] = [];
            for (const hold of holds) {
              const left = await orders.takeStock(hold.variant_id, hold.quantity, trx);
              if (left === null) throw new Conflict(RETURN_MESSAGES.exchangeSoldOut(hold.name));
              if (left === 0) soldOut.push(hold.product_id);
            }
            await stockMoved(
              trx,
              holds.map((hold) => hold.product_id),
              soldOut,
            );
            const count = await returns.countForOrder(order.id, trx);
            const amount = items.reduce((sum, item) => sum + item.amount, 0);
            const at = now.toISOString();
            const values = {
              number: `${order.number}-R${count + 1}`,
              order_id: order.id,
              status: "requested" as const,
              outcome: null,
              resolution: input.resolution,
              reason: input.reason,
              reason_text: input.reason_text,
              method: null,
              courier: null,
              consignment_number: null,
              tracking_url: null,
              staff_note: "",
              amount,
              refund_id: null,
              replacement_order_id: null,
              credit_coupon_id: null,
              created_at: at,
              updated_at: at,
              closed_at: null,
            };
            const id = await returns.insert(
              values,
              items.map(({ name: _name, ...item }) => item),
              trx,
            );
            for (const photo of photos) {
              await returns.addPhoto(
                { return_id: id, file: photo.file, size: photo.size, created_at: at },
                trx,
              );
            }
            await step(
              trx,
              order,
              { id, number: values.number },
              "Requested",
              [
                `We have your request ${values.number} to return ${items.reduce((sum, item) => sum + item.quantity, 0)} item(s) of your order ${order.number} (${RETURN_RESOLUTION_NAMES[input.resolution].toLowerCase()}).`,
                "We will let you know within two working days how to send it back.",
              ],
              order.email,
              now,
            );
            return { id, order };
          },
          deps.onCatalogueChanged,
        );
        stored = true;
        told();
        const row = (await returns.byId(created.id))!;
        return view(row, created.order.number, await load([row]));
      } finally {
        if (!stored) await removePhotos(photos);
      }
    },

    async adminList(filter: ReturnFilter | undefined, page: number): Promise<AdminReturnList> {
      const status = filter ? filterStatus(filter) : undefined;
      const [rows, counts] = await Promise.all([
        returns.page(status, PER_PAGE, (page - 1) * PER_PAGE),
        returns.countsByStatus(),
      ]);
      const total = status ? (counts.get(status) ?? 0) : [...counts.values()].reduce((a, b) => a + b, 0);
      return {
        data: rows.map((row) => ({
          id: row.id,
          number: row.number,
          order_number: row.order_number,
          customer: `${row.first_name} ${row.last_name}`.trim(),
          status: row.status,
          status_name: returnStatusName(row.status, row.outcome),
          outcome: row.outcome,
          resolution: row.resolution,
          reason_name: RETURN_REASON_NAMES[row.reason],
          items: Number(row.items ?? 0),
          amount: toRupees(Number(row.amount)),
          created_at: row.created_at,
        })),
        meta: pageMeta(page, PER_PAGE, rows.length, total),
        counts: Object.fromEntries(
          RETURN_FILTERS.map((each) => [each, counts.get(filterStatus(each)) ?? 0]),
        ) as AdminReturnList["counts"],
      };
    },

    async adminGet(id: number): Promise<AdminReturnView> {
      const row = await returns.byId(id);
      if (!row) throw new NotFound(RETURN_MESSAGES.returnNotFound);
      return adminView(row);
    },

    /** A photo's bytes for staff. */
    async photo(id: number, photoId: number): Promise<Uint8Array> {
      const photo = (await returns.photos([id])).find((each) => each.id === photoId);
      if (!photo) throw new NotFound("Photo not found.");
      const bytes = await deps.storage.read(privateKey("return-photos", path.basename(photo.file)));
      if (!bytes) throw new NotFound("Photo not found.");
      return bytes;
    },

    /** Moves a return on (approve, reject, in transit, receive, settle): return-handling.ts. */
    act: handling.act,

    async report(months: number): Promise<ReturnReport> {
      const since = new Date(clock().getTime());
      since.setUTCMonth(since.getUTCMonth() - months);
      const from = since.toISOString();
      const returned = await returns.returnedByProduct(from, REPORT_PRODUCTS);
      const [sold, reasons, refunded] = await Promise.all([
        returns.soldOf(
          returned.map((row) => row.product_id),
          from,
        ),
        returns.returnedByReason(from),
        returns.refundedByMonth(from),
      ]);
      const soldBy = new Map(sold.map((row) => [row.product_id, row]));
      return {
        since: from,
        by_product: returned.map((row) => {
          const product = soldBy.get(row.product_id);
          const units = Number(product?.sold ?? 0);
          const back = Number(row.returned);
          const wrongSize = Number(row.wrong_size ?? 0);
          return {
            product_id: row.product_id,
            product_name: String(product?.product_name ?? `Product ${row.product_id}`),
            product_slug: String(product?.product_slug ?? ""),
            sold: units,
            returned: back,
            return_rate: units > 0 ? Math.min(back / units, 1) : 0,
            wrong_size: wrongSize,
            wrong_size_rate: units > 0 ? Math.min(wrongSize / units, 1) : 0,
          };
        }),
        by_reason: reasons
          .map((row) => ({
            reason: row.reason,
            name: RETURN_REASON_NAMES[row.reason],
            items: Number(row.items),
          }))
          .sort((a, b) => b.items - a.items),
        refunded_by_month: refunded.map((row) => ({
          month: row.month,
          amount: toRupees(Number(row.amount)),
          returns: Number(row.returns),
        })),
      };
    },
  };
}

export type ReturnsService = ReturnType<typeof returnsService>;
