import type { Kysely } from "kysely";
import type { Database, Db } from "../platform/db/schema.ts";

/** Whose cart or wishlist: a signed-in user's, or a guest's, named by the SHA-256 of its cookie's key. */
export type Owner = { userId: number } | { guestKeyHash: string };

/** The tables holding one row per owner: `user_id` or `guest_key_hash` (each unique), and the times. */
export type OwnedTable = "carts" | "wishlists";

/** `query` narrowed to `owner`'s row. */
export function whereOwner<Q extends WhereOwner<Q>>(query: Q, owner: Owner): Q {
  return "userId" in owner
    ? query.where("user_id", "=", owner.userId)
    : query.where("guest_key_hash", "=", owner.guestKeyHash);
}

interface WhereOwner<Q> {
  where(column: "user_id", operator: "=", value: number): Q;
  where(column: "guest_key_hash", operator: "=", value: string): Q;
}

/** Finding, creating and touching the one row of an owner in a cart-like table (carts, wishlists). */
export function ownedRows(db: Kysely<Database>, table: OwnedTable) {
  return {
    async findId(owner: Owner, trx: Db = db): Promise<number | undefined> {
      return (await whereOwner(trx.selectFrom(table).select("id"), owner).executeTakeFirst())?.id;
    },

    /**
     * The owner's row, created if there is none and touched if there is: one upsert, so requests racing to
     * create it (a double click, several tabs) all land in the one row instead of failing on its unique key. It
     * also locks the row for the transaction, so changes under one owner take turns.
     */
    async ensure(owner: Owner, trx: Db = db): Promise<number> {
      const now = new Date().toISOString();
      const row = await trx
        .insertInto(table)
        .values({
          user_id: "userId" in owner ? owner.userId : null,
          guest_key_hash: "guestKeyHash" in owner ? owner.guestKeyHash : null,
          created_at: now,
          updated_at: now,
        })
        .onConflict((conflict) =>
          conflict
            .column("userId" in owner ? "user_id" : "guest_key_hash")
            .doUpdateSet({ updated_at: (eb) => eb.ref("excluded.updated_at") }),
        )
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** `findId` and `touch` in one statement: the owner's row touched (and locked), or undefined. */
    async touchOwned(owner: Owner, trx: Db = db): Promise<number | undefined> {
      const query = trx.updateTable(table).set({ updated_at: new Date().toISOString() });
      return (await whereOwner(query, owner).returning("id").executeTakeFirst())?.id;
    },

    async touch(id: number, trx: Db = db) {
      await trx
        .updateTable(table)
        .set({ updated_at: new Date().toISOString() })
        .where("id", "=", id)
        .execute();
    },
  };
}
