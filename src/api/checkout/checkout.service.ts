import type { Kysely } from "kysely";
import type { z } from "zod";
import { concurrencyLane } from "../../platform/concurrency-lane.ts";
import type { Database, Trx } from "../../platform/db/schema.ts";
import { retryingTransaction } from "../../platform/db/transaction.ts";
import type { CheckoutInput, placedOrderSchema } from "../../shared/contracts/checkout.ts";
import { COUPON_MESSAGES } from "../../shared/contracts/coupons.ts";
import { PAYMENT_MESSAGES } from "../../shared/contracts/payments.ts";
import { formatWholeRupees } from "../../shared/money.ts";
import { addressKey } from "../../shared/order-risk.ts";
import { isPrepaid } from "../../shared/payment.ts";
import { PHONE_NOT_PAKISTANI, toE164 } from "../../shared/phone.ts";
import { LIVE_STATUS } from "../../shared/product-status.ts";
import type { BlocklistService } from "../admin/blocklist/blocklist.service.ts";
import { saleNames } from "../campaigns/campaigns.repository.ts";
import type { CartOwner, CartRepository } from "../cart/cart.repository.ts";
import { type CatalogueListener, catalogueWrite } from "../catalogue/catalogue-write.ts";
import type { CouponsRepository } from "../coupons/coupons.repository.ts";
import type { OrderPricing } from "../coupons/order-pricing.ts";
import { Conflict, ValidationFailed } from "../errors.ts";
import {
  claimIdempotencyKey,
  type IdempotentRequest,
  keyUsed,
  requestHash,
  storeIdempotentAnswer,
} from "../idempotency/idempotency.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { enqueueOrderMessage, type OrderMessaging } from "../messages/message-outbox.ts";
import { confirmationRequestMessage, orderPlacedMessage } from "../messages/order-messages.ts";
import { sameAmount, toPaisa, toRupees } from "../money/money.ts";
import { newConfirmation } from "../orders/order-confirmation.ts";
import { toOrder } from "../orders/order-view.ts";
import type { OrdersRepository } from "../orders/orders.repository.ts";
import { flagsAtCheckout } from "../orders/risk.ts";
import type { PaymentRegistry } from "../payments/payment-registry.ts";
import { readOrderSettings } from "../settings/shop-settings.ts";
import { confirmationEmail } from "./confirmation-email.ts";
import {
  freshOrderNumber,
  notInStock,
  type OrderableLine,
  orderItems,
  orderMoney,
  takeOrderStock,
} from "./order-record.ts";
import { type StockHints, stockHints } from "./stock-hints.ts";

export const PRICES_CHANGED =
  "The prices in your cart have changed. Please review your order and place it again.";
export const ORDER_PLACED = "Your order has been placed.";

/** Thrown inside the order's transaction when the cart's code no longer applies: nothing of the order is kept. */
class CouponDropped extends Error {
  readonly code: string;
  readonly reason: string;
  constructor(code: string, reason: string) {
    super(reason);
    this.code = code;
    this.reason = reason;
  }
}

/** Thrown inside the order's transaction when the typed city's delivery differs from what the shopper saw. */
class DeliveryChanged extends Error {
  readonly city: string;
  readonly charge: number;
  constructor(city: string, charge: number) {
    super(city);
    this.city = city;
    this.charge = charge;
  }
}

/** What a shopper whose city has its own delivery charge is told before anything is charged (422 at the city). */
export const deliveryChangedAtCheckout = (city: string, charge: number) =>
  `Delivery to ${city} costs ${formatWholeRupees(toRupees(charge))}. Please check the new total and place your order again.`;

/** What a shopper whose code stopped applying at checkout is told (a 422, joined like every 422). */
export const couponDroppedAtCheckout = (code: string, reason: string) =>
  `${COUPON_MESSAGES.dropped(code, reason)} Your order was not placed: please check the new total and place it again.`;
/** A phone or email on the shop's blocklist (docs/decisions/0042): said plainly, without the reason. */
export const ORDER_BLOCKED =
  "We cannot take cash-on-delivery orders for this phone number or email address. Please contact us to place your order.";

/** Said after ORDER_BLOCKED when the shop takes payment before delivery. */
export const PAY_FIRST = "You can still order and pay online or by bank transfer.";

