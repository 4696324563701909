import { splitFlags } from "../../../shared/order-risk.ts";
import type { ShipmentsRepository } from "../../couriers/shipments.repository.ts";
import { csvRecord, rupeesText } from "../../csv.ts";
import type { AdminOrdersRepository, OrderFilter } from "./admin-orders.repository.ts";

/** The export's columns, in order (money in rupees; times in UTC, ISO 8601). */
export const ORDER_CSV_COLUMNS = [
  "Number",
  "Placed at",
  "Status",
  "Customer",
  "Email",
  "Phone",
  "Address",
  "City",
  "Postcode",
  "Registered",
  "Items",
  "Subtotal",
  "Discount",
  "Coupon",
  "Delivery",
  "COD fee",
  "Total",
  "Payment method",
  "Payment status",
  "Paid",
  "Refunded",
  "Courier",
  "Consignment number",
  "Shipment status",
  "Risk flags",
  "Notes",
  "Channel",
  "Entered by",
] as const;

/** Orders read per round of queries: the export never holds more than this many in memory. */
export const ORDER_EXPORT_PAGE = 500;

/**
 * Every order the list's filters keep (issue 35 item 7), newest first as the list shows them, as CSV: the header,
 * then a page of orders at a time, each page found by its place after the last one read (created_at, id), so a
 * deep page costs what the first does and a million orders never sit in memory. The formula guard of `csvRecord`
 * is on: a name or note typed as "=…" opens as text.
 */
export async function* exportOrders(
  repository: AdminOrdersRepository,
  shipments: Pick<ShipmentsRepository, "liveFor">,
  filter: OrderFilter,
  /** Orders per round (tests make it small to cross pages). */
  pageSize = ORDER_EXPORT_PAGE,
): AsyncGenerator<string> {
  yield csvRecord(ORDER_CSV_COLUMNS);
  let after: { created_at: string; id: number } | undefined;
  for (;;) {
    const rows = await repository.exportPage(filter, after, pageSize);
    if (rows.length === 0) return;
    const ids = rows.map((row) => row.id);
    const [pieces, live] = await Promise.all([repository.itemCounts(ids), shipments.liveFor(ids)]);
    const shipmentOf = new Map(live.map((shipment) => [shipment.order_id, shipment]));
    yield rows
      .map((row) => {
        const shipment = shipmentOf.get(row.id);
        return csvRecord([
          row.number,
          row.created_at,
          row.status,
          `${row.first_name} ${row.last_name}`,
          row.email,
          row.phone,
          [row.address, row.address_2].filter(Boolean).join(", "),
          row.city,
          row.postcode,
          row.user_id === null ? "no" : "yes",
          pieces.get(row.id) ?? 0,
          rupeesText(row.subtotal),
          rupeesText(row.discount),
          row.coupon_code ?? "",
          rupeesText(row.delivery_charge),
          rupeesText(row.cod_fee),
          rupeesText(row.total),
          row.payment_method,
          row.payment_status,
          rupeesText(row.paid_amount),
          rupeesText(row.refunded_amount),
          shipment?.courier ?? "",
          shipment?.consignment_number ?? "",
          shipment?.status ?? "",
          splitFlags(row.risk_flags).join(", "),
          row.notes,
          row.channel,
          row.entered_by ?? "",
        ]);
      })
      .join("");
    const last = rows.at(-1)!;
    after = { created_at: last.created_at, id: last.id };
  }
}
