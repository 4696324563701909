import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database, OrderRow, Trx } from "../../platform/db/schema.ts";
import { sniffImageFormat } from "../../platform/images/uploads.ts";
import { privateKey, type Storage } from "../../platform/storage/storage.ts";
import type { AdminPaymentView, PaymentView } from "../../shared/contracts/payments.ts";
import { PAYMENT_MESSAGES } from "../../shared/contracts/payments.ts";
import { formatRupees } from "../../shared/money.ts";
import {
  isOnlineMethod,
  isPaymentMethod,
  type OnlineMethod,
  PAYMENT_METHOD_NAMES,
  type PaymentMethod,
  type PaymentStatus,
  statusAfterRefund,
} from "../../shared/payment.ts";
import { type AuditActor, recordAudit } from "../admin/audit.ts";
import type { BlocklistService } from "../admin/blocklist/blocklist.service.ts";
import { type CatalogueListener, catalogueWrite } from "../catalogue/catalogue-write.ts";
import { ORDER_BLOCKED } from "../checkout/checkout.service.ts";
import { confirmationEmail } from "../checkout/confirmation-email.ts";
import { Conflict, HttpError, NotFound, ValidationFailed } from "../errors.ts";
import { escapeHtml } from "../escape-html.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { enqueueOrderMessage, type OrderMessaging } from "../messages/message-outbox.ts";
import {
  confirmationRequestMessage,
  orderPaidMessage,
  orderPlacedMessage,
  refundMessage,
} from "../messages/order-messages.ts";
import { toPaisa, toRupees } from "../money/money.ts";
import { isOrderAccessToken, type OrderAccess } from "../orders/order-access.ts";
import { newConfirmation } from "../orders/order-confirmation.ts";
import { toOrder } from "../orders/order-view.ts";
import { moveOrder } from "../orders/order-workflow.ts";
import type { OrdersRepository } from "../orders/orders.repository.ts";
import { readOrderSettings } from "../settings/shop-settings.ts";
import type { PaymentRegistry } from "./payment-registry.ts";
import type { PaymentsRepository } from "./payments.repository.ts";
import {
  type IncomingCallback,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentReport,
  PaymentSignatureError,
  type PaymentStart,
} from "./provider.ts";

/**
 * Paying for orders online (docs/decisions/0053-online-payments.md).
 *
 * - Checkout places a prepaid order "awaiting_payment" with its stock taken (the hold) until `payment_due_by`.
 * - `start` makes an attempt (a fresh reference per try) and asks the provider where to send the shopper.
 * - Whatever a provider says (the browser's return, its notification, an answer to a status query, in any order,
 *   twice or never) goes through `apply`, which checks it against the attempt (provider, amount, currency) and
 *   moves the attempt with a conditional update inside the order's row lock: the first "paid" wins, marks the
 *   order paid once, moves it to "pending" and queues one confirmation mail and message; every later one is a
 *   recorded duplicate. Money that arrives for an order already cancelled is recorded and flagged "refund_due".
 * - `expireHolds` (a background job) asks the provider about the last open attempt, then cancels what is still
 *   unpaid, with its stock returned by the order workflow.
 * - Refunds reserve what they give back on the order's row first, so two refunds at once never give back more
 *   than was paid, then call the provider (or record a bank transfer's reference for money paid otherwise).
 */

export interface PaymentsDeps {
  db: Kysely<Database>;
  orders: OrdersRepository;
  payments: PaymentsRepository;
  registry: PaymentRegistry;
  publicUrl: string;
  secret: string;
  messaging?: OrderMessaging | undefined;
  onMailQueued?: (() => void) | undefined;
  onCatalogueChanged?: CatalogueListener | undefined;
  logger: Pick<Logger, "warn" | "info">;
  /** The phones, emails and addresses that may not order cash on delivery (switching to it is refused too). */
  blocklist?: BlocklistService | undefined;
  /** Where bank transfers' proofs are kept: the private namespace (`private/payment-proofs/`), never the images. */
  storage: Storage;
  now?: () => Date;
}

/** A provider's refusal or silence, said to the shopper or staff (502: the shop's upstream failed). */
export class PaymentUnavailable extends HttpError {
  override name = "PaymentUnavailable";
  constructor(message: string) {
    super(502, message);
  }
}

/** The outcome of one provider message, for the routes: whose order, and what it came to. */
export interface Applied {
  order: string | null;
  outcome: "paid" | "duplicate" | "failed" | "cancelled" | "pending" | "refused" | "unknown";
}

const OPEN_ATTEMPT = ["started", "pending"] as const;
const NOT_PAID = ["started", "pending", "failed", "cancelled"] as const;

/** What a proof is by its first bytes: a picture the shop takes, or a PDF; null for anything else. */
function proofType(bytes: Uint8Array): { contentType: string; extension: string } | null {
  const image = sniffImageFormat(bytes);
  if (image) return { contentType: `image/${image}`, extension: image === "jpeg" ? "jpg" : image };
  const pdf = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
  if (bytes.length > pdf.length && pdf.every((byte, i) => bytes[i] === byte)) {
    return { contentType: "application/pdf", extension: "pdf" };
  }
  return null;
}