/** The placed order as stored for its Idempotency-Key; the route adds the guest's access token. */
type PlacedOrder = Omit<z.output<typeof placedOrderSchema>, "access_token">;

/** A checkout's answer; `replayed` when it is the stored answer to an Idempotency-Key already used. */
export interface CheckoutAnswer {
  status: 201;
  body: PlacedOrder;
  replayed: boolean;
}

interface CheckoutDeps {
  carts: CartRepository;
  orders: OrdersRepository;
  /** Prices the cart with its code and the owner's delivery charges (decision 0047). */
  pricing: OrderPricing;
  coupons: CouponsRepository;
  blocklist: BlocklistService;
  publicUrl: string;
  /** Signs the confirmation link and code (the shop's signing secret). */
  secret: string;
  /** Called after an order's commit: its confirmation email is in the outbox (wakes the mail worker). */
  onMailQueued?: (() => void) | undefined;
  /** Queues the "order placed" message to the order's phone (the message outbox); none when absent. */
  messaging?: OrderMessaging | undefined;
  /** Told after an order's commit (by `catalogueWrite`): its stock was taken, which product pages show. */
  onCatalogueChanged?: CatalogueListener | undefined;
  /** The ways to pay this shop offers (decision 0053); cash on delivery only when absent. */
  payments?: PaymentRegistry | undefined;
  /**
   * Orders placed at once by this process (`ORDERS_AT_ONCE` by default, well under the pool's 10 connections); the
   * others wait their turn, holding no connection, for up to 10 s (then a 503). See `concurrencyLane`.
   */
  ordersAtOnce?: number;
  /**
   * The database the orders' transactions run on: connections of their own, as many as `ordersAtOnce`
   * (decision 0058), so a turn never waits for a connection behind carts and pages. The carts' when absent.
   */
  ordersDb?: Kysely<Database> | undefined;
  /** The stock this process last saw (shared with the cart's adds); the checkout's own when absent. */
  hints?: StockHints;
}

/** Orders placed at once by one process, by default; the platform opens as many connections for them. */
export const ORDERS_AT_ONCE = 4;

/** How long an order waits for its turn in `ordersAtOnce` before a 503. */
const ORDER_TURN_WAIT_MS = 10_000;

function keyScope(owner: CartOwner): string {
  return "userId" in owner ? `user:${owner.userId}` : `guest:${owner.guestKeyHash}`;
}

