import type { Db } from "../../platform/db/schema.ts";
import { existingScopeIds, type NamedScope } from "./scope-ids.repository.ts";

/**
 * What a discount code or a scheduled sale is for, as it is stored: each chosen id once (none for everything). Tells
 * `refuse` when a scope that names rows has none chosen, or names ones that do not exist (any more).
 */
export async function chosenScopeIds(
  trx: Db,
  scope: NamedScope | "all",
  ids: readonly number[],
  refuse: (message: string) => void,
  messages: { none: string; missing: (ids: number[]) => string },
): Promise<number[]> {
  if (scope === "all") return [];
  const chosen = [...new Set(ids)];
  if (chosen.length === 0) {
    refuse(messages.none);
    return chosen;
  }
  const existing = new Set(await existingScopeIds(trx, scope, chosen));
  const missing = chosen.filter((id) => !existing.has(id));
  if (missing.length > 0) refuse(messages.missing(missing));
  return chosen;
}
