/** The cash-on-delivery fee's line, wherever figures are shown (cart, checkout, orders). */
export const COD_FEE_LABEL = "Cash on delivery fee";

/** The Discount line's label: the spec's 'Discount', naming the code when one priced the cart or order. */
export function discountLabel(code: string | null | undefined): string {
  return code ? `Discount (${code})` : "Discount";
}
