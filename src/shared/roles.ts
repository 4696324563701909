/**
 * Who an account is to the shop: everyone who registers is a "customer"; "staff" run products, orders and
 * customers in the back office; the "owner" can do everything, including managing the staff. The database refuses
 * any other value (migration 007). Zod-free, so pages may import it without pulling zod into the browser.
 */
export const USER_ROLES = ["customer", "staff", "owner"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The roles that may open the back office. */
export type BackOfficeRole = Exclude<UserRole, "customer">;

/** Whether an account with `role` may do what needs `needed`: an owner may do everything staff may. */
export function roleAllows(role: UserRole, needed: BackOfficeRole): boolean {
  return needed === "staff" ? role === "staff" || role === "owner" : role === "owner";
}
