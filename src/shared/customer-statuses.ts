/**
 * The back office's customer list filter: every account, the active ones, or the disabled ones. Zod-free, so the
 * page's select may import it without pulling zod into the browser.
 */
export const CUSTOMER_STATUSES = ["all", "active", "disabled"] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];