export function checkoutService({
  carts,
  orders,
  pricing,
  coupons,
  blocklist,
  publicUrl,
  secret,
  onMailQueued,
  messaging,
  onCatalogueChanged,
  payments,
  ordersAtOnce = ORDERS_AT_ONCE,
  ordersDb,
  hints = stockHints(),
}: CheckoutDeps) {
  const orderLane = concurrencyLane(ordersAtOnce, ORDER_TURN_WAIT_MS);
  /** Committed stock read or left by an order: a hint (`StockHints`) of when waiting checkouts should look again. */
  const sawStock = (lines: Iterable<{ variant_id: number; stock: number }>) => {
    for (const line of lines) hints.saw(line.variant_id, line.stock);
  };
  /** Whether the stock last seen of a line's variant cannot fill it: worth reading the cart again. */
  const seenShort = (lines: readonly OrderableLine[]) =>
    lines.some((line) => (hints.seen(line.variant_id) ?? line.stock) < line.quantity);

  /**
   * The refusal a checkout surely gets now, read without a transaction or a lock: a line of a cart whose stock
   * (as committed now) cannot fill it, answered with the sentence the transaction would answer. Only when the
   * transaction would reach that check: the cart has lines, none withdrawn, and the Idempotency-Key (if any) was
   * not used (its stored answer wins). Stock read committed is never above what the transaction's update finds,
   * save a restock in between, which the shopper's next try sees. In a sale's rush, every checkout after the
   * sell-out is refused here without queueing for a turn.
   */
  async function surelyShort(
    owner: CartOwner,
    idempotent: IdempotentRequest | undefined,
  ): Promise<{ refusal?: Conflict; lines: readonly OrderableLine[] }> {
    const lines = await carts.ownerLines(owner);
    sawStock(lines);
    const short = lines.find((line) => line.stock < line.quantity);
    if (!short || lines.some((line) => line.status !== LIVE_STATUS)) return { lines };
    if (idempotent && (await keyUsed(carts.db, idempotent))) return { lines };
    return { refusal: notInStock(short, short.stock), lines };
  }
  /** An order's transaction: a `catalogueWrite`, which tells the caches of the stock it took once it commits. */
  const transaction: <T>(work: (trx: Trx) => Promise<T>) => Promise<T> = ordersDb
    ? (work) => retryingTransaction(ordersDb, work)
    : carts.transaction;
  const placing = <T>(work: (trx: Trx) => Promise<T>) =>
    catalogueWrite(transaction, work, onCatalogueChanged);

  /**
   * Runs an order's transaction; when the cart's code stopped applying, the code is taken off the cart after the
   * rollback and the shopper is told why (422 at `code`), so the next try is priced without it.
   */
  async function placeOrDropCoupon<T>(owner: CartOwner | null, place: () => Promise<T>): Promise<T> {
    try {
      return await place();
    } catch (error) {
      if (!(error instanceof CouponDropped) && !(error instanceof DeliveryChanged)) throw error;
      const cartId = owner ? await carts.findCartId(owner) : undefined;
      if (error instanceof DeliveryChanged) {
        // The cart is priced for this city from now on, so the page the shopper returns to shows it.
        if (cartId !== undefined) await coupons.setCartCity(cartId, error.city);
        // A 422 at the city, so the checkout page shows the sentence as it is (spec section 8 joins a 422's messages).
        throw ValidationFailed.field(
          "shipping_address.city",
          deliveryChangedAtCheckout(error.city, error.charge),
        );
      }
      if (cartId !== undefined) await coupons.setCartCoupon(cartId, null);
      throw ValidationFailed.field("code", couponDroppedAtCheckout(error.code, error.reason));
    }
  }

  return {
    /**
     * Prices the shopper's own cart from the database, takes the stock, writes the order and queues its
     * confirmation email (the mail outbox) and "order placed" message to its phone (the message outbox) in one
     * transaction; any refusal rolls everything back, and no mail server or messaging provider is waited for.
     * With an Idempotency-Key the key is claimed first and the answer stored last, in the same transaction, so a
     * repeated request answers the stored answer and places no second order. A deadlock or serialization rollback
     * runs the whole transaction again (`carts.transaction`), so it reads everything afresh inside it.
     */
    async placeOrder(
      owner: CartOwner | null,
      userId: number | null,
      input: CheckoutInput,
      idempotencyKey?: string,
    ): Promise<CheckoutAnswer> {
      // A caller with no cart is refused below whatever the key; there is nothing to scope it to.
      const idempotent: IdempotentRequest | undefined =
        owner && idempotencyKey
          ? { scope: keyScope(owner), key: idempotencyKey, requestHash: requestHash(input) }
          : undefined;
      // The shop's key to a shopper (src/shared/phone.ts): a number it cannot call or message is no order.
      const phoneE164 = toE164(input.phone);
      if (phoneE164 === undefined) throw ValidationFailed.field("phone", PHONE_NOT_PAKISTANI);
      // Absent is cash on delivery (the spec's payload); another method must be one this shop offers now.
      const method = input.payment_method ?? "cod";
      if (method !== "cod" && !(payments?.methods() ?? ["cod"]).includes(method)) {
        throw ValidationFailed.field("payment_method", PAYMENT_MESSAGES.notOffered);
      }
      const prepaid = isPrepaid(method);
      const address = addressKey(input.shipping_address.address, input.shipping_address.city);
      // Refused before queueing for a turn when the stock surely cannot fill the cart.
      const before = owner ? await surelyShort(owner, idempotent) : undefined;
      if (before?.refusal) throw before.refusal;
      // While it waits for its turn, the stock it wants may sell out (this process sees a variant's stock go down
      // below what the cart wants: an order's, an add's or another checkout's read): it reads its cart again at
      // once and, refused, leaves the queue, so the queue behind a sell-out drains without waiting for turns.
      const leave = new AbortController();
      let looking = false;
      const stopWatching =
        owner && before
          ? hints.onLower(() => {
              if (looking || leave.signal.aborted || !seenShort(before.lines)) return;
              looking = true;
              surelyShort(owner, idempotent).then(
                (again) => {
                  looking = false;
                  if (again.refusal) leave.abort(again.refusal);
                },
                () => {
                  looking = false;
                },
              );
            })
          : () => {};
      let left: Map<number, number> | undefined;
      const answer = await orderLane(async () => {
        stopWatching();
        // Its turn came: the stock it wants may have sold out meanwhile (seen lower): read it again first, so a
        // refusal costs one read instead of a transaction.
        if (owner && before && seenShort(before.lines)) {
          const again = await surelyShort(owner, idempotent);
          if (again.refusal) throw again.refusal;
        }
        return placeOrDropCoupon(owner, async () =>
          placing(async (trx): Promise<CheckoutAnswer> => {
            const claim = idempotent ? await claimIdempotencyKey(trx, idempotent) : undefined;
            if (claim && "stored" in claim) {
              return { status: 201, body: claim.stored.body as PlacedOrder, replayed: true };
            }
            // Touching the cart row first serialises two checkouts of the same cart (a double click).
            const cartId = owner ? await carts.touchOwned(owner, trx) : undefined;
            if (cartId === undefined) throw ValidationFailed.field("cart", "Your cart is empty.");
            const lines = await carts.lines(cartId, trx);
            sawStock(lines);
            if (lines.length === 0) throw ValidationFailed.field("cart", "Your cart is empty.");
            // A product withdrawn since it was put in the cart (a draft again, or archived) is not sold.
            const withdrawn = lines.find((line) => line.status !== LIVE_STATUS);
            if (withdrawn) {
              throw new Conflict(
                `Sorry, ${withdrawn.title} is no longer available. Please remove it from your cart.`,
              );
            }
            // What the stock read now cannot fill is refused before anything is written or locked: in a sale's
            // rush most checkouts that fail, fail here, without queueing for the variant's row. The stock is taken
            // for good at the end (below).
            const short = lines.find((line) => line.stock < line.quantity);
            if (short) throw notInStock(short, short.stock);

            const blocked = await blocklist.matching(
              { phone_e164: phoneE164, email: input.email, address_key: address },
              trx,
            );
            // The blocklist keeps cash-on-delivery orders out; paying first is still open (decision 0053).
            const refused = blocked.find((entry) => entry.kind !== "address");
            if (refused && !prepaid) {
              const online = (payments?.methods() ?? []).some((offered) => offered !== "cod");
              throw ValidationFailed.field(
                refused.kind,
                online ? `${ORDER_BLOCKED} ${PAY_FIRST}` : ORDER_BLOCKED,
              );
            }

            // The same figures the cart showed, worked out afresh from today's prices by the money module.
            // The cart's code is judged again here, with the customer known (uses per account and phone) and the
            // city typed (its delivery charge): a code that stopped applying is never honoured (decision 0047).
            const cart = await coupons.cartPricing(cartId, trx);
            const priced = await pricing.price(trx, lines, cart.code, {
              now: new Date(),
              city: input.shipping_address.city,
              customer: { userId, phone: phoneE164 },
            });
            if (priced.dropped) throw new CouponDropped(priced.dropped.code, priced.dropped.reason);
            // Its last use goes to one order only: the others are told, and may order without it.
            const taken =
              priced.coupon === undefined ||
              (priced.coupon.credit === 1
                ? await coupons.spendCredit(priced.coupon.id, priced.summary.discount, trx)
                : await coupons.takeUse(priced.coupon.id, trx));
            if (priced.coupon && !taken) {
              throw new CouponDropped(priced.coupon.code, COUPON_MESSAGES.usedUp);
            }
            const summary = priced.summary;
            if (input.total !== undefined && !sameAmount(input.total, summary.total)) {
              // The shopper saw the cart priced for another city (or none): say what delivery there costs.
              const reason = summary.deliveryReason;
              const city = input.shipping_address.city;
              if (reason.kind === "city" && cart.city !== city) {
                throw new DeliveryChanged(city, summary.delivery);
              }
              throw new Conflict(PRICES_CHANGED);
            }

            const now = new Date();
            const number = await freshOrderNumber(orders, now, trx);
            const settings = await readOrderSettings(trx);
            // A prepaid order is not confirmed by code: its payment confirms it (decision 0053).
            const confirmation =
              settings.confirmation_required && !prepaid
                ? newConfirmation(secret, number, now, settings.confirmation_hours)
                : undefined;
            const holdMinutes =
              method === "bank_transfer"
                ? (payments?.settings.bankHoldHours ?? 48) * 60
                : (payments?.settings.holdMinutes ?? 30);
            const dueBy = prepaid ? new Date(now.getTime() + holdMinutes * 60_000) : null;
            const riskFlags = await flagsAtCheckout(
              trx,
              { phone_e164: phoneE164, address_key: address, total: summary.total },
              {
                now,
                highValuePaisa: toPaisa(settings.high_value_threshold),
                addressBlocked: blocked.some((entry) => entry.kind === "address"),
              },
            );
            const row = {
              number,
              user_id: userId,
              email: input.email,
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
              status: prepaid ? "awaiting_payment" : confirmation ? "awaiting_confirmation" : "pending",
              created_at: now.toISOString(),
              phone_e164: phoneE164,
              address_key: address,
              confirmation_code_hash: confirmation?.codeHash ?? null,
              confirmation_expires_at: confirmation?.expiresAt.toISOString() ?? null,
              confirmation_attempts: 0,
              confirmed_at: null,
              risk_flags: riskFlags,
              coupon_code: priced.coupon?.code ?? null,
              payment_method: method,
              payment_status: prepaid ? "pending" : "unpaid",
              paid_amount: 0,
              refunded_amount: 0,
              payment_due_by: dueBy?.toISOString() ?? null,
              payment_flag: null,
              replacement_for: null,
              channel: "web",
              entered_by: null,
            };
            const sales = await saleNames(trx, lines);
            const items = orderItems(lines, summary, sales);
            const id = await orders.insertOrder(row, items, trx);
            if (priced.coupon) {
              await coupons.redeem(
                {
                  coupon_id: priced.coupon.id,
                  order_id: id,
                  user_id: userId,
                  phone_e164: phoneE164,
                  discount: summary.discount,
                  created_at: now.toISOString(),
                },
                trx,
              );
            }
            await carts.clear(cartId, trx);
            const order = toOrder(
              { id, ...row },
              items.map((item, index) => ({ id: index, order_id: id, ...item })),
            );
            const ask = confirmation && {
              link: `${publicUrl}${confirmation.path}`,
              code: confirmation.code,
              expiresAt: confirmation.expiresAt,
            };
            const bank = method === "bank_transfer" ? payments?.bank : undefined;
            // An online payment's order is told once its money arrives (payments.service.ts); a bank transfer's now,
            // with where to send the money.
            if (!prepaid || bank) {
              await enqueueMail(
                trx,
                {
                  ...confirmationEmail(
                    order,
                    publicUrl,
                    ask,
                    bank && dueBy ? { bankTransfer: { ...bank, dueBy } } : undefined,
                  ),
                  reference: order.number,
                },
                now,
              );
            }
            if (messaging && !prepaid) {
              // One message: the request to confirm (it says the order is placed), or the plain "placed".
              await enqueueOrderMessage(
                trx,
                messaging,
                { phone: order.phone, order: order.number },
                ask
                  ? confirmationRequestMessage({ order, link: ask.link, code: ask.code })
                  : orderPlacedMessage(order),
                now,
              );
            }
            const placed: CheckoutAnswer = {
              status: 201,
              body: {
                message: ORDER_PLACED,
                order,
                ...(prepaid
                  ? {
                      payment: {
                        method,
                        status: "pending" as const,
                        due_by: dueBy?.toISOString() ?? null,
                        pay_url: `${publicUrl}/order-payment?order=${encodeURIComponent(number)}`,
                      },
                    }
                  : {}),
              },
              replayed: false,
            };
            if (claim) await storeIdempotentAnswer(trx, claim.id, placed);
            // The stock is taken last, so the variant rows a rush queues on are held only from here to the
            // commit: the order, its mail and messages and the stored answer are written already (a refusal here
            // rolls them back). Rows are locked in the shop's one order (a cancelled order gives stock back in the
            // same). Product pages show the stock: the caches are told once the order commits (a replay takes none).
            left = await takeOrderStock(trx, { orders, carts }, lines);
            return placed;
          }),
        );
      }, leave.signal).finally(stopWatching);
      // Committed: what the order left is what others will read.
      if (left) sawStock([...left].map(([variant_id, stock]) => ({ variant_id, stock })));

      if (!answer.replayed) {
        onMailQueued?.();
        messaging?.onQueued?.();
      }
      return answer;
    },
  };
}

export type CheckoutService = ReturnType<typeof checkoutService>;
