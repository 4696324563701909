import bwipjs from "bwip-js/node";
import PDFDocument from "pdfkit";
import type { ShipFrom } from "../../platform/config.ts";
import { formatRupees } from "../../shared/money.ts";
import { toRupees } from "../money/money.ts";

/**
 * The airway bills of booked orders as one PDF, one per A6 page (the size couriers' label printers take), made with
 * pdfkit; the consignment number is a Code 128 barcode drawn by bwip-js (both maintained). What a rider needs:
 * courier and consignment, cash to collect, who it is from and to, and what is inside.
 */

export interface AirwayBill {
  orderNumber: string;
  courierName: string;
  consignmentNumber: string;
  /** Paisa. */
  codAmount: number;
  consignee: { name: string; address: string; city: string; phone: string };
  items: { name: string; quantity: number }[];
}

/** A6 in points, and the margin around the page's content. */
const PAGE: [number, number] = [297.64, 419.53];
const MARGIN = 16;

function barcode(text: string): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: "code128",
    text,
    scale: 2,
    height: 12,
    includetext: true,
    textxalign: "center",
  });
}

export async function airwayBillsPdf(bills: AirwayBill[], shipFrom: ShipFrom): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: PAGE,
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: "Airway bills" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  const width = PAGE[0] - 2 * MARGIN;

  for (const bill of bills) {
    doc.addPage();
    doc.font("Helvetica-Bold").fontSize(13).text(bill.courierName, { width });
    doc.font("Helvetica").fontSize(8).text(`Order ${bill.orderNumber}`, { width });
    doc.moveDown(0.4);
    doc.image(await barcode(bill.consignmentNumber), { fit: [width, 60], align: "center" });
    doc.moveDown(0.4);
    doc
      .font("Helvetica-Bold")
      .fontSize(15)
      .text(`COD: ${formatRupees(toRupees(bill.codAmount))}`, { width, align: "center" });
    doc.moveDown(0.4);
    doc.font("Helvetica-Bold").fontSize(8).text("TO", { width });
    doc.font("Helvetica").fontSize(10).text(bill.consignee.name, { width });
    doc.fontSize(9).text(`${bill.consignee.address}, ${bill.consignee.city}`, { width });
    doc.text(`Phone: ${bill.consignee.phone}`, { width });
    doc.moveDown(0.4);
    doc.font("Helvetica-Bold").fontSize(8).text("FROM", { width });
    doc.font("Helvetica").fontSize(8).text(shipFrom.name, { width });
    doc.text(`${shipFrom.address}, ${shipFrom.city} · ${shipFrom.phone}`, { width });
    doc.moveDown(0.4);
    doc.font("Helvetica-Bold").fontSize(8).text("ITEMS", { width });
    doc.font("Helvetica").fontSize(8);
    for (const item of bill.items)
      doc.text(`${item.quantity} × ${item.name}`, { width, height: 12, ellipsis: true });
  }
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
