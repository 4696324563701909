/**
 * What makes a cash-on-delivery order worth a second look (docs/decisions/0042-cod-orders-confirmed-and-tracked.md).
 * Checkout stores an order's flags with it; the back office shows them, with the counts behind them, and lists
 * flagged orders under "needs review" until someone acts on them. Zod-free, for pages too.
 */
export const RISK_FLAGS = ["blocked_address", "refused_before", "repeat_24h", "high_value"] as const;
export type RiskFlag = (typeof RISK_FLAGS)[number];

export const RISK_FLAG_NAMES: Record<RiskFlag, string> = {
  blocked_address: "Address on the blocklist",
  refused_before: "Refused a parcel before",
  repeat_24h: "Another order in 24 hours",
  high_value: "High value",
};

/** Flags as stored: "refused_before,high_value" ("" for none). */
export const joinFlags = (flags: readonly RiskFlag[]) => flags.join(",");

export function splitFlags(stored: string): RiskFlag[] {
  return stored
    .split(",")
    .filter((flag): flag is RiskFlag => (RISK_FLAGS as readonly string[]).includes(flag));
}

/**
 * One delivery address however it is typed: "House 12, Street 4" in "Lahore" and "house 12 street 4" in
 * "LAHORE " are one; the key the shop compares and blocks addresses by.
 */
export function addressKey(address: string, city: string): string {
  const words = (text: string) =>
    text
      .toLowerCase()
      .normalize("NFKC")
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim();
  return `${words(address)}|${words(city)}`;
}
