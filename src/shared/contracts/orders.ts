import { z } from "zod";
import { emailField, requiredText } from "./fields.ts";

/** Order numbers look like "BT-261121-7KQ2M"; typed in by hand they may come in lower case. */
export const ORDER_NUMBER = /^[A-Z0-9][A-Z0-9-]{2,39}$/;

/** The order lookup form's wording (the spec has no such form). */
export const ORDER_LOOKUP_MESSAGES = {
  number: "Order number is required.",
  email: "Email is required.",
  emailInvalid: "Email must be a valid email address.",
} as const;

/** The one answer for a wrong number, a wrong email or both, so the form does not tell which was wrong. */
export const ORDER_LOOKUP_NOT_FOUND =
  "We could not find an order with that number and email address. Please check both and try again.";

const orderNumber = (required: string) => requiredText("order number", required, 40).toUpperCase();

/** A guest reads the order they placed with the access token the checkout answered. */
export const guestOrderRequestSchema = z.object({
  number: orderNumber("The order number field is required."),
  token: requiredText("token", "The token field is required.", 200),
});

/** Anyone who knows an order's number and the email it was placed with can see its status. */
export const orderLookupSchema = z.object({
  number: orderNumber(ORDER_LOOKUP_MESSAGES.number),
  email: emailField({ required: ORDER_LOOKUP_MESSAGES.email, invalid: ORDER_LOOKUP_MESSAGES.emailInvalid }),
});

export type GuestOrderRequest = z.output<typeof guestOrderRequestSchema>;
export type OrderLookupInput = z.output<typeof orderLookupSchema>;
export type OrderLookupFields = z.input<typeof orderLookupSchema>;
