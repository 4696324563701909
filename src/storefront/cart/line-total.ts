import { toPaisa, toRupees } from "../../shared/money.ts";

/** A line's subtotal (unit price times quantity) for display, summed in whole paisa so it never drifts. */
export function lineTotal(price: number, quantity: number): number {
  return toRupees(toPaisa(price) * quantity);
}
