import { z } from "zod";
import { checkoutSchema, placedOrderSchema } from "./checkout.ts";
import { type Operation, WRITE_ERRORS } from "./contract.ts";

/** `Idempotency-Key`: what a client sends to make a retried checkout safe (docs/decisions/0014). */
export const checkoutHeadersSchema = z.object({
  "Idempotency-Key": z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, "Idempotency-Key must be 1 to 255 visible ASCII characters.")
    .optional()
    .describe(
      "A key of the client's choosing (a UUID) for one checkout attempt. Sending the same request again with " +
        "the same key (same shopper) answers the first answer again and places no second order, also when " +
        "both arrive at once; the same key with a different body answers 422. Keys are kept 24 hours. A " +
        "refused attempt (409, 422) stores nothing, so its key may be used again.",
    ),
});

/** Placing an order. Spread into `operations` (operations.ts). */
export const checkoutOperations = {
  checkout: {
    method: "POST",
    path: "/checkout",
    summary: "Place an order for the caller's cart (prices, totals and stock are the server's)",
    tag: "Checkout",
    auth: "optional",
    cartCookie: true,
    headers: checkoutHeadersSchema,
    body: checkoutSchema,
    status: 201,
    response: placedOrderSchema,
    errors: [...WRITE_ERRORS, 409, 429],
  },
} as const satisfies Record<string, Operation>;
