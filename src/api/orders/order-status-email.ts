import type { MailMessage } from "../../platform/mail.ts";
import type { Order } from "../../shared/contracts/checkout.ts";
import { formatRupees } from "../../shared/money.ts";
import type { OrderStatus } from "../../shared/order-status.ts";
import { escapeHtml } from "../escape-html.ts";
import { mailHtml } from "../mail/mail-layout.ts";
import type { Shipment } from "../messages/order-messages.ts";

/**
 * What each change tells the customer: the subject's ending, and the news in a sentence or two. A parcel coming
 * back (returning, returned) is the shop's business with its courier: the customer is not mailed about it.
 */
const NEWS: Partial<
  Record<OrderStatus, { subject: string; heading: string; body: (order: Order) => string }>
> = {
  pending: {
    subject: "is confirmed",
    heading: "Thank you for confirming your order",
    body: () => "Your order is confirmed. We will prepare it now and let you know as soon as it ships.",
  },
  processing: {
    subject: "is being processed",
    heading: "We are preparing your order",
    body: () => "We are preparing your order now and will let you know as soon as it ships.",
  },
  shipped: {
    subject: "has shipped",
    heading: "Your order is on its way",
    body: (order) =>
      `Your order has left us and is on its way to ${order.shipping_address.city}. Please have ` +
      `${formatRupees(order.total)} ready: you pay the courier in cash when it arrives.`,
  },
  delivered: {
    subject: "was delivered",
    heading: "Your order was delivered",
    body: () => "Your order was delivered. Thank you for shopping with us; we hope you enjoy it.",
  },
  cancelled: {
    subject: "was cancelled",
    heading: "Your order was cancelled",
    body: () =>
      "Your order was cancelled and will not be delivered. Nothing is due. If you did not expect this, " +
      "reply to this email and we will help.",
  },
};

/**
 * The email a customer gets when the shop moves their order on ("Your order BT-… has shipped"); `why` replaces
 * the usual news (an order cancelled because nobody confirmed it). Undefined for a change the customer is not told.
 */
export function orderStatusEmail(
  order: Order,
  status: OrderStatus,
  publicUrl: string,
  options: { why?: string | undefined; shipment?: Shipment | undefined } = {},
): MailMessage | undefined {
  const news = NEWS[status];
  if (!news) return undefined;
  const subject = `Your order ${order.number} ${news.subject}`;
  const name = order.shipping_address.first_name;
  const { shipment } = options;
  const tracking = shipment
    ? `${shipment.courier} consignment ${shipment.consignment}${shipment.trackingUrl ? `: track it at ${shipment.trackingUrl}` : ""}.`
    : "";
  const message = [options.why ?? news.body(order), tracking].filter(Boolean).join(" ");
  const lines = order.items.map(
    (item) => `${item.name} (${item.color_name}, ${item.size_name}) X ${item.quantity}`,
  );
  const total = `Total: ${formatRupees(order.total)}`;
  const lookupUrl = `${publicUrl}/order-lookup`;
  const ordersUrl = `${publicUrl}/account/orders`;

  const text = [
    `Hi ${name},`,
    "",
    `${subject}.`,
    message,
    "",
    ...lines,
    total,
    "",
    `Follow your order: ${lookupUrl} (with your order number and this email address)`,
    `Have an account? Your orders are at ${ordersUrl}`,
    `Questions? Reply to this email or visit ${publicUrl}/contact.`,
  ].join("\n");

  const html = mailHtml(`<h1 style="font-size:20px">${escapeHtml(news.heading)}, ${escapeHtml(name)}</h1>
<p>${escapeHtml(subject)}.</p>
<p>${escapeHtml(message)}</p>
<ul style="padding-left:18px">${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>
<p><strong>${escapeHtml(total)}</strong></p>
<p><a href="${escapeHtml(lookupUrl)}">Follow your order</a> (with your order number and this email address) · <a href="${escapeHtml(ordersUrl)}">Your account's orders</a> · <a href="${escapeHtml(publicUrl)}/contact">Contact us</a></p>`);

  return { to: order.email, subject, text, html };
}
