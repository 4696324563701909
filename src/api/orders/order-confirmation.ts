import { randomInt } from "node:crypto";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database, OrderRow, Trx } from "../../platform/db/schema.ts";
import type { Order } from "../../shared/contracts/checkout.ts";
import { ORDER_CONFIRMATION_MESSAGES as SAY } from "../../shared/contracts/order-confirmation.ts";
import { confirmationRefusal } from "../../shared/order-status.ts";
import { hasPurposeSignature, purposeSignature } from "../../shared/signatures.server.ts";
import type { AuditActor } from "../admin/audit.ts";
import { type CatalogueListener, catalogueWrite } from "../catalogue/catalogue-write.ts";
import { Conflict, Gone, NotFound, TooManyRequests, ValidationFailed } from "../errors.ts";
import type { OrderMessaging } from "../messages/message-outbox.ts";
import { readSignedToken, signToken } from "../signed-tokens.ts";
import { moveOrder } from "./order-workflow.ts";
import type { OrdersRepository } from "./orders.repository.ts";

/**
 * Asking a cash-on-delivery order to be confirmed (docs/decisions/0042-cod-orders-confirmed-and-tracked.md). At
 * checkout the order gets a 6-digit code (only its HMAC is kept) and a signed link naming the order and its
 * deadline; the shopper confirms with either, or staff confirm after a phone call. Both are single-use because
 * confirming moves the order on: a second try is told the order is already confirmed. An order still unconfirmed
 * at its deadline is cancelled by `cancelUnconfirmed` (the background job), its stock put back.
 */

const CODE_PURPOSE = "order-confirmation-code";
const LINK_PURPOSE = "order-confirmation";
/** Wrong codes an order takes before its code stops working (the link and staff still can). */
export const MAX_CODE_ATTEMPTS = 5;
/** Unconfirmed orders cancelled per pass (the job runs again until none is due). */
const CANCEL_BATCH = 50;

export interface NewConfirmation {
  code: string;
  codeHash: string;
  expiresAt: Date;
  /** The link's path and query, to put after the shop's address. */
  path: string;
}

const codeHash = (secret: string, number: string, code: string) =>
  purposeSignature(secret, CODE_PURPOSE, `${number}:${code}`);

/** A new order's code and link, valid until `hours` from `now`. */
export function newConfirmation(secret: string, number: string, now: Date, hours: number): NewConfirmation {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const expiresAt = new Date(now.getTime() + hours * 3_600_000);
  const token = signToken(secret, LINK_PURPOSE, `${number}.${expiresAt.getTime()}`);
  return {
    code,
    codeHash: codeHash(secret, number, code),
    expiresAt,
    path: `/confirm-order?token=${encodeURIComponent(token)}`,
  };
}

/** The order number a confirmation link names (null when forged or altered) and its deadline. */
export function readConfirmationLink(
  secret: string,
  token: string,
): { number: string; expiresAt: number } | null {
  const value = readSignedToken(secret, LINK_PURPOSE, token);
  const match = value ? /^(.+)\.(\d+)$/.exec(value) : null;
  return match ? { number: match[1]!, expiresAt: Number(match[2]) } : null;
}

export type ShopperProof = { token: string } | { code: string };

interface ConfirmationDeps {
  db: Kysely<Database>;
  orders: OrdersRepository;
  secret: string;
  publicUrl: string;
  logger?: Pick<Logger, "info" | "warn"> | undefined;
  onMailQueued?: (() => void) | undefined;
  /** Queues the customer's messages (a cancelled order's); none when absent. */
  messaging?: OrderMessaging | undefined;
  onCatalogueChanged?: CatalogueListener | undefined;
}

