import { z } from "zod";
import { pageMetaSchema } from "./catalogue.ts";
import { optionalText, pageField, requiredText } from "./fields.ts";

/** Who may not order cash on delivery (docs/decisions/0042-cod-orders-confirmed-and-tracked.md). */
export const BLOCK_KINDS = ["phone", "email", "address"] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

export const BLOCKLIST_PER_PAGE = 50;

export const BLOCKLIST_MESSAGES = {
  kind: "Choose what to block: a phone number, an email or an address.",
  value: "Enter the phone number, email or address to block.",
  reason: "Say why, for whoever reads the list later.",
  city: "Enter the address's city.",
  phone: "That is not a Pakistani phone number, such as 0300 1234567.",
  email: "That is not an email address.",
  duplicate: "That is on the blocklist already.",
  notFound: "That entry is not on the blocklist.",
} as const;

export const blocklistEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(BLOCK_KINDS),
  value: z
    .string()
    .describe("As typed; phones are compared in E.164, emails without case, addresses by their words."),
  reason: z.string(),
  created_by: z.string(),
  created_at: z.string(),
});
export type BlocklistEntry = z.output<typeof blocklistEntrySchema>;

export const blocklistPageSchema = z.object({ data: z.array(blocklistEntrySchema), meta: pageMetaSchema });
export type BlocklistPage = z.output<typeof blocklistPageSchema>;

export const blocklistQuerySchema = z.object({ page: pageField() });

export const newBlockSchema = z.object({
  kind: z.enum(BLOCK_KINDS, { error: BLOCKLIST_MESSAGES.kind }),
  value: requiredText("value", BLOCKLIST_MESSAGES.value, 255),
  city: optionalText("city", 100).describe("For an address: its city (required then)."),
  reason: requiredText("reason", BLOCKLIST_MESSAGES.reason, 500),
});
export type NewBlock = z.output<typeof newBlockSchema>;
