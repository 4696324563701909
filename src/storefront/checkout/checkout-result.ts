import type { CheckoutValues } from "./checkout-fields.ts";

/** Spec section 8: what the checkout says when the browser cannot reach the server. */
export const CONNECTION_FAILED = "Failed to connect to server. Please try again.";

/** A refused checkout: the one-line message above the form, the first error per field, and what was typed. */
export interface CheckoutFailure {
  formError: string;
  errors: Record<string, string>;
  values: CheckoutValues | null;
}