export function confirmationService(deps: ConfirmationDeps) {
  const { db, orders, secret, publicUrl, onMailQueued, onCatalogueChanged } = deps;
  const workflow = { orders, publicUrl, messaging: deps.messaging };
  const writing = <T>(work: (trx: Trx) => Promise<T>) => catalogueWrite(db, work, onCatalogueChanged);

  async function confirm(trx: Trx, order: OrderRow, actor: AuditActor | null, note: string, now: Date) {
    return moveOrder(trx, workflow, order, {
      to: "pending",
      actor,
      note,
      now,
      also: { confirmed_at: now.toISOString(), confirmation_code_hash: null },
    });
  }

  /** Refuses an order that cannot be confirmed now: gone past its deadline, already confirmed, cancelled. */
  function refuseUnconfirmable(order: OrderRow, now: Date): void {
    const refusal = confirmationRefusal(order.status);
    if (refusal) throw new Conflict(refusal);
    if (order.confirmation_expires_at && order.confirmation_expires_at <= now.toISOString()) {
      throw new Gone(SAY.expired);
    }
  }

  return {
    /**
     * The shopper confirms their order with the link's token or the code from their message. A wrong code is
     * counted on the order (and stays counted: it is written before the refusal), so nobody tries a million.
     */
    async confirmByShopper(number: string, proof: ShopperProof, now = new Date()): Promise<Order> {
      if ("token" in proof) {
        const link = readConfirmationLink(secret, proof.token);
        if (!link || link.number !== number) throw ValidationFailed.field("token", SAY.badLink);
        if (link.expiresAt <= now.getTime()) throw new Gone(SAY.expired);
      }
      const outcome = await db.transaction().execute(async (trx) => {
        const order = await orders.lockByNumber(number, trx);
        if (!order) throw new NotFound(SAY.notFound);
        refuseUnconfirmable(order, now);
        if ("code" in proof) {
          if (order.confirmation_attempts >= MAX_CODE_ATTEMPTS)
            throw new TooManyRequests(SAY.tooManyCodes, 3600);
          const right =
            order.confirmation_code_hash !== null &&
            hasPurposeSignature(
              secret,
              CODE_PURPOSE,
              `${number}:${proof.code}`,
              order.confirmation_code_hash,
            );
          if (!right) {
            await orders.update(order.id, { confirmation_attempts: order.confirmation_attempts + 1 }, trx);
            return { wrong: true as const };
          }
        }
        const how = "token" in proof ? "the link in their message" : "the code from their message";
        return {
          wrong: false as const,
          moved: await confirm(trx, order, null, `Confirmed by the customer with ${how}.`, now),
        };
      });
      if (outcome.wrong) throw ValidationFailed.field("code", SAY.wrongCode);
      onMailQueued?.();
      deps.messaging?.onQueued?.();
      return outcome.moved.view;
    },

    /** Staff confirm an order after speaking to the customer (in its history and the audit log). */
    async confirmByStaff(actor: AuditActor, number: string, note: string, now = new Date()): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const order = await orders.lockByNumber(number, trx);
        if (!order) throw new NotFound(SAY.notFound);
        const refusal = confirmationRefusal(order.status);
        if (refusal) throw new Conflict(refusal);
        await confirm(trx, order, actor, note || "Confirmed with the customer by phone.", now);
      });
      onMailQueued?.();
    },

    /**
     * Cancels every order whose confirmation deadline has passed, each in its own transaction under the order's
     * lock (a confirmation that got there first wins), stock back under checkout's lock order, the customer told.
     * Answers how many were cancelled. Safe on several instances at once.
     */
    async cancelUnconfirmed(now = new Date()): Promise<number> {
      let cancelled = 0;
      for (;;) {
        const due = await orders.unconfirmedBefore(now.toISOString(), CANCEL_BATCH);
        for (const number of due) {
          const done = await writing(async (trx) => {
            const order = await orders.lockByNumber(number, trx);
            // Confirmed (or cancelled by staff) since it was listed: nothing to do.
            if (order?.status !== "awaiting_confirmation") return false;
            if (!order.confirmation_expires_at || order.confirmation_expires_at > now.toISOString())
              return false;
            await moveOrder(trx, workflow, order, {
              to: "cancelled",
              actor: null,
              note: "Cancelled by the shop: not confirmed in time.",
              now,
              email: { why: SAY.cancelledEmail },
            });
            return true;
          });
          if (done) cancelled += 1;
        }
        if (due.length < CANCEL_BATCH) break;
      }
      if (cancelled > 0) {
        deps.logger?.info({ cancelled }, "unconfirmed orders cancelled");
        onMailQueued?.();
        deps.messaging?.onQueued?.();
      }
      return cancelled;
    },
  };
}

export type ConfirmationService = ReturnType<typeof confirmationService>;
