import type { CheckoutValues } from "./checkout-fields.ts";

/** A refused checkout: the one-line message above the form, the first error per field, and what was typed. */
export interface CheckoutFailure {
  formError: string;
  errors: Record<string, string>;
  values: CheckoutValues | null;
}
