/**
 * The wording of "Notify me when it's back" (docs/decisions/0061-back-in-stock.md), shared by the API contract and
 * the product page. A module without zod, so the browser bundle does not pull in the contract's schemas.
 */
export const STOCK_ALERT_MESSAGES = {
  emailRequired: "Please enter your email address.",
  emailInvalid: "Please enter a valid email address.",
  variantRequired: "Please choose a colour and size.",
  variantUnknown: "This colour and size is not sold in the shop.",
  inStock: "Good news: this colour and size is in stock. You can add it to your bag now.",
  /** The one answer to a request, whether it is new or the same address already waits for this variant. */
  saved: "Thank you! We will email you once, as soon as this colour and size is back in stock.",
} as const;
