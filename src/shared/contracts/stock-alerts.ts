import { z } from "zod";
import { PHONE_NOT_PAKISTANI, toE164 } from "../phone.ts";
import { STOCK_ALERT_MESSAGES } from "../stock-alerts.ts";
import { emailField, MAX_ID } from "./fields.ts";

export const stockAlertSchema = z.object({
  variation_id: z
    .preprocess(
      (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
      z
        .number({ error: STOCK_ALERT_MESSAGES.variantRequired })
        .int(STOCK_ALERT_MESSAGES.variantRequired)
        .positive(STOCK_ALERT_MESSAGES.variantRequired)
        .max(MAX_ID, STOCK_ALERT_MESSAGES.variantUnknown),
    )
    .describe("The sold-out variant (a colour and size of a product): `id` of the product's sizes."),
  /** Kept in lower case: one waiting alert per address and variant, whatever its spelling. */
  email: emailField(
    { required: STOCK_ALERT_MESSAGES.emailRequired, invalid: STOCK_ALERT_MESSAGES.emailInvalid },
    { lowerCase: true },
  ),
  phone: z
    .preprocess(
      (value) => (value === undefined || value === null ? "" : value),
      z
        .string({ error: "The phone must be text." })
        .trim()
        .max(30, PHONE_NOT_PAKISTANI)
        .refine((value) => value === "" || toE164(value) !== undefined, PHONE_NOT_PAKISTANI),
    )
    .describe("Optional: a Pakistani phone number, kept with the alert."),
});
export type StockAlertInput = z.output<typeof stockAlertSchema>;

export const wantedVariantSchema = z.object({
  variant_id: z.number().int(),
  product_id: z.number().int(),
  product_title: z.string(),
  color_name: z.string(),
  size_name: z.string(),
  waiting: z.number().int().describe("Shoppers waiting to be told it is back."),
  since: z.string().describe("When the oldest of them asked (ISO 8601)."),
});
export type WantedVariant = z.output<typeof wantedVariantSchema>;

export const wantedVariantsSchema = z.object({ variants: z.array(wantedVariantSchema) });
