import type { AdminOrder } from "../../../shared/contracts/admin-orders.ts";
import { formatRupees } from "../../../shared/money.ts";

/**
 * The order's lines as sold (name, colour, size, price), with each variant's SKU today under its name, for
 * picking, and the sale that priced it when one did: four columns, so the table fits beside the status card
 * without scrolling.
 */
export function OrderLinesTable({ order }: { order: AdminOrder }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table--cards admin-order-lines">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className="admin-num">
              Unit price
            </th>
            <th scope="col" className="admin-num">
              Qty
            </th>
            <th scope="col" className="admin-num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item.variant_id} data-testid="admin-order-line">
              <th scope="row" className="admin-wrap" data-label="Product">
                {item.name}
                <span className="admin-order-lines__variant">
                  Colour: {item.color_name} · Size: {item.size_name}
                </span>
                <span className="admin-order-lines__variant admin-order-lines__sku">
                  SKU: {item.sku ?? "—"}
                </span>
                {item.sale && (
                  <span className="admin-order-lines__variant" data-testid="admin-order-line-sale">
                    Priced by the sale: {item.sale}
                  </span>
                )}
              </th>
              <td className="admin-num" data-label="Unit price">
                {formatRupees(item.price)}
              </td>
              <td className="admin-num" data-label="Qty">
                {item.quantity}
              </td>
              <td className="admin-num" data-label="Total">
                {formatRupees(item.total)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
