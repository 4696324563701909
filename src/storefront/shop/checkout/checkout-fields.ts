import { checkoutSchema } from "../../../shared/contracts/checkout.ts";
import { isPaymentMethod } from "../../../shared/payment.ts";
import { formText } from "../../ui/forms/api-errors.ts";

/** The checkout form's field names, in the order they appear. */
export const CHECKOUT_FIELDS = [
  "email",
  "phone",
  "country",
  "first_name",
  "last_name",
  "address",
  "address_2",
  "city",
  "postcode",
  "notes",
  "payment_method",
] as const;

/** The hidden field that carries the checkout attempt's Idempotency-Key (see checkout.server.ts). */
export const IDEMPOTENCY_FIELD = "idempotency_key";

export type CheckoutField = (typeof CHECKOUT_FIELDS)[number];
export type CheckoutValues = Record<CheckoutField, string>;

export function checkoutValues(form: FormData): CheckoutValues {
  return Object.fromEntries(CHECKOUT_FIELDS.map((field) => [field, formText(form, field)])) as CheckoutValues;
}

/**
 * The spec's payload for POST /api/checkout. `total` is the one the shopper saw; the server refuses the order if
 * its own total differs, so a stale page can never be charged a different amount.
 */
export function checkoutPayload(values: CheckoutValues, total: string) {
  const shownTotal = Number(total);
  return {
    email: values.email,
    phone: values.phone,
    shipping_address: {
      country: values.country || "Pakistan",
      first_name: values.first_name,
      last_name: values.last_name,
      address: values.address,
      address_2: values.address_2,
      city: values.city,
      postcode: values.postcode,
    },
    notes: values.notes,
    // Cash on delivery goes as the spec's payload has it: without the field.
    ...(isPaymentMethod(values.payment_method) && values.payment_method !== "cod"
      ? { payment_method: values.payment_method }
      : {}),
    ...(total.trim() !== "" && Number.isFinite(shownTotal) ? { total: shownTotal } : {}),
  };
}

/**
 * Checks the form with the endpoint's own schema before anything is sent: the first message per field, keyed by
 * the form's field name ("shipping_address.city" is "city"). Only emptiness fails for the required fields.
 */
export function validateCheckout(values: CheckoutValues): Partial<Record<CheckoutField, string>> {
  const result = checkoutSchema.safeParse(checkoutPayload(values, ""));
  const errors: Partial<Record<CheckoutField, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path.at(-1) ?? "") as CheckoutField;
    if (CHECKOUT_FIELDS.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
