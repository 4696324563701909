import { type Kysely, sql } from "kysely";
import { CART_COOKIE, WISHLIST_COOKIE } from "../../shared/cookies.server.ts";
import type { Database } from "./schema.ts";
import { engineOf } from "./search-documents.ts";

/**
 * A guest cart nobody has touched for as long as its cookie lives can never be reached again: the cookie is
 * renewed whenever the cart is added to, and every change to the cart bumps `updated_at`.
 */
export const GUEST_CART_LIFETIME_MS = CART_COOKIE.maxAgeSeconds * 1000;
/** Likewise a guest wishlist: its own cookie is renewed at every save, and every change bumps `updated_at`. */
export const GUEST_WISHLIST_LIFETIME_MS = WISHLIST_COOKIE.maxAgeSeconds * 1000;

/** Rows per DELETE, so a first purge of a large backlog never holds locks for long. */
const BATCH = 1000;

export interface PurgeResult {
  guestCarts: number;
  guestWishlists: number;
  tokens: number;
}

/**
 * Deletes what can no longer be used: guest carts and wishlists untouched for their cookie's lifetime (their
 * lines and items go with them, by the foreign keys' cascade) and sign-in tokens (the storefront's sessions) that
 * expired or were revoked. Users' carts and wishlists stay however old. Safe to run on several instances at once.
 */
export async function purgeExpired(db: Kysely<Database>, now: Date): Promise<PurgeResult> {
  const guestCarts = await purgeGuestRows(db, "carts", now.getTime() - GUEST_CART_LIFETIME_MS);
  const guestWishlists = await purgeGuestRows(db, "wishlists", now.getTime() - GUEST_WISHLIST_LIFETIME_MS);
  const tokens = await inBatches((limit) =>
    db
      .deleteFrom("auth_tokens")
      .where("id", "in", (eb) =>
        eb
          .selectFrom("auth_tokens")
          .select("id")
          .where((where) =>
            where.or([where("expires_at", "<=", now.toISOString()), where("revoked_at", "is not", null)]),
          )
          .limit(limit),
      )
      .executeTakeFirst(),
  );
  return { guestCarts, guestWishlists, tokens };
}

/** Deletes the guests' rows (no user) of a cart-like table last changed before `cutoff` (epoch ms). */
function purgeGuestRows(db: Kysely<Database>, table: "carts" | "wishlists", cutoff: number): Promise<number> {
  const before = new Date(cutoff).toISOString();
  return inBatches((limit) =>
    db
      .deleteFrom(table)
      .where("id", "in", (eb) =>
        eb
          .selectFrom(table)
          .select("id")
          .where("user_id", "is", null)
          .where("updated_at", "<", before)
          .limit(limit),
      )
      .executeTakeFirst(),
  );
}

async function inBatches(remove: (limit: number) => Promise<{ numDeletedRows: bigint }>): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = Number((await remove(BATCH)).numDeletedRows);
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

/**
 * SQLite only: refreshes the planner's statistics (`sqlite_stat1`) of every table whose size changed a lot since
 * they were last gathered, or that has rows and none (`PRAGMA optimize` with 0x10000: every table, not only those
 * this connection used). Without them SQLite prefers the status index for the listing (decision 0059, "SQLite
 * needs its statistics"), so a shop created empty that grew kept sorting every product on sale. An empty table
 * gets none (no figures saying "no products" that would stay). Cheap when nothing changed; PostgreSQL's
 * autovacuum keeps its own.
 */
export async function refreshPlannerStatistics(db: Kysely<Database>): Promise<void> {
  if (engineOf(db) !== "sqlite") return;
  await sql`pragma optimize = 0x10002`.execute(db);
}