/** A fresh attempt reference: letters and digits, 20 at most (JazzCash's and Easypaisa's limit). */
function attemptReference(): string {
  return `P${randomBytes(12)
    .toString("base64url")
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 14)}`.padEnd(15, "0");
}

const json = (value: unknown) => {
  try {
    return JSON.stringify(value ?? {});
  } catch {
    return "{}";
  }
};

export function paymentsService(deps: PaymentsDeps) {
  const { db, orders, payments, registry, logger } = deps;
  const clock = deps.now ?? (() => new Date());
  const workflow = { orders, publicUrl: deps.publicUrl, messaging: deps.messaging };

  /** A catalogue write (an order cancelled gives its stock back, which product pages show). */
  const writing = <T>(work: (trx: Trx) => Promise<T>) => catalogueWrite(db, work, deps.onCatalogueChanged);

  /**
   * What the shopper paid: the money the shop received, or for a delivered cash-on-delivery order the cash the
   * courier took at the door (its total), even before the courier pays it over (a return's refund, decision 0054).
   */
  function paidByShopper(order: OrderRow): number {
    const paid = Number(order.paid_amount);
    return order.payment_method === "cod" && order.status === "delivered"
      ? Math.max(paid, Number(order.total))
      : paid;
  }

  async function orderFor(number: string, access: OrderAccess): Promise<OrderRow> {
    const row = await orders.findByNumber(number.toUpperCase());
    const allowed =
      row &&
      (row.user_id !== null
        ? access.userId === row.user_id
        : access.token !== undefined && isOrderAccessToken(row.number, access.token, deps.secret));
    if (!row || !allowed) throw new NotFound(PAYMENT_MESSAGES.notFound);
    return row;
  }

  function providerOf(method: string): PaymentProvider {
    const provider = registry.get(method);
    if (!provider) throw ValidationFailed.field("method", PAYMENT_MESSAGES.notOffered);
    return provider;
  }

  /** The online methods a waiting order may be paid with now, and whether cash on delivery can replace them. */
  function choices(order: OrderRow, now: Date) {
    const waiting =
      order.status === "awaiting_payment" &&
      (order.payment_due_by === null || Date.parse(order.payment_due_by) > now.getTime()) &&
      order.payment_status !== "paid";
    const online = registry.methods().filter((method) => isOnlineMethod(method));
    return {
      canPay:
        waiting && isOnlineMethod(order.payment_method) && registry.get(order.payment_method) !== undefined,
      canSwitchToCod: waiting,
      methods: waiting ? (["cod", ...online] as PaymentMethod[]) : [],
    };
  }

  /** An order's attempts, refunds and proofs: read once for the shopper's view and the back office's. */
  async function paymentRows(order: OrderRow) {
    const [attempts, refunds, proofs] = await Promise.all([
      payments.attempts(order.id),
      payments.refunds(order.id),
      payments.proofs(order.id),
    ]);
    return { attempts, refunds, proofs };
  }
  type PaymentRows = Awaited<ReturnType<typeof paymentRows>>;

  /** The attempt that paid the order (the last one, should a provider have taken money twice). */
  const paidAttemptOf = <Attempt extends { status: string }>(attempts: Attempt[]) =>
    attempts.findLast((attempt) => attempt.status === "paid");

  /**
   * The provider a refund of this paid attempt goes back through: one with a refund call that is still configured;
   * undefined when the money goes back outside the shop (cash, a bank transfer, Easypaisa, a provider removed).
   */
  function refundProvider(paidAttempt: { provider: string } | undefined): PaymentProvider | undefined {
    if (!paidAttempt || registry.refundsByHand(paidAttempt.provider)) return undefined;
    return registry.get(paidAttempt.provider);
  }

  async function view(order: OrderRow, rows?: PaymentRows): Promise<PaymentView> {
    const { attempts, refunds, proofs } = rows ?? (await paymentRows(order));
    const now = clock();
    const { canPay, canSwitchToCod, methods } = choices(order, now);
    const method = isPaymentMethod(order.payment_method) ? order.payment_method : "cod";
    const bank = registry.bank;
    return {
      number: order.number,
      order_status: order.status,
      method,
      method_name: PAYMENT_METHOD_NAMES[method],
      status: order.payment_status as PaymentStatus,
      total: toRupees(order.total),
      paid: toRupees(order.paid_amount),
      refunded: toRupees(order.refunded_amount),
      due_by: order.status === "awaiting_payment" ? order.payment_due_by : null,
      can_pay: canPay,
      can_switch_to_cod: canSwitchToCod,
      methods,
      bank:
        method === "bank_transfer" && bank
          ? {
              account_title: bank.accountTitle,
              bank_name: bank.bankName,
              iban: bank.iban,
              raast_id: bank.raastId ?? null,
              reference: order.number,
            }
          : null,
      proofs: proofs.length,
      can_upload_proof:
        method === "bank_transfer" && order.status === "awaiting_payment" && order.payment_status !== "paid",
      attempts: attempts.map((attempt) => ({
        provider: attempt.provider,
        reference: attempt.reference,
        amount: toRupees(attempt.amount),
        status: attempt.status,
        created_at: attempt.created_at,
      })),
      refunds: refunds.map((refund) => ({
        amount: toRupees(refund.amount),
        via: refund.via,
        reference: refund.reference,
        created_at: refund.created_at,
      })),
    };
  }

  async function adminView(order: OrderRow): Promise<AdminPaymentView> {
    const [rows, events] = await Promise.all([paymentRows(order), payments.events(order.id)]);
    const { attempts, refunds, proofs } = rows;
    const paidAttempt = paidAttemptOf(attempts);
    return {
      ...(await view(order, rows)),
      flag: order.payment_flag,
      refund_through: refundProvider(paidAttempt)?.name ?? null,
      proof_files: proofs.map((proof) => ({
        id: proof.id,
        content_type: proof.content_type,
        size: proof.size,
        created_at: proof.created_at,
      })),
      events: events.map((event) => ({
        source: event.source,
        outcome: event.outcome,
        amount: event.amount === null ? null : toRupees(Number(event.amount)),
        message: event.message,
        raw: event.raw,
        created_at: event.created_at,
      })),
      refunds: refunds.map((refund) => ({
        amount: toRupees(refund.amount),
        via: refund.via,
        reference: refund.reference,
        reason: refund.reason,
        actor_email: refund.actor_email,
        created_at: refund.created_at,
      })),
    };
  }

  /** The mail and message of an order whose money has arrived: "placed and paid". */
  async function tellPaid(trx: Trx, order: OrderRow, now: Date) {
    const items = await orders.itemsFor([order.id], trx);
    const placed = toOrder(order, items);
    const paidWith = PAYMENT_METHOD_NAMES[order.payment_method as PaymentMethod] ?? order.payment_method;
    await enqueueMail(
      trx,
      { ...confirmationEmail(placed, deps.publicUrl, undefined, { paidWith }), reference: order.number },
      now,
    );
    if (deps.messaging) {
      await enqueueOrderMessage(
        trx,
        deps.messaging,
        { phone: order.phone, order: order.number },
        orderPaidMessage(placed, paidWith),
        now,
      );
    }
  }

  /**
   * Records one provider message about an attempt and moves the order by it, exactly once (see above). `source`
   * says where it came from (return, notification, query, staff).
   */
  async function apply(providerId: string, report: PaymentReport, source: string): Promise<Applied> {
    const attempt = await payments.attemptByReference(report.reference);
    if (!attempt || attempt.provider !== providerId) {
      logger.warn(
        { provider: providerId, reference: report.reference, source },
        "a payment message for an attempt this shop does not know: ignored",
      );
      return { order: null, outcome: "unknown" };
    }
    const now = clock();
    const at = now.toISOString();
    const event = (trx: Kysely<Database>, outcome: string, message: string) =>
      payments.addEvent(
        {
          order_id: attempt.order_id,
          attempt_id: attempt.id,
          source,
          outcome,
          amount: report.amount,
          message,
          raw: json(report.raw),
          created_at: at,
        },
        trx,
      );

    // The provider's word must be about this attempt's money: another amount or currency changes nothing.
    const wrongAmount = report.amount !== null && report.amount !== Number(attempt.amount);
    const wrongCurrency = report.currency !== null && report.currency.toUpperCase() !== "PKR";
    if (report.status === "paid" && (wrongAmount || wrongCurrency)) {
      const why = wrongAmount
        ? `The amount ${formatRupees(toRupees(report.amount ?? 0))} does not match the attempt's ${formatRupees(toRupees(Number(attempt.amount)))}.`
        : `The currency ${report.currency} is not PKR.`;
      logger.warn({ provider: providerId, reference: report.reference, source }, `payment refused: ${why}`);
      await event(db, "refused", `${why} ${report.message}`.trim());
      return { order: (await payments.orderNumber(attempt.order_id)) ?? null, outcome: "refused" };
    }

    let queued = false;
    const applied = await writing(async (trx): Promise<Applied> => {
      const locked = await orders.lockById(attempt.order_id, trx);
      const result = (outcome: Applied["outcome"]): Applied => ({ order: locked.number, outcome });

      if (report.status === "paid") {
        const won = await payments.moveAttempt(
          attempt.id,
          NOT_PAID,
          { status: "paid", provider_reference: report.providerReference ?? attempt.provider_reference },
          at,
          trx,
        );
        if (!won) {
          await event(trx, "duplicate", `Already recorded as paid. ${report.message}`.trim());
          return result("duplicate");
        }
        const amount = Number(attempt.amount);
        const name = PAYMENT_METHOD_NAMES[attempt.provider as PaymentMethod] ?? attempt.provider;
        if (locked.status === "awaiting_payment" && locked.payment_status !== "paid") {
          await event(trx, "paid", report.message);
          const also = {
            payment_status: "paid",
            paid_amount: Number(locked.paid_amount) + amount,
            payment_due_by: null,
          };
          await moveOrder(trx, workflow, locked, {
            to: "pending",
            actor: null,
            note: `Paid with ${name} (${attempt.reference}).`,
            now,
            also,
            email: false,
          });
          await tellPaid(trx, { ...locked, ...also, status: "pending" }, now);
          queued = true;
          return result("paid");
        }
        // Money for an order no longer waiting for it (cancelled after its hold, or paid twice): kept, and flagged.
        await orders.update(
          locked.id,
          {
            payment_status: "paid",
            paid_amount: Number(locked.paid_amount) + amount,
            payment_flag: "refund_due",
          },
          trx,
        );
        await event(
          trx,
          "paid",
          `Paid after the order was ${locked.status === "cancelled" ? "cancelled" : "already paid"}: a refund is due. ${report.message}`.trim(),
        );
        logger.warn(
          { order: locked.number, provider: providerId },
          "money arrived for an order not waiting: refund due",
        );
        return result("paid");
      }

      if (report.status === "pending") {
        await payments.moveAttempt(attempt.id, ["started"], { status: "pending" }, at, trx);
        await event(trx, "pending", report.message);
        return result("pending");
      }

      // Failed or cancelled: only an attempt still open moves; the order may be tried again or paid in cash.
      const moved = await payments.moveAttempt(attempt.id, OPEN_ATTEMPT, { status: report.status }, at, trx);
      await event(trx, moved ? report.status : "duplicate", report.message);
      if (moved && locked.status === "awaiting_payment" && locked.payment_status === "pending") {
        await orders.update(locked.id, { payment_status: "failed" }, trx);
      }
      return result(report.status);
    });
    if (queued) {
      deps.onMailQueued?.();
      deps.messaging?.onQueued?.();
    }
    return applied;
  }

  /** Logs a callback that did not verify (no order can be trusted from it) and answers what to tell the caller. */
  function refuseCallback(providerId: string, source: string, error: unknown): never {
    if (error instanceof PaymentSignatureError) {
      logger.warn({ provider: providerId, source, err: error.message }, "a payment callback was refused");
      throw new HttpError(400, "The payment message could not be verified.");
    }
    if (error instanceof PaymentProviderError) {
      logger.warn(
        { provider: providerId, source, err: error.message },
        "a payment callback could not be checked",
      );
      throw new PaymentUnavailable(error.message);
    }
    throw error;
  }

  /**
   * Asks the provider where the order's last open attempt stands (a lost notification is found this way): the
   * attempt and the provider's report, or undefined when there is no open attempt or the provider did not answer.
   */
  async function askProvider(order: OrderRow, failure: string) {
    const last = (await payments.attempts(order.id))
      .filter((attempt) => (OPEN_ATTEMPT as readonly string[]).includes(attempt.status))
      .at(-1);
    const provider = last ? registry.get(last.provider) : undefined;
    if (!last || !provider) return undefined;
    try {
      return { attempt: last, report: await provider.query(last.reference, last.provider_reference) };
    } catch (error) {
      logger.warn(
        { order: order.number, err: error instanceof Error ? error.message : String(error) },
        failure,
      );
      return undefined;
    }
  }

  async function cancelUnpaid(number: string, now: Date, why: string): Promise<boolean> {
    let cancelled = false;
    await writing(async (trx) => {
      const order = await orders.lockByNumber(number, trx);
      if (order?.status !== "awaiting_payment" || order.payment_status === "paid") return;
      const also = { payment_status: "failed", payment_due_by: null };
      await moveOrder(trx, workflow, order, {
        to: "cancelled",
        actor: null,
        note: why,
        now,
        also,
        email: { why: "We did not receive its payment in time, so its items went back on sale." },
      });
      await payments.addEvent(
        {
          order_id: order.id,
          attempt_id: null,
          source: "expiry",
          outcome: "cancelled",
          amount: null,
          message: why,
          raw: "{}",
          created_at: now.toISOString(),
        },
        trx,
      );
      cancelled = true;
    });
    if (cancelled) {
      deps.onMailQueued?.();
      deps.messaging?.onQueued?.();
    }
    return cancelled;
  }

  return {
    view: async (number: string, access: OrderAccess) => view(await orderFor(number, access)),

    /** The provider a refund of this order goes back through (its name); null when refunds are made by hand. */
    refundThrough: async (order: OrderRow): Promise<string | null> =>
      refundProvider(paidAttemptOf(await payments.attempts(order.id)))?.name ?? null,

    adminView: async (number: string) => {
      const order = await orders.findByNumber(number.toUpperCase());
      if (!order) throw new NotFound(PAYMENT_MESSAGES.notFound);
      return adminView(order);
    },

    /**
     * Starts a payment of a waiting order with its online method (or `method`, another online one): a new attempt,
     * then the provider's signed redirect or form. A provider that cannot be reached leaves the attempt failed.
     */
    async start(
      number: string,
      access: OrderAccess,
      method?: PaymentMethod,
    ): Promise<{ start: PaymentStart }> {
      const order = await orderFor(number, access);
      const now = clock();
      const chosen = method ?? order.payment_method;
      if (!isOnlineMethod(chosen)) throw ValidationFailed.field("method", PAYMENT_MESSAGES.notOffered);
      const provider = providerOf(chosen);
      const reference = attemptReference();
      const attemptId = await db.transaction().execute(async (trx) => {
        const locked = await orders.lockByNumber(order.number, trx);
        if (locked?.status !== "awaiting_payment" || locked.payment_status === "paid") {
          throw new Conflict(
            locked?.status === "cancelled" ? PAYMENT_MESSAGES.holdEnded : PAYMENT_MESSAGES.notAwaiting,
          );
        }
        if (locked.payment_due_by !== null && Date.parse(locked.payment_due_by) <= now.getTime()) {
          throw new Conflict(PAYMENT_MESSAGES.holdEnded);
        }
        await orders.update(locked.id, { payment_method: chosen, payment_status: "pending" }, trx);
        const id = await payments.insertAttempt(
          {
            order_id: locked.id,
            provider: chosen,
            reference,
            amount: Number(locked.total),
            created_at: now.toISOString(),
          },
          trx,
        );
        await payments.addEvent(
          {
            order_id: locked.id,
            attempt_id: id,
            source: "start",
            outcome: "started",
            amount: Number(locked.total),
            message: `Sent to ${provider.name}.`,
            raw: "{}",
            created_at: now.toISOString(),
          },
          trx,
        );
        return id;
      });
      try {
        const start = await provider.start({
          reference,
          orderNumber: order.number,
          amount: Number(order.total),
          currency: "PKR",
          description: `Order ${order.number}`,
          customer: {
            name: `${order.first_name} ${order.last_name}`.trim(),
            email: order.email,
            phone: order.phone_e164 ?? order.phone,
          },
          returnUrl: `${deps.publicUrl}/api/payments/${chosen}/return`,
          notifyUrl: `${deps.publicUrl}/api/payments/${chosen}/notify`,
          expiresAt: new Date(Date.parse(order.payment_due_by ?? now.toISOString())),
        });
        const providerReference = registry.providerReferenceOf(chosen as OnlineMethod, start);
        if (providerReference) await payments.setProviderReference(attemptId, providerReference);
        return { start };
      } catch (error) {
        const words = error instanceof Error ? error.message : String(error);
        await payments.moveAttempt(attemptId, OPEN_ATTEMPT, { status: "failed" }, clock().toISOString(), db);
        await payments.addEvent({
          order_id: order.id,
          attempt_id: attemptId,
          source: "start",
          outcome: "failed",
          amount: null,
          message: words,
          raw: "{}",
          created_at: clock().toISOString(),
        });
        await orders.update(order.id, { payment_status: "failed" }, db);
        logger.warn({ order: order.number, provider: chosen, err: words }, "a payment could not be started");
        throw new PaymentUnavailable(PAYMENT_MESSAGES.providerDown(provider.name));
      }
    },

    /** The shopper's browser back from the provider: checked, applied; answers the order to show. */
    async handleReturn(providerId: string, callback: IncomingCallback): Promise<Applied> {
      const provider = registry.get(providerId);
      if (!provider) throw new NotFound("Not found.");
      let report: PaymentReport;
      try {
        report = await provider.readReturn(callback);
      } catch (error) {
        refuseCallback(providerId, "return", error);
      }
      return apply(providerId, report, "return");
    },

    /** A provider's server-to-server notification: checked, applied; answers the HTTP answer it expects. */
    async handleNotification(
      providerId: string,
      callback: IncomingCallback,
    ): Promise<{ status: number; contentType: string; body: string }> {
      const provider = registry.get(providerId);
      if (!provider) throw new NotFound("Not found.");
      let report: PaymentReport;
      try {
        report = await provider.readNotification(callback);
      } catch (error) {
        if (error instanceof PaymentSignatureError && provider.notificationAnswer) {
          logger.warn({ provider: providerId, err: error.message }, "a payment notification was refused");
          return provider.notificationAnswer(null);
        }
        refuseCallback(providerId, "notification", error);
      }
      const applied = await apply(providerId, report, "notification");
      if (applied.outcome === "refused") {
        throw new HttpError(400, "The payment message does not match the payment.");
      }
      return provider.notificationAnswer
        ? provider.notificationAnswer(report)
        : { status: 200, contentType: "application/json", body: JSON.stringify({ received: true }) };
    },

    apply,

    /** Pays a waiting order in cash on delivery instead, keeping everything typed: confirmation as at checkout. */
    async switchToCod(number: string, access: OrderAccess): Promise<PaymentView> {
      const order = await orderFor(number, access);
      const now = clock();
      let queued = false;
      const updated = await db.transaction().execute(async (trx) => {
        const locked = await orders.lockByNumber(order.number, trx);
        if (!locked || !choices(locked, now).canSwitchToCod) throw new Conflict(PAYMENT_MESSAGES.notAwaiting);
        const blocked = deps.blocklist
          ? await deps.blocklist.matching(
              { phone_e164: locked.phone_e164, email: locked.email, address_key: locked.address_key },
              trx,
            )
          : [];
        const refused = blocked.find((entry) => entry.kind !== "address");
        if (refused) throw ValidationFailed.field(refused.kind, ORDER_BLOCKED);
        const settings = await readOrderSettings(trx);
        const confirmation = settings.confirmation_required
          ? newConfirmation(deps.secret, locked.number, now, settings.confirmation_hours)
          : undefined;
        const also = {
          payment_method: "cod",
          payment_status: "unpaid",
          payment_due_by: null,
          confirmation_code_hash: confirmation?.codeHash ?? null,
          confirmation_expires_at: confirmation?.expiresAt.toISOString() ?? null,
        };
        const to = confirmation ? "awaiting_confirmation" : "pending";
        await moveOrder(trx, workflow, locked, {
          to,
          actor: null,
          note: "The customer chose cash on delivery instead.",
          now,
          also,
          email: false,
        });
        await payments.addEvent(
          {
            order_id: locked.id,
            attempt_id: null,
            source: "switch",
            outcome: "cod",
            amount: null,
            message: "Switched to cash on delivery.",
            raw: "{}",
            created_at: now.toISOString(),
          },
          trx,
        );
        const placed = toOrder({ ...locked, ...also, status: to }, await orders.itemsFor([locked.id], trx));
        const ask = confirmation && {
          link: `${deps.publicUrl}${confirmation.path}`,
          code: confirmation.code,
          expiresAt: confirmation.expiresAt,
        };
        await enqueueMail(
          trx,
          { ...confirmationEmail(placed, deps.publicUrl, ask), reference: locked.number },
          now,
        );
        if (deps.messaging) {
          await enqueueOrderMessage(
            trx,
            deps.messaging,
            { phone: locked.phone, order: locked.number },
            ask
              ? confirmationRequestMessage({ order: placed, link: ask.link, code: ask.code })
              : orderPlacedMessage(placed),
            now,
          );
        }
        queued = true;
        return { ...locked, ...also, status: to };
      });
      if (queued) {
        deps.onMailQueued?.();
        deps.messaging?.onQueued?.();
      }
      return view(updated);
    },

    /**
     * Cancels the orders whose hold ended unpaid, after asking each one's provider about its last open attempt
     * (a notification may have been lost). Answers how many were cancelled.
     */
    async expireHolds(now: Date = clock(), limit = 100): Promise<number> {
      let cancelled = 0;
      for (const number of await payments.holdsEndedBefore(now.toISOString(), limit)) {
        const order = await orders.findByNumber(number);
        if (!order) continue;
        const asked = await askProvider(
          order,
          "asking the provider before the hold's end failed; the order is cancelled as unpaid",
        );
        if (asked?.report.status === "paid") {
          await apply(asked.attempt.provider, asked.report, "query");
          continue;
        }
        if (await cancelUnpaid(number, now, "Not paid within the time allowed.")) cancelled++;
      }
      return cancelled;
    },

    /** Asks the provider about an order's last open attempt now (the return page's "check again"). */
    async refresh(number: string, access: OrderAccess): Promise<PaymentView> {
      const order = await orderFor(number, access);
      const asked = await askProvider(order, "a payment status query failed");
      if (asked && asked.report.status !== "pending")
        await apply(asked.attempt.provider, asked.report, "query");
      return view((await orders.findByNumber(order.number)) ?? order);
    },

    /**
     * Gives back `amount` rupees of what was paid: through the provider for an order paid online, recorded with
     * the bank transfer's reference otherwise. Never more than was paid, even with two refunds at once.
     */
    async refund(
      actor: AuditActor,
      number: string,
      input: { amount: number; reason: string; reference: string },
    ): Promise<AdminPaymentView> {
      const order = await orders.findByNumber(number.toUpperCase());
      if (!order) throw new NotFound(PAYMENT_MESSAGES.notFound);
      const amount = toPaisa(input.amount);
      const left = paidByShopper(order) - Number(order.refunded_amount);
      if (paidByShopper(order) <= 0) throw ValidationFailed.field("amount", PAYMENT_MESSAGES.nothingPaid);
      if (amount > left) {
        throw ValidationFailed.field("amount", PAYMENT_MESSAGES.refundTooLarge(formatRupees(toRupees(left))));
      }
      const attempts = await payments.attempts(order.id);
      const paidAttempt = paidAttemptOf(attempts);
      // Through the provider's refund call when it has one; otherwise the money goes back outside the shop and
      // staff record it with its reference.
      const provider = refundProvider(paidAttempt);
      const online = provider !== undefined;
      if (!online && !input.reference) {
        const paidOnline = paidAttempt !== undefined && isOnlineMethod(paidAttempt.provider);
        throw ValidationFailed.field(
          "reference",
          paidOnline
            ? PAYMENT_MESSAGES.refundInPortal(PAYMENT_METHOD_NAMES[paidAttempt.provider as PaymentMethod])
            : PAYMENT_MESSAGES.refundReference,
        );
      }
      if (online && provider && paidAttempt) {
        const fromAttempt = Number(paidAttempt.amount) - (await payments.refundedFrom(paidAttempt.id));
        if (amount > fromAttempt) {
          throw ValidationFailed.field(
            "amount",
            PAYMENT_MESSAGES.refundTooLarge(formatRupees(toRupees(fromAttempt))),
          );
        }
      }
      const reserved = await db.transaction().execute((trx) => payments.reserveRefund(order.id, amount, trx));
      if (!reserved) throw new Conflict(PAYMENT_MESSAGES.refundRace);

      const now = clock();
      let reference = input.reference;
      if (online && provider && paidAttempt) {
        try {
          const refunded = await provider.refund({
            reference: paidAttempt.reference,
            providerReference: paidAttempt.provider_reference,
            amount,
            paymentAmount: Number(paidAttempt.amount),
            refundReference: `R${order.id}${Date.now().toString(36)}`.toUpperCase().slice(0, 20),
            reason: input.reason,
          });
          reference = refunded.providerReference;
        } catch (error) {
          await payments.releaseRefund(order.id, amount);
          const words = error instanceof Error ? error.message : String(error);
          const unsure = error instanceof PaymentProviderError && error.unsure;
          await payments.addEvent({
            order_id: order.id,
            attempt_id: paidAttempt.id,
            source: "refund",
            outcome: "failed",
            amount,
            message: words,
            raw: "{}",
            created_at: now.toISOString(),
          });
          throw new PaymentUnavailable(
            unsure
              ? `${words} The refund may or may not have been made: check ${provider.name}'s portal before trying again.`
              : words,
          );
        }
      }

      let queued = false;
      await db.transaction().execute(async (trx) => {
        const locked = await orders.lockByNumber(order.number, trx);
        if (!locked) throw new NotFound(PAYMENT_MESSAGES.notFound);
        const status = statusAfterRefund(paidByShopper(locked), Number(locked.refunded_amount));
        await orders.update(
          locked.id,
          { payment_status: status, ...(status === "refunded" ? { payment_flag: null } : {}) },
          trx,
        );
        await payments.insertRefund(
          {
            order_id: locked.id,
            attempt_id: paidAttempt?.id ?? null,
            amount,
            via: online ? "provider" : "manual",
            reference,
            reason: input.reason,
            actor_email: actor.email.toLowerCase(),
            created_at: now.toISOString(),
          },
          trx,
        );
        await payments.addEvent(
          {
            order_id: locked.id,
            attempt_id: online ? (paidAttempt?.id ?? null) : null,
            source: "refund",
            outcome: "refunded",
            amount,
            message: `${formatRupees(toRupees(amount))} refunded (${reference}): ${input.reason}`,
            raw: "{}",
            created_at: now.toISOString(),
          },
          trx,
        );
        await recordAudit(
          trx,
          {
            actor,
            action: "order.refund",
            entityType: "order",
            entityId: locked.number,
            before: {
              payment_status: locked.payment_status,
              refunded: toRupees(Number(locked.refunded_amount) - amount),
            },
            after: {
              payment_status: status,
              refunded: toRupees(Number(locked.refunded_amount)),
              amount: toRupees(amount),
              reference,
              reason: input.reason,
            },
          },
          now,
        );
        const shown = formatRupees(toRupees(amount));
        const paidOnline = paidAttempt !== undefined && isOnlineMethod(paidAttempt.provider);
        const how = paidOnline
          ? ` to your ${PAYMENT_METHOD_NAMES[paidAttempt.provider as PaymentMethod]} (reference ${reference})`
          : ` by bank transfer (reference ${reference})`;
        const lines = [
          `We have refunded ${shown} for your order ${locked.number}${how}.`,
          "It may take a few working days to reach your account.",
        ];
        await enqueueMail(
          trx,
          {
            to: locked.email,
            subject: `Refund for your order ${locked.number}`,
            text: [
              `Hi ${locked.first_name},`,
              "",
              ...lines,
              "",
              `Questions? Reply to this email or visit ${deps.publicUrl}/contact.`,
            ].join("\n"),
            html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c1917;max-width:560px;margin:auto"><p>Hi ${escapeHtml(locked.first_name)},</p>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("")}<p><a href="${escapeHtml(deps.publicUrl)}/contact">Contact us</a></p></body></html>`,
            reference: locked.number,
          },
          now,
        );
        if (deps.messaging) {
          await enqueueOrderMessage(
            trx,
            deps.messaging,
            { phone: locked.phone, order: locked.number },
            refundMessage({ number: locked.number, total: toRupees(locked.total) }, shown),
            now,
          );
        }
        queued = true;
      });
      if (queued) {
        deps.onMailQueued?.();
        deps.messaging?.onQueued?.();
      }
      return adminView((await orders.findByNumber(order.number))!);
    },

    /**
     * Keeps a bank transfer's proof the shopper uploaded: a JPEG, PNG or WebP picture or a PDF by its first bytes,
     * stored under a random name outside the public files, for staff to check.
     */
    async uploadProof(number: string, access: OrderAccess, file: File): Promise<PaymentView> {
      const order = await orderFor(number, access);
      if (order.payment_method !== "bank_transfer" || order.status !== "awaiting_payment") {
        throw new Conflict(PAYMENT_MESSAGES.notAwaiting);
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      const type = proofType(bytes);
      if (!type) throw ValidationFailed.field("proof", PAYMENT_MESSAGES.proofType);
      const name = `${randomBytes(16).toString("hex")}.${type.extension}`;
      await deps.storage.put(privateKey("payment-proofs", name), bytes, type.contentType);
      const now = clock();
      await payments.insertProof({
        order_id: order.id,
        file: name,
        content_type: type.contentType,
        size: bytes.byteLength,
        created_at: now.toISOString(),
      });
      await payments.addEvent({
        order_id: order.id,
        attempt_id: null,
        source: "proof",
        outcome: "uploaded",
        amount: null,
        message: `The customer uploaded a proof of the transfer (${type.contentType}, ${bytes.byteLength} bytes).`,
        raw: "{}",
        created_at: now.toISOString(),
      });
      return view(order);
    },

    /** A proof's bytes for staff, with its type. */
    async proof(
      number: string,
      id: number,
    ): Promise<{ bytes: Uint8Array; contentType: string; name: string }> {
      const order = await orders.findByNumber(number.toUpperCase());
      const proof = order && (await payments.proofs(order.id)).find((row) => row.id === id);
      if (!order || !proof) throw new NotFound("Proof not found.");
      const bytes = await deps.storage.read(privateKey("payment-proofs", path.basename(proof.file)));
      if (!bytes) throw new NotFound("Proof not found.");
      return {
        bytes,
        contentType: proof.content_type,
        name: `${order.number}-proof-${proof.id}${path.extname(proof.file)}`,
      };
    },

    /** Staff's verdict on a bank transfer: paid (the order goes on, as an online payment would) or rejected. */
    async decide(
      actor: AuditActor,
      number: string,
      input: { decision: "paid" | "rejected"; reference: string; note: string },
    ): Promise<AdminPaymentView> {
      const order = await orders.findByNumber(number.toUpperCase());
      if (!order) throw new NotFound(PAYMENT_MESSAGES.notFound);
      if (order.payment_method !== "bank_transfer") {
        throw ValidationFailed.field("decision", PAYMENT_MESSAGES.notBankTransfer);
      }
      const now = clock();
      let queued = false;
      await writing(async (trx) => {
        const locked = await orders.lockByNumber(order.number, trx);
        if (!locked) throw new NotFound(PAYMENT_MESSAGES.notFound);
        const message = [input.reference && `Reference ${input.reference}.`, input.note]
          .filter(Boolean)
          .join(" ");
        if (input.decision === "rejected") {
          if (locked.payment_status === "paid") throw new Conflict("This transfer is marked paid already.");
          await orders.update(locked.id, { payment_status: "failed" }, trx);
        } else {
          if (locked.payment_status === "paid") throw new Conflict("This transfer is marked paid already.");
          const also = {
            payment_status: "paid",
            paid_amount: Number(locked.total),
            payment_due_by: null,
            ...(locked.status === "awaiting_payment" ? {} : { payment_flag: "refund_due" }),
          };
          if (locked.status === "awaiting_payment") {
            await moveOrder(trx, workflow, locked, {
              to: "pending",
              actor,
              note: `Bank transfer received. ${message}`.trim(),
              now,
              also,
              email: false,
            });
            await tellPaid(trx, { ...locked, ...also, status: "pending" }, now);
            queued = true;
          } else {
            await orders.update(locked.id, also, trx);
          }
        }
        await payments.addEvent(
          {
            order_id: locked.id,
            attempt_id: null,
            source: "staff",
            outcome: input.decision,
            amount: input.decision === "paid" ? Number(locked.total) : null,
            message:
              `${input.decision === "paid" ? "Marked paid" : "Rejected"} by ${actor.email}. ${message}`.trim(),
            raw: "{}",
            created_at: now.toISOString(),
          },
          trx,
        );
        await recordAudit(
          trx,
          {
            actor,
            action: input.decision === "paid" ? "order.payment_received" : "order.payment_rejected",
            entityType: "order",
            entityId: locked.number,
            before: { payment_status: locked.payment_status },
            after: {
              payment_status: input.decision === "paid" ? "paid" : "failed",
              reference: input.reference,
              note: input.note,
            },
          },
          now,
        );
      });
      if (queued) {
        deps.onMailQueued?.();
        deps.messaging?.onQueued?.();
      }
      return adminView((await orders.findByNumber(order.number))!);
    },
  };
}

export type PaymentsService = ReturnType<typeof paymentsService>;
