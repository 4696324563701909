import type { OrderItemRow, OrderRow } from "../../platform/db/schema.ts";
import type { Order } from "../../shared/contracts/checkout.ts";
import { summaryInRupees, toRupees } from "../money/money.ts";

/** An order as the API answers it: money in rupees, lines as they were when it was placed. */
export function toOrder(order: OrderRow, items: OrderItemRow[]): Order {
  return {
    number: order.number,
    status: order.status,
    created_at: order.created_at,
    email: order.email,
    phone: order.phone,
    shipping_address: {
      country: order.country,
      first_name: order.first_name,
      last_name: order.last_name,
      address: order.address,
      address_2: order.address_2,
      city: order.city,
      postcode: order.postcode,
    },
    notes: order.notes,
    ...summaryInRupees({
      subtotal: order.subtotal,
      discount: order.discount,
      delivery: order.delivery_charge,
      codFee: order.cod_fee,
      total: order.total,
    }),
    coupon_code: order.coupon_code,
    payment_method: order.payment_method,
    payment_status: order.payment_status,
    items: items.map((item) => ({
      product_id: item.product_id,
      slug: item.product_slug,
      name: item.product_name,
      color_name: item.color_name,
      size_name: item.size_name,
      price: toRupees(item.unit_price),
      quantity: item.quantity,
      total: toRupees(item.line_total),
      sale: item.campaign_name,
    })),
    confirm_by: order.status === "awaiting_confirmation" ? order.confirmation_expires_at : null,
  };
}
