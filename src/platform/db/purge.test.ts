import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalogue, type Catalogue, variantId } from "../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { GUEST_CART_LIFETIME_MS, GUEST_WISHLIST_LIFETIME_MS, purgeExpired } from "./purge.ts";

const { engine, available } = testEngine();

const NOW = new Date("2026-03-01T12:00:00.000Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const later = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const DAY = 24 * 60 * 60 * 1000;

describe.skipIf(!available)(`purging expired carts, wishlists and tokens on ${engine}`, () => {
  let database: TestDatabase;
  let catalogue: Catalogue;
  let variant: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    const { products, colors, sizes } = catalogue;
    variant = await variantId(database.db, products.shirt, colors.navy.id, sizes.small.id);
  });
  afterAll(() => database?.drop());

  async function user(email: string) {
    const row = await database.db
      .insertInto("users")
      .values({
        first_name: "A",
        last_name: "B",
        email,
        password_hash: "x",
        phone: null,
        image: null,
        created_at: ago(400 * DAY),
        updated_at: ago(400 * DAY),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function cart(owner: { user_id: number } | { guest_key_hash: string }, updatedAt: string) {
    const row = await database.db
      .insertInto("carts")
      .values({ user_id: null, guest_key_hash: null, ...owner, created_at: updatedAt, updated_at: updatedAt })
      .returning("id")
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto("cart_items")
      .values({ cart_id: row.id, variant_id: variant, quantity: 1, created_at: updatedAt })
      .execute();
    return row.id;
  }

  async function wishlist(owner: { user_id: number } | { guest_key_hash: string }, updatedAt: string) {
    const row = await database.db
      .insertInto("wishlists")
      .values({ user_id: null, guest_key_hash: null, ...owner, created_at: updatedAt, updated_at: updatedAt })
      .returning("id")
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto("wishlist_items")
      .values({
        wishlist_id: row.id,
        product_id: catalogue.products.shirt,
        variant_id: null,
        created_at: updatedAt,
      })
      .execute();
    return row.id;
  }

  async function token(userId: number, hash: string, expiresAt: string, revokedAt: string | null = null) {
    await database.db
      .insertInto("auth_tokens")
      .values({
        user_id: userId,
        token_hash: hash,
        created_at: ago(DAY),
        expires_at: expiresAt,
        revoked_at: revokedAt,
      })
      .execute();
  }

  it("deletes stale guest carts with their lines and dead tokens, and keeps everything still usable", async () => {
    const owner = await user("owner@example.test");
    const staleGuest = await cart({ guest_key_hash: "stale" }, ago(GUEST_CART_LIFETIME_MS + 1000));
    const freshGuest = await cart({ guest_key_hash: "fresh" }, ago(GUEST_CART_LIFETIME_MS - 60_000));
    const oldUserCart = await cart({ user_id: owner }, ago(365 * DAY));
    await token(owner, "expired", ago(1000));
    await token(owner, "expires-now", NOW.toISOString());
    await token(owner, "revoked", later(10 * DAY), ago(DAY));
    await token(owner, "live", later(DAY));

    expect(await purgeExpired(database.db, NOW)).toEqual({ guestCarts: 1, guestWishlists: 0, tokens: 3 });

    const carts = await database.db.selectFrom("carts").select("id").orderBy("id").execute();
    expect(carts.map((row) => row.id)).toEqual([freshGuest, oldUserCart].sort((a, b) => a - b));
    const lines = await database.db.selectFrom("cart_items").select("cart_id").execute();
    expect(lines.map((row) => row.cart_id)).not.toContain(staleGuest);
    expect(lines).toHaveLength(2);
    const tokens = await database.db.selectFrom("auth_tokens").select("token_hash").execute();
    expect(tokens.map((row) => row.token_hash)).toEqual(["live"]);

    // Nothing left to do: a second run deletes nothing.
    expect(await purgeExpired(database.db, NOW)).toEqual({ guestCarts: 0, guestWishlists: 0, tokens: 0 });
  });

  it("deletes guest wishlists untouched for their cookie's lifetime, with their items, and keeps the rest", async () => {
    const owner = await user("wisher@example.test");
    const stale = await wishlist({ guest_key_hash: "stale" }, ago(GUEST_WISHLIST_LIFETIME_MS + 1000));
    const fresh = await wishlist({ guest_key_hash: "fresh" }, ago(GUEST_WISHLIST_LIFETIME_MS - 60_000));
    const oldUsers = await wishlist({ user_id: owner }, ago(365 * DAY));

    expect(await purgeExpired(database.db, NOW)).toEqual({ guestCarts: 0, guestWishlists: 1, tokens: 0 });

    const kept = await database.db.selectFrom("wishlists").select("id").orderBy("id").execute();
    expect(kept.map((row) => row.id)).toEqual([fresh, oldUsers].sort((a, b) => a - b));
    const items = await database.db.selectFrom("wishlist_items").select("wishlist_id").execute();
    expect(items.map((row) => row.wishlist_id).sort((a, b) => a - b)).toEqual(
      [fresh, oldUsers].sort((a, b) => a - b),
    );
    expect(stale).toBeGreaterThan(0);
  });

  it("works through a backlog larger than one batch", async () => {
    await database.db.deleteFrom("carts").execute();
    const stale = ago(GUEST_CART_LIFETIME_MS + DAY);
    const rows = Array.from({ length: 2500 }, (_, index) => ({
      user_id: null,
      guest_key_hash: `backlog-${index}`,
      created_at: stale,
      updated_at: stale,
    }));
    for (let start = 0; start < rows.length; start += 500) {
      await database.db
        .insertInto("carts")
        .values(rows.slice(start, start + 500))
        .execute();
    }
    expect(await purgeExpired(database.db, NOW)).toEqual({ guestCarts: 2500, guestWishlists: 0, tokens: 0 });
    expect(await database.db.selectFrom("carts").select("id").execute()).toEqual([]);
  });
});
