import type { MailMessage } from "../../platform/mail.ts";
import type { Order } from "../../shared/contracts/checkout.ts";
import { formatRupees } from "../../shared/money.ts";
import { shopTimeText } from "../../shared/shop-time.ts";
import { escapeHtml } from "../escape-html.ts";
import { mailButton, mailHtml } from "../mail/mail-layout.ts";

/** What the shopper must do to confirm an order (when the shop asks for confirmation). */
export interface ConfirmationRequest {
  /** The confirmation link, absolute. */
  link: string;
  code: string;
  expiresAt: Date;
}

/** How a prepaid order is paid (decision 0053): paid online already, or waiting for a bank transfer. */
export type OrderPayment =
  | { paidWith: string }
  | {
      bankTransfer: {
        accountTitle: string;
        bankName: string;
        iban: string;
        raastId: string | undefined;
        dueBy: Date;
      };
    };

/**
 * The order's email at checkout. When the shop asks orders to be confirmed, it leads with that: the link, the
 * code to type instead, and the time by which an unconfirmed order is cancelled.
 */
export function confirmationEmail(
  order: Order,
  publicUrl: string,
  confirm?: ConfirmationRequest,
  payment?: OrderPayment,
): MailMessage {
  const name = order.shipping_address.first_name;
  const address = [
    `${order.shipping_address.first_name} ${order.shipping_address.last_name}`,
    order.shipping_address.address,
    order.shipping_address.address_2,
    [order.shipping_address.city, order.shipping_address.postcode].filter(Boolean).join(" "),
    order.shipping_address.country,
  ].filter(Boolean);
  const lines = order.items.map(
    (item) =>
      `${item.name} (${item.color_name}, ${item.size_name}) X ${item.quantity}: ${formatRupees(item.total)}`,
  );
  const totals = [
    `Sub Total: ${formatRupees(order.subtotal)}`,
    order.coupon_code
      ? `Discount (${order.coupon_code}): ${formatRupees(order.discount)}`
      : `Discount: ${formatRupees(order.discount)}`,
    `Shipping: ${formatRupees(order.delivery_charges)}`,
    ...(order.cod_fee > 0 ? [`Cash on delivery fee: ${formatRupees(order.cod_fee)}`] : []),
    `Total: ${formatRupees(order.total)}`,
  ];
  // Cash on delivery: the shopper pays the whole total to the courier. Prepaid: nothing is due at the door.
  const bank = payment && "bankTransfer" in payment ? payment.bankTransfer : undefined;
  const due = !payment
    ? `Amount due on delivery: ${formatRupees(order.total)}`
    : bank
      ? `Amount to transfer: ${formatRupees(order.total)}`
      : `Paid with ${"paidWith" in payment ? payment.paidWith : ""}: ${formatRupees(order.total)}`;
  const dueNote = !payment
    ? "Pay the courier in cash when your order arrives."
    : bank
      ? `Please transfer it by ${shopTimeText(bank.dueBy.toISOString())} to ${bank.accountTitle}, ${bank.bankName}, IBAN ${bank.iban}${bank.raastId ? ` (Raast ID ${bank.raastId})` : ""}, with your order number ${order.number} as the reference. We send your order once the money arrives.`
      : "Nothing is due when your order arrives.";
  const lookupUrl = `${publicUrl}/order-lookup`;
  const ordersUrl = `${publicUrl}/account/orders`;

  const deadline = confirm ? shopTimeText(confirm.expiresAt.toISOString()) : "";
  const ask = confirm
    ? [
        `Please confirm your order so that we can send it: open ${confirm.link}`,
        `or enter the code ${confirm.code} on your order page. An order not confirmed by ${deadline} is cancelled.`,
      ]
    : [];
  const text = [
    `Hi ${name},`,
    "",
    `Thank you for your order. We have received order ${order.number} and will let you know when it ships.`,
    "",
    ...(confirm ? [...ask, ""] : []),
    ...lines,
    "",
    ...totals,
    "",
    payment ? `${due}. ${dueNote}` : `${due} (pay the courier in cash when your order arrives).`,
    "",
    "Shipping to:",
    ...address,
    `Phone: ${order.phone}`,
    "",
    ...(order.notes ? ["Your notes:", order.notes, ""] : []),
    `Follow your order: ${lookupUrl} (with your order number and this email address)`,
    `Have an account? Your orders are at ${ordersUrl}`,
    `Questions? Reply to this email or visit ${publicUrl}/contact.`,
  ].join("\n");

  const notes = order.notes
    ? `<p><strong>Your notes</strong><br>${escapeHtml(order.notes).replaceAll("\n", "<br>")}</p>\n`
    : "";
  const row = (cells: string[]) =>
    `<tr>${cells.map((cell) => `<td style="padding:6px 0">${cell}</td>`).join("")}</tr>`;
  const html = mailHtml(`<h1 style="font-size:20px">Thank you for your order, ${escapeHtml(name)}!</h1>
<p>Your order number is <strong>${escapeHtml(order.number)}</strong>. We will let you know when it ships.</p>
${
  confirm
    ? `<p style="font-size:17px"><strong>Please confirm your order so that we can send it.</strong></p>
${mailButton(escapeHtml(confirm.link), "Confirm my order")}
<p>Or enter the code <strong style="font-size:18px;letter-spacing:2px">${escapeHtml(confirm.code)}</strong> on your order page. An order not confirmed by ${escapeHtml(deadline)} is cancelled.</p>
`
    : ""
}<table style="width:100%;border-collapse:collapse">${order.items
    .map((item) =>
      row([
        `${escapeHtml(item.name)} <span style="color:#57534e">(${escapeHtml(item.color_name)}, ${escapeHtml(item.size_name)})</span> X ${item.quantity}`,
        `<div style="text-align:right">${formatRupees(item.total)}</div>`,
      ]),
    )
    .join("")}</table>
<hr><p>${totals.map(escapeHtml).join("<br>")}</p>
<p style="font-size:17px"><strong>${escapeHtml(due)}</strong><br>${escapeHtml(dueNote)}</p>
<p><strong>Shipping to</strong><br>${address.map(escapeHtml).join("<br>")}<br>Phone: ${escapeHtml(order.phone)}</p>
${notes}<p><a href="${escapeHtml(lookupUrl)}">Follow your order</a> (with your order number and this email address) · <a href="${escapeHtml(ordersUrl)}">Your account's orders</a> · <a href="${escapeHtml(publicUrl)}/contact">Contact us</a></p>`);

  const subject = confirm
    ? `Please confirm your order ${order.number}`
    : `Your order ${order.number} is confirmed`;
  return { to: order.email, subject, text, html };
}
