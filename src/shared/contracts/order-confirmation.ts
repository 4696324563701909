import { z } from "zod";
import { orderSchema } from "./checkout.ts";
import { optionalText } from "./fields.ts";

/** Confirming a cash-on-delivery order (docs/decisions/0042-cod-orders-confirmed-and-tracked.md). */
export const ORDER_CONFIRMATION_MESSAGES = {
  proof: "Enter the 6-digit code from your message, or open the link in it.",
  code: "The code is the 6 digits in the message we sent you.",
  wrongCode: "That code is not right. Please check the message we sent you and try again.",
  tooManyCodes:
    "That code was tried too many times. Please open the link in our message, or wait for our call to confirm your order.",
  badLink: "This confirmation link is not valid. Please open the link exactly as it is in our message.",
  expired:
    "The time to confirm this order has passed, so it has been cancelled. You are welcome to order again.",
  notFound: "Order not found.",
  confirmed: "Thank you! Your order is confirmed. We will let you know when it ships.",
  staffConfirmed: "The order is confirmed.",
  cancelledEmail:
    "Your order was cancelled because it was not confirmed in time, and it will not be delivered. Nothing is due. " +
    "You are welcome to order again.",
} as const;

const SAY = ORDER_CONFIRMATION_MESSAGES;

export const confirmOrderSchema = z
  .object({
    token: z.string({ error: SAY.badLink }).trim().max(400, SAY.badLink).optional(),
    code: z
      .string({ error: SAY.code })
      .transform((value) => value.replace(/[\s-]/g, ""))
      .pipe(z.string().regex(/^\d{6}$/, SAY.code))
      .optional(),
  })
  .refine((body) => Boolean(body.token) || Boolean(body.code), { message: SAY.proof, path: ["code"] });
export type ConfirmOrderInput = z.output<typeof confirmOrderSchema>;

export const confirmedOrderSchema = z.object({ message: z.string(), order: orderSchema });

export const staffConfirmSchema = z.object({
  note: optionalText("note", 500).describe("How it was confirmed (for the order's history)."),
});
