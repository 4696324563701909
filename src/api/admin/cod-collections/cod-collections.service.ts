import type { Kysely } from "kysely";
import type { Database } from "../../../platform/db/schema.ts";
import {
  COLLECTION_OUTCOMES,
  type CodCollectionView,
  type CollectionOutcome,
} from "../../../shared/cod-collections.ts";
import type {
  CodCollectionItem,
  CodCollectionsAnswer,
  PaymentReportAnswer,
  PaymentReportRow,
} from "../../../shared/contracts/cod-collections.ts";
import { formatRupees } from "../../../shared/money.ts";
import { toRupees } from "../../money/money.ts";
import { type AuditActor, recordAudit } from "../audit.ts";
import type { CodCollectionsRepository, PayableOrder } from "./cod-collections.repository.ts";
import { type ReportRow, readPaymentReport } from "./payment-report.ts";

/** The orders whose cash may be paid over: delivered, or shipped when the payment beats the tracking news. */
const PAYABLE_STATUSES = new Set(["shipped", "delivered"]);
/** How many orders each list shows. */
const LISTED = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Cash collected on delivery (docs/decisions/0046-cash-collected.md): a courier's payment report recorded row by
 * row, each against the order its consignment (or order number) names, and the two lists that need someone's
 * attention: delivered orders whose cash never came, and payments that differ from the cash due. The cash due is
 * the live shipment's COD amount (what the courier was told to collect), else the order's total.
 */
export function codCollectionsService(deps: {
  db: Kysely<Database>;
  repository: CodCollectionsRepository;
  courierName: (id: string) => string;
  now?: () => Date;
}) {
  const { db, repository } = deps;
  const now = deps.now ?? (() => new Date());

  /** Records one read row in its own transaction (with its audit entry), or says why it recorded nothing. */
  async function recordRow(
    actor: AuditActor,
    courier: string,
    row: ReportRow & { ok: true },
  ): Promise<PaymentReportRow> {
    const base = { row: row.row, consignment_number: row.consignment, amount: toRupees(row.amount) };
    return db.transaction().execute(async (trx) => {
      const order: PayableOrder | undefined = row.consignment
        ? await repository.byConsignment(courier, row.consignment, trx)
        : await repository.byOrderNumber(row.order, trx);
      if (!order) {
        return {
          ...base,
          order_number: null,
          expected: null,
          outcome: "unknown",
          reason: row.consignment
            ? `No ${deps.courierName(courier)} shipment has the consignment number ${row.consignment}.`
            : `No order has the number ${row.order}.`,
        };
      }
      const expected = order.cod_amount ?? order.total;
      const matched = { ...base, order_number: order.number, expected: toRupees(expected) };
      if (!PAYABLE_STATUSES.has(order.status)) {
        return {
          ...matched,
          outcome: "not_due",
          reason: `Order ${order.number} is ${order.status.replaceAll("_", " ")}: no cash was due, so nothing was recorded.`,
        };
      }
      const at = now();
      const values = {
        order_id: order.id,
        courier: order.courier ?? courier,
        consignment_number: order.consignment_number ?? (row.consignment || null),
        amount: row.amount,
        expected_amount: expected,
        collected_on: row.collectedOn,
        reference: row.reference,
        source: "report",
        recorded_by: actor.email.toLowerCase(),
        recorded_at: at.toISOString(),
      };
      if (!(await repository.insert(values, trx))) {
        const existing = await repository.forOrder(order.id, trx);
        return existing?.reference === row.reference
          ? {
              ...matched,
              outcome: "duplicate",
              reason: "Recorded already (same order and reference): nothing changed.",
            }
          : {
              ...matched,
              outcome: "conflict",
              reason: `Order ${order.number} was paid already under the reference ${existing?.reference ?? "?"}: nothing changed.`,
            };
      }
      // Cash collected is the order's payment (decision 0053): a cash-on-delivery order becomes paid.
      await repository.markPaid(order.id, values.amount, trx);
      await recordAudit(
        trx,
        {
          actor,
          action: "order.cash_collected",
          entityType: "order",
          entityId: order.number,
          after: {
            amount: toRupees(row.amount),
            expected: toRupees(expected),
            collected_on: row.collectedOn,
            reference: row.reference,
            courier: values.courier,
            source: values.source,
          },
        },
        at,
      );
      return row.amount === expected
        ? { ...matched, outcome: "recorded", reason: "Recorded." }
        : {
            ...matched,
            outcome: "mismatch",
            reason: `Recorded, but ${formatRupees(toRupees(row.amount))} was collected where ${formatRupees(toRupees(expected))} was due.`,
          };
    });
  }

  return {
    /**
     * Records a courier's payment report (`courier`: whose consignment numbers these are). Throws
     * `PaymentReportError` when the file as a whole cannot be read; otherwise answers every row's outcome.
     */
    async recordReport(actor: AuditActor, courier: string, text: string): Promise<PaymentReportAnswer> {
      const rows: PaymentReportRow[] = [];
      for (const row of readPaymentReport(text)) {
        rows.push(
          row.ok
            ? await recordRow(actor, courier, row)
            : {
                row: row.row,
                consignment_number: row.consignment,
                order_number: null,
                amount: null,
                expected: null,
                outcome: "invalid",
                reason: row.reason,
              },
        );
      }
      const counts = Object.fromEntries(COLLECTION_OUTCOMES.map((outcome) => [outcome, 0])) as Record<
        CollectionOutcome,
        number
      >;
      for (const row of rows) counts[row.outcome] += 1;
      const recorded = counts.recorded + counts.mismatch;
      const message =
        `${recorded} of ${rows.length} ${rows.length === 1 ? "row" : "rows"} recorded` +
        (counts.mismatch > 0 ? `, ${counts.mismatch} with an amount that differs` : "") +
        (rows.length > recorded ? `; ${rows.length - recorded} not recorded (see why below).` : ".");
      return { message, counts, rows };
    },

    async list(view: CodCollectionView): Promise<CodCollectionsAnswer> {
      const today = now().getTime();
      const delivery = (deliveredAt: string | null) => ({
        delivered_at: deliveredAt,
        days_since_delivery: deliveredAt ? Math.floor((today - Date.parse(deliveredAt)) / DAY_MS) : null,
      });
      const courier = (id: string | null) => (id ? deps.courierName(id) : "No courier booked");
      const listed = <Row>(rows: Row[], item: (row: Row) => CodCollectionItem) => ({
        view,
        more: rows.length > LISTED,
        data: rows.slice(0, LISTED).map(item),
      });
      if (view === "unpaid") {
        return listed(await repository.unpaid(LISTED + 1), (row) => ({
          order_number: row.number,
          courier: courier(row.courier),
          consignment_number: row.consignment_number,
          expected: toRupees(row.cod_amount ?? row.total),
          amount: null,
          collected_on: null,
          reference: null,
          ...delivery(row.delivered_at),
        }));
      }
      return listed(await repository.mismatches(LISTED + 1), (row) => ({
        order_number: row.number,
        courier: courier(row.courier),
        consignment_number: row.consignment_number,
        expected: toRupees(row.expected_amount),
        amount: toRupees(row.amount),
        collected_on: row.collected_on,
        reference: row.reference,
        ...delivery(row.delivered_at),
      }));
    },
  };
}

export type CodCollectionsService = ReturnType<typeof codCollectionsService>;
