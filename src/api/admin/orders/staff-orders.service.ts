import type { Kysely } from "kysely";
import type { Database, Trx } from "../../../platform/db/schema.ts";
import {
  type AdminOrder,
  STAFF_ORDER_MESSAGES,
  type StaffOrderInput,
  type StaffOrderQuote,
  type StaffOrderQuoteInput,
} from "../../../shared/contracts/admin-orders.ts";
import { COUPON_MESSAGES } from "../../../shared/contracts/coupons.ts";
import { addressKey } from "../../../shared/order-risk.ts";
import { PHONE_NOT_PAKISTANI, toE164 } from "../../../shared/phone.ts";
import { LIVE_STATUS } from "../../../shared/product-status.ts";
import { saleNames } from "../../campaigns/campaigns.repository.ts";
import type { CartRepository } from "../../cart/cart.repository.ts";
import { type CatalogueListener, catalogueWrite } from "../../catalogue/catalogue-write.ts";
import { confirmationEmail } from "../../checkout/confirmation-email.ts";
import {
  freshOrderNumber,
  type OrderableLine,
  orderItems,
  orderMoney,
  takeOrderStock,
} from "../../checkout/order-record.ts";
import type { CouponsRepository } from "../../coupons/coupons.repository.ts";
import { deliveryNote, type OrderPricing } from "../../coupons/order-pricing.ts";
import { Conflict, ValidationFailed } from "../../errors.ts";
import {
  claimIdempotencyKey,
  type IdempotentRequest,
  requestHash,
  storeIdempotentAnswer,
} from "../../idempotency/idempotency.ts";
import { enqueueMail } from "../../mail/outbox.ts";
import { enqueueOrderMessage, type OrderMessaging } from "../../messages/message-outbox.ts";
import { orderPlacedMessage } from "../../messages/order-messages.ts";
import { toPaisa, toRupees } from "../../money/money.ts";
import { toOrder } from "../../orders/order-view.ts";
import type { OrdersRepository } from "../../orders/orders.repository.ts";
import { flagsAtCheckout } from "../../orders/risk.ts";
import { readOrderSettings } from "../../settings/shop-settings.ts";
import { type AuditActor, recordAudit } from "../audit.ts";
import type { BlocklistService } from "../blocklist/blocklist.service.ts";

/**
 * Orders staff enter for a shopper who bought by phone, WhatsApp, Instagram or in person (issue 35, item 7;
 * decision 0029, "Orders staff enter"). They are priced by the one pricing (`OrderPricing`: the money module with
 * the owner's delivery charges and the code) and take stock exactly as checkout does (`takeOrderStock` in
 * checkout/order-record.ts, in the same lock order and the same transaction as the order), so a manual order and
 * a shopper's checkout racing for the last unit never both get it.
 */

interface StaffOrdersDeps {
  db: Kysely<Database>;
  carts: CartRepository;
  orders: OrdersRepository;
  pricing: OrderPricing;
  coupons: CouponsRepository;
  blocklist: BlocklistService;
  /** The account with this email, if any: the order then shows in that shopper's order history. */
  accountIdByEmail: (email: string) => Promise<number | undefined>;
  /** The order as the back office shows it (admin-orders.service.ts). */
  orderView: (number: string) => Promise<AdminOrder>;
  publicUrl: string;
  onMailQueued?: (() => void) | undefined;
  messaging?: OrderMessaging | undefined;
  onCatalogueChanged?: CatalogueListener | undefined;
}

/** A line staff chose, read as checkout reads a cart's, with the quantity asked for. */
type ChosenLine = Awaited<ReturnType<CartRepository["variantLines"]>>[number] & { quantity: number };

/** What stops a line being ordered as it is, in staff's words; null when it can be. */
function lineProblem(line: ChosenLine): string | null {
  if (line.status !== LIVE_STATUS) return STAFF_ORDER_MESSAGES.notLive(line.title);
  if (line.stock <= 0) return "Out of stock.";
  if (line.stock < line.quantity) return `Only ${line.stock} left in stock.`;
  return null;
}

/** The refusal of a line whose stock ran short (also when another order took it first). */
function shortOf(line: Pick<OrderableLine, "title" | "color_name" | "size_name">, available: number) {
  const item = `${line.title} (${line.color_name}, ${line.size_name})`;
  return new Conflict(
    available > 0
      ? `Only ${available} of ${item} left in stock: change the quantity and enter the order again.`
      : `${item} is out of stock: take it off the order and enter it again.`,
  );
}

