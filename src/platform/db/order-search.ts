import { type RawBuilder, sql } from "kysely";
import type { Engine } from "./connection.ts";

/**
 * The keys the back office finds orders by (docs/decisions/0029-order-workflow.md), as SQL both migrations 012
 * and 023 (which index them) and the orders repository (which searches them) write the same way: an expression index
 * serves a query only when the query repeats the indexed expression exactly.
 *
 * A search is a prefix range (`key >= 'abc' and key < 'abc' || U+10FFFF`) on text compared byte by byte: SQLite
 * compares text that way by default; PostgreSQL does only under the "C" collation, which the keys name there,
 * so a prefix means the same whatever collation the database was created with.
 */

export function byteOrder(key: RawBuilder<unknown>, engine: Engine): RawBuilder<string> {
  return engine === "postgres" ? sql<string>`(${key}) collate "C"` : sql<string>`(${key})`;
}

export const orderSearchKeys = (engine: Engine) => ({
  number: byteOrder(sql`number`, engine),
  email: byteOrder(sql`lower(email)`, engine),
  /** The phone in E.164 (migration 023; src/shared/phone.ts), however it was typed. */
  phone: byteOrder(sql`phone_e164`, engine),
});

export type OrderSearchKey = keyof ReturnType<typeof orderSearchKeys>;

/** The largest character there is: every text that starts with a prefix sorts below prefix + this. */
export const PREFIX_END = "\u{10FFFF}";
