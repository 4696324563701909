/** What the page shows when the API does not answer as it should (down, a 5xx, a proxy's HTML page). */
export const PAYMENT_UNAVAILABLE =
  "We could not load this order's payment just now. Please try again in a moment.";

/** What the order payment page's own forms answer: a message above them, or a field's error (the proof). */
export interface OrderPaymentResult {
  intent: string;
  message: string;
  errors: Record<string, string>;
  /** A proof was uploaded. */
  uploaded?: boolean;
}
