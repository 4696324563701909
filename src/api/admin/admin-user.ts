import type { UserRow } from "../../platform/db/schema.ts";
import type { AdminUser } from "../../shared/contracts/admin.ts";
import { toUser } from "../account/account.service.ts";

/** An account as the back office shows it: the shopper's fields plus its role and whether it is disabled. */
export function toAdminUser(row: UserRow): AdminUser {
  return { ...toUser(row), role: row.role, disabled_at: row.disabled_at };
}
