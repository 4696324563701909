import type { Order } from "../../shared/contracts/checkout.ts";
import { formatWholeRupees } from "../../shared/money.ts";
import type { OrderStatus } from "../../shared/order-status.ts";
import { shopIdentity } from "../mail/shop-identity.ts";
import type { MessageContent } from "./message-outbox.ts";

/**
 * What the shop texts a customer about an order (docs/decisions/0044-messages.md): short plain sentences that fit
 * an SMS, and the same news as a WhatsApp template, whose body parameters are listed in the order the approved
 * template uses them ({{1}}, {{2}}…). The templates to have approved, with their bodies, are in the decision record.
 */

/** What these messages need of an order: its number and total (in rupees, as the API shows it). */
export type OrderFacts = Pick<Order, "number" | "total">;

/** A consignment booked with a courier, for the "shipped" message. */
export interface Shipment {
  courier: string;
  consignment: string;
  trackingUrl: string;
}

const rupees = (order: OrderFacts) => formatWholeRupees(order.total);

/** Checkout: the order is placed (cash on delivery). */
export function orderPlacedMessage(order: OrderFacts): MessageContent {
  return {
    text: `${shopIdentity().name}: thank you! Your order ${order.number} is placed. Total ${rupees(order)}, paid in cash on delivery. We will text you when it ships.`,
    template: { name: "order_placed", parameters: [order.number, rupees(order)] },
  };
}

/** Asks the customer to confirm a cash-on-delivery order: by opening `link`, or with the 6-digit `code`. */
export function confirmationRequestMessage({
  order,
  link,
  code,
}: {
  order: OrderFacts;
  link: string;
  code: string;
}): MessageContent {
  return {
    text: `${shopIdentity().name}: please confirm your order ${order.number} of ${rupees(order)}. Open ${link} or enter code ${code}.`,
    template: { name: "order_confirmation", parameters: [order.number, rupees(order), link, code] },
  };
}

/** Handed to the courier; with its consignment number and tracking link once one is booked. */
export function orderShippedMessage(order: OrderFacts, shipment?: Shipment): MessageContent {
  if (!shipment) {
    return {
      text: `${shopIdentity().name}: your order ${order.number} has shipped. Please keep ${rupees(order)} ready for the courier.`,
      template: { name: "order_shipped", parameters: [order.number, rupees(order)] },
    };
  }
  return {
    text: `${shopIdentity().name}: your order ${order.number} has shipped with ${shipment.courier}, consignment ${shipment.consignment}. Track it at ${shipment.trackingUrl}. Please keep ${rupees(order)} ready.`,
    template: {
      name: "order_shipped_tracked",
      parameters: [order.number, shipment.courier, shipment.consignment, shipment.trackingUrl, rupees(order)],
    },
  };
}

export function outForDeliveryMessage(order: OrderFacts): MessageContent {
  return {
    text: `${shopIdentity().name}: your order ${order.number} is out for delivery today. Please keep ${rupees(order)} ready for the courier.`,
    template: { name: "order_out_for_delivery", parameters: [order.number, rupees(order)] },
  };
}

export function orderDeliveredMessage(order: OrderFacts): MessageContent {
  return {
    text: `${shopIdentity().name}: your order ${order.number} was delivered. Thank you for shopping with us!`,
    template: { name: "order_delivered", parameters: [order.number] },
  };
}

export function orderCancelledMessage(order: OrderFacts): MessageContent {
  return {
    text: `${shopIdentity().name}: your order ${order.number} was cancelled and will not be delivered. Nothing is due.`,
    template: { name: "order_cancelled", parameters: [order.number] },
  };
}

/**
 * The message for an order's new status; none for "processing" (the customer hears when it ships), for a
 * confirmation (they just confirmed) or for a parcel coming back.
 */
export function orderStatusMessage(
  order: OrderFacts,
  status: OrderStatus,
  shipment?: Shipment,
): MessageContent | undefined {
  if (status === "shipped") return orderShippedMessage(order, shipment);
  if (status === "delivered") return orderDeliveredMessage(order);
  if (status === "cancelled") return orderCancelledMessage(order);
  return undefined;
}

/** The message of a prepaid order once its money has arrived (decision 0053). */
export function orderPaidMessage(order: OrderFacts, paidWith: string): MessageContent {
  return {
    text: `${shopIdentity().name}: thank you! Your order ${order.number} is placed and paid with ${paidWith} (${rupees(order)}). We will text you when it ships.`,
    template: { name: "order_paid", parameters: [order.number, rupees(order), paidWith] },
  };
}

/** The message of a refund (decision 0053). */
export function refundMessage(order: OrderFacts, amount: string): MessageContent {
  return {
    text: `${shopIdentity().name}: we have refunded ${amount} for your order ${order.number}. It may take a few days to reach your account.`,
    template: { name: "order_refunded", parameters: [order.number, amount] },
  };
}

/** A step of a return (decision 0054): its number, the step's name, and the first sentence the mail says. */
export function returnMessage(returnNumber: string, step: string, sentence: string): MessageContent {
  return {
    text: `${shopIdentity().name}: ${sentence}`.slice(0, 320),
    template: { name: "return_update", parameters: [returnNumber, step] },
  };
}
