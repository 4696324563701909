import type { Db } from "../../platform/db/schema.ts";

/** The scopes whose ids name rows, and the table each names (a discount code's, a scheduled sale's). */
const SCOPE_TABLES = { categories: "categories", products: "products", tags: "tags" } as const;
export type NamedScope = keyof typeof SCOPE_TABLES;

/** Of these ids, the ones that exist in the scope's table. */
export async function existingScopeIds(trx: Db, scope: NamedScope, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await trx.selectFrom(SCOPE_TABLES[scope]).select("id").where("id", "in", ids).execute();
  return rows.map((row) => row.id);
}
