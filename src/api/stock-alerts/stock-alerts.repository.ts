import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema.ts";
import { LIVE_STATUS } from "../../shared/product-status.ts";

/** What a restock mail names: the product, its colour and size, and where its page is. */
export interface AlertedVariant {
  variant_id: number;
  product_title: string;
  slug: string;
  color_id: number;
  color_name: string;
  size_name: string;
}

/** Variants with their product, colour and size, to name them to a person. */
const namedVariants = (db: Kysely<Database>) =>
  db
    .selectFrom("variants")
    .innerJoin("products", "products.id", "variants.product_id")
    .innerJoin("colors", "colors.id", "variants.color_id")
    .innerJoin("sizes", "sizes.id", "variants.size_id");

/** Shoppers waiting for sold-out variants (migration 035; docs/decisions/0061-back-in-stock.md). */
export function stockAlertsRepository(db: Kysely<Database>) {
  return {
    /** A variant a shopper may ask for: its stock, if it is a variant of a product on sale. */
    findLiveVariant: (variantId: number) =>
      db
        .selectFrom("variants")
        .innerJoin("products", "products.id", "variants.product_id")
        .select(["variants.id", "variants.stock"])
        .where("variants.id", "=", variantId)
        .where("products.status", "=", LIVE_STATUS)
        .executeTakeFirst(),

    /** Adds a waiting alert unless this address already waits for this variant; true if added. */
    async insertIfNew(values: {
      variant_id: number;
      email: string;
      phone: string | null;
      created_at: string;
    }) {
      const result = await db
        .insertInto("stock_alerts")
        .values(values)
        .onConflict((conflict) => conflict.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /**
     * Claims up to `limit` waiting alerts whose variant has stock now and is on sale: one UPDATE marks them told
     * and answers them, inside the caller's transaction (which queues their mail). On PostgreSQL a second sweep
     * that reaches the same rows waits for the first to commit, then finds `notified_at` set and skips them, so
     * each alert is claimed once; SQLite has one writer at a time.
     */
    claimRestocked: (at: string, limit: number) =>
      db
        .updateTable("stock_alerts")
        .set({ notified_at: at })
        .where("notified_at", "is", null)
        .where("id", "in", (waiting) =>
          waiting
            .selectFrom("stock_alerts as waiting")
            .innerJoin("variants", "variants.id", "waiting.variant_id")
            .innerJoin("products", "products.id", "variants.product_id")
            .select("waiting.id")
            .where("waiting.notified_at", "is", null)
            .where("variants.stock", ">", 0)
            .where("products.status", "=", LIVE_STATUS)
            .orderBy("waiting.id")
            .limit(limit),
        )
        .returning(["id", "variant_id", "email", "phone"])
        .execute(),

    variantsNamed: (variantIds: readonly number[]): Promise<AlertedVariant[]> =>
      variantIds.length === 0
        ? Promise.resolve([])
        : namedVariants(db)
            .select([
              "variants.id as variant_id",
              "products.title as product_title",
              "products.slug",
              "variants.color_id",
              "colors.name as color_name",
              "sizes.name as size_name",
            ])
            .where("variants.id", "in", variantIds)
            .execute(),

    /** The sold-out variants with the most shoppers waiting, then the longest waited for. */
    async mostWanted(limit: number) {
      const rows = await namedVariants(db)
        .innerJoin("stock_alerts", "stock_alerts.variant_id", "variants.id")
        .select((eb) => [
          "variants.id as variant_id",
          "products.id as product_id",
          "products.title as product_title",
          "colors.name as color_name",
          "sizes.name as size_name",
          eb.fn.countAll<number | string>().as("waiting"),
          eb.fn.min("stock_alerts.created_at").as("since"),
        ])
        .where("stock_alerts.notified_at", "is", null)
        .where("variants.stock", "<=", 0)
        .where("products.status", "=", LIVE_STATUS)
        .groupBy(["variants.id", "products.id", "products.title", "colors.name", "sizes.name"])
        .orderBy("waiting", "desc")
        .orderBy("since", "asc")
        .orderBy("variants.id", "asc")
        .limit(limit)
        .execute();
      return rows.map((row) => ({ ...row, waiting: Number(row.waiting), since: String(row.since) }));
    },
  };
}