export function staffOrdersService(deps: StaffOrdersDeps) {
  const { db, carts, orders, pricing, coupons, blocklist } = deps;

  /** The chosen variants in the order staff listed them; one that does not exist is a 422 at `items`. */
  async function chosenLines(items: StaffOrderQuoteInput["items"], trx: Kysely<Database> = db) {
    const rows = await carts.variantLines(
      items.map((item) => item.variation_id),
      trx,
    );
    const byId = new Map(rows.map((row) => [row.variant_id, row]));
    return items.map((item): ChosenLine => {
      const row = byId.get(item.variation_id);
      if (!row) throw ValidationFailed.field("items", STAFF_ORDER_MESSAGES.unknownVariant(item.variation_id));
      return { ...row, quantity: item.quantity };
    });
  }

  return {
    /** The order's figures as it would be entered now (nothing is written or held): what staff tell the shopper. */
    async quote(input: StaffOrderQuoteInput): Promise<StaffOrderQuote> {
      const lines = await chosenLines(input.items);
      const phone = input.phone ? (toE164(input.phone) ?? null) : null;
      const priced = await pricing.price(db, lines, input.code || null, {
        city: input.city || undefined,
        customer: phone ? { userId: null, phone } : undefined,
      });
      const { summary } = priced;
      return {
        lines: lines.map((line, index) => ({
          variation_id: line.variant_id,
          product_id: line.product_id,
          slug: line.slug,
          name: line.title,
          color_name: line.color_name,
          size_name: line.size_name,
          price: toRupees(summary.lines[index]!.unitPrice),
          quantity: line.quantity,
          total: toRupees(summary.lines[index]!.lineTotal),
          stock: line.stock,
          problem: lineProblem(line),
        })),
        subtotal: toRupees(summary.subtotal),
        discount: toRupees(summary.discount),
        code: priced.coupon?.code ?? null,
        code_problem: priced.dropped
          ? STAFF_ORDER_MESSAGES.codeDropped(priced.dropped.code, priced.dropped.reason)
          : null,
        delivery_charges: toRupees(summary.delivery),
        delivery_note: deliveryNote(summary.deliveryReason),
        cod_fee: toRupees(summary.codFee),
        total: toRupees(summary.total),
      };
    },

    /**
     * Writes the order, takes its stock and queues its email (when the shopper gave one) and "order placed"
     * message in one transaction, as checkout does; any refusal rolls everything back. With an Idempotency-Key
     * (the form sends one) a double submission answers the first order and enters no second.
     */
    async enter(
      actor: AuditActor,
      input: StaffOrderInput,
      idempotencyKey?: string,
    ): Promise<{ order: AdminOrder; replayed: boolean }> {
      const phoneE164 = toE164(input.phone);
      if (phoneE164 === undefined) throw ValidationFailed.field("phone", PHONE_NOT_PAKISTANI);
      const email = input.email ?? "";
      const address = addressKey(input.shipping_address.address, input.shipping_address.city);
      const idempotent: IdempotentRequest | undefined = idempotencyKey
        ? { scope: `staff:${actor.id ?? actor.email}`, key: idempotencyKey, requestHash: requestHash(input) }
        : undefined;
      const userId = email ? ((await deps.accountIdByEmail(email)) ?? null) : null;

      const entered = await catalogueWrite(
        carts.transaction,
        async (trx: Trx): Promise<{ number: string; replayed: boolean }> => {
          const claim = idempotent ? await claimIdempotencyKey(trx, idempotent) : undefined;
          if (claim && "stored" in claim) {
            return { number: (claim.stored.body as { number: string }).number, replayed: true };
          }
          const lines = await chosenLines(input.items, trx);
          const withdrawn = lines.find((line) => line.status !== LIVE_STATUS);
          if (withdrawn) throw ValidationFailed.field("items", STAFF_ORDER_MESSAGES.notLive(withdrawn.title));
          const short = lines.find((line) => line.stock < line.quantity);
          if (short) throw shortOf(short, short.stock);

          const blocked = await blocklist.matching(
            { phone_e164: phoneE164, email, address_key: address },
            trx,
          );
          const refused = blocked.find((entry) => entry.kind !== "address");
          if (refused) throw ValidationFailed.field(refused.kind, STAFF_ORDER_MESSAGES.blocked);

          const now = new Date();
          const priced = await pricing.price(trx, lines, input.code || null, {
            now,
            city: input.shipping_address.city,
            customer: { userId, phone: phoneE164 },
          });
          if (priced.dropped) {
            throw ValidationFailed.field(
              "code",
              STAFF_ORDER_MESSAGES.codeDropped(priced.dropped.code, priced.dropped.reason),
            );
          }
          const { summary } = priced;
          const taken =
            priced.coupon === undefined ||
            (priced.coupon.credit === 1
              ? await coupons.spendCredit(priced.coupon.id, summary.discount, trx)
              : await coupons.takeUse(priced.coupon.id, trx));
          if (priced.coupon && !taken) {
            throw ValidationFailed.field(
              "code",
              STAFF_ORDER_MESSAGES.codeDropped(priced.coupon.code, COUPON_MESSAGES.usedUp),
            );
          }

          const number = await freshOrderNumber(orders, now, trx);
          const settings = await readOrderSettings(trx);
          const riskFlags = await flagsAtCheckout(
            trx,
            { phone_e164: phoneE164, address_key: address, total: summary.total },
            {
              now,
              highValuePaisa: toPaisa(settings.high_value_threshold),
              addressBlocked: blocked.some((entry) => entry.kind === "address"),
            },
          );
          const at = now.toISOString();
          const row = {
            number,
            user_id: userId,
            email,
            phone: input.phone,
            country: input.shipping_address.country,
            first_name: input.shipping_address.first_name,
            last_name: input.shipping_address.last_name,
            address: input.shipping_address.address,
            address_2: input.shipping_address.address_2,
            city: input.shipping_address.city,
            postcode: input.shipping_address.postcode,
            notes: input.notes,
            ...orderMoney(summary),
            // Staff spoke with the shopper: that is the confirmation a website order is asked for.
            status: "pending",
            created_at: at,
            phone_e164: phoneE164,
            address_key: address,
            confirmation_code_hash: null,
            confirmation_expires_at: null,
            confirmation_attempts: 0,
            confirmed_at: at,
            risk_flags: riskFlags,
            coupon_code: priced.coupon?.code ?? null,
            payment_method: "cod",
            payment_status: "unpaid",
            paid_amount: 0,
            refunded_amount: 0,
            payment_due_by: null,
            payment_flag: null,
            replacement_for: null,
            channel: input.channel,
            entered_by: actor.email.toLowerCase(),
          };
          const items = orderItems(lines, summary, await saleNames(trx, lines));
          const id = await orders.insertOrder(row, items, trx);
          if (priced.coupon) {
            await coupons.redeem(
              {
                coupon_id: priced.coupon.id,
                order_id: id,
                user_id: userId,
                phone_e164: phoneE164,
                discount: summary.discount,
                created_at: at,
              },
              trx,
            );
          }
          await recordAudit(
            trx,
            {
              actor,
              action: "order.enter",
              entityType: "order",
              entityId: number,
              after: {
                channel: input.channel,
                note: input.staff_note,
                total: toRupees(summary.total),
                items: input.items,
                code: priced.coupon?.code ?? null,
              },
            },
            now,
          );
          const order = toOrder(
            { id, ...row },
            items.map((item, index) => ({ id: index, order_id: id, ...item })),
          );
          // No email given, no email sent (enqueueMail skips an empty address); the phone still gets its message.
          await enqueueMail(trx, { ...confirmationEmail(order, deps.publicUrl), reference: number }, now);
          if (deps.messaging) {
            await enqueueOrderMessage(
              trx,
              deps.messaging,
              { phone: order.phone, order: number },
              orderPlacedMessage(order),
              now,
            );
          }
          if (claim) await storeIdempotentAnswer(trx, claim.id, { status: 201, body: { number } });
          // Last, as checkout does: the variant rows are held only from here to the commit.
          await takeOrderStock(trx, { orders, carts }, lines, shortOf);
          return { number, replayed: false };
        },
        deps.onCatalogueChanged,
      );
      if (!entered.replayed) {
        deps.onMailQueued?.();
        deps.messaging?.onQueued?.();
      }
      return { order: await deps.orderView(entered.number), replayed: entered.replayed };
    },
  };
}

export type StaffOrdersService = ReturnType<typeof staffOrdersService>;
