import { z } from "zod";

/** The owner's settings for orders (docs/decisions/0042-cod-orders-confirmed-and-tracked.md). */
export const ORDER_SETTINGS_DEFAULTS = {
  confirmation_required: true,
  confirmation_hours: 48,
  high_value_threshold: 25_000,
  return_window_days: 30,
} as const;

export const ORDER_SETTINGS_MESSAGES = {
  confirmationRequired: "Say whether orders must be confirmed (true or false).",
  confirmationHours: "The time to confirm must be a whole number of hours from 1 to 336 (two weeks).",
  highValue: "The high-value amount must be a whole number of rupees from 0 to 10,000,000.",
  returnWindow: "The days to return an order must be a whole number from 0 to 365.",
} as const;

export const orderSettingsSchema = z.object({
  confirmation_required: z
    .boolean({ error: ORDER_SETTINGS_MESSAGES.confirmationRequired })
    .describe(
      "Whether a new order waits for the shopper's confirmation (their link or code, or staff after a call) before it is worked on.",
    ),
  confirmation_hours: z
    .number({ error: ORDER_SETTINGS_MESSAGES.confirmationHours })
    .int(ORDER_SETTINGS_MESSAGES.confirmationHours)
    .min(1, ORDER_SETTINGS_MESSAGES.confirmationHours)
    .max(336, ORDER_SETTINGS_MESSAGES.confirmationHours)
    .describe("An order not confirmed within this many hours is cancelled and its stock put back."),
  high_value_threshold: z
    .number({ error: ORDER_SETTINGS_MESSAGES.highValue })
    .int(ORDER_SETTINGS_MESSAGES.highValue)
    .min(0, ORDER_SETTINGS_MESSAGES.highValue)
    .max(10_000_000, ORDER_SETTINGS_MESSAGES.highValue)
    .describe("Orders of this total (rupees) or more are flagged for review; 0 flags none."),
  return_window_days: z
    .number({ error: ORDER_SETTINGS_MESSAGES.returnWindow })
    .int(ORDER_SETTINGS_MESSAGES.returnWindow)
    .min(0, ORDER_SETTINGS_MESSAGES.returnWindow)
    .max(365, ORDER_SETTINGS_MESSAGES.returnWindow)
    .optional()
    .describe(
      "Days after delivery in which a shopper may ask for a return (docs/decisions/0054); 0 takes no requests. Absent keeps what is set (30 at first).",
    ),
});
export type OrderSettings = z.output<typeof orderSettingsSchema>;
