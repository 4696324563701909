import type { ExpressionBuilder, Insertable, Updateable } from "kysely";
import type {
  Database,
  Db,
  NewProduct,
  ProductImageTable,
  ProductTable,
  ProductTagTable,
  Trx,
  VariantTable,
} from "../../platform/db/schema.ts";
import type { PlacedVariant } from "./default-variant.ts";

/**
 * The product write model's SQL: the statements `product-writer.ts` runs, in the order it decides, inside the
 * caller's transaction. No rules here: which rows to write, SKUs and listing prices are the writer's.
 */

/** The shop's size order, for placing variants (`default-variant.ts`). */
export async function sizePositions(db: Db, sizeIds: number[]): Promise<Map<number, number>> {
  const rows = await db.selectFrom("sizes").select(["id", "position"]).where("id", "in", sizeIds).execute();
  return new Map(rows.map((row) => [row.id, row.position]));
}

/** The names of the colours and sizes given, by id (for default SKUs). */
export async function colorAndSizeNames(
  db: Db,
  colorIds: number[],
  sizeIds: number[],
): Promise<{ colorName: Map<number, string>; sizeName: Map<number, string> }> {
  const [colors, sizes] = await Promise.all([
    db.selectFrom("colors").select(["id", "name"]).where("id", "in", colorIds).execute(),
    db.selectFrom("sizes").select(["id", "name"]).where("id", "in", sizeIds).execute(),
  ]);
  return {
    colorName: new Map(colors.map((row) => [row.id, row.name])),
    sizeName: new Map(sizes.map((row) => [row.id, row.name])),
  };
}

/** Which of `candidates` a variant holds (other than `productId`'s, when given). */
export async function heldSkus(
  db: Db,
  candidates: string[],
  productId?: number,
): Promise<Set<string | null>> {
  let held = db.selectFrom("variants").select("sku").where("sku", "in", candidates);
  if (productId !== undefined) held = held.where("product_id", "!=", productId);
  return new Set((await held.execute()).map((row) => row.sku));
}

export async function insertProductRow(db: Db, values: NewProduct): Promise<number> {
  const { id } = await db.insertInto("products").values(values).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function insertVariantRows(db: Db, rows: Insertable<VariantTable>[]): Promise<void> {
  await db.insertInto("variants").values(rows).execute();
}

export async function insertVariantRow(db: Db, row: Insertable<VariantTable>): Promise<void> {
  await db.insertInto("variants").values(row).execute();
}

export async function insertProductTags(db: Db, rows: Insertable<ProductTagTable>[]): Promise<void> {
  await db.insertInto("product_tags").values(rows).execute();
}

export async function deleteProductTags(trx: Trx, productId: number): Promise<void> {
  await trx.deleteFrom("product_tags").where("product_id", "=", productId).execute();
}

export async function insertImageRows(db: Db, rows: Insertable<ProductImageTable>[]): Promise<void> {
  await db.insertInto("product_images").values(rows).execute();
}

export async function deleteProductImages(trx: Trx, productId: number): Promise<void> {
  await trx.deleteFrom("product_images").where("product_id", "=", productId).execute();
}

/** A product's variants as the grid matches them (by colour and size). */
export function gridVariants(trx: Trx, productId: number) {
  return trx
    .selectFrom("variants")
    .select(["id", "color_id", "size_id", "sku"])
    .where("product_id", "=", productId)
    .execute();
}

export async function deleteVariants(trx: Trx, ids: number[]): Promise<void> {
  await trx.deleteFrom("variants").where("id", "in", ids).execute();
}

export async function clearSkus(trx: Trx, ids: number[]): Promise<void> {
  await trx.updateTable("variants").set({ sku: null }).where("id", "in", ids).execute();
}

export async function updateVariantRow(
  trx: Trx,
  id: number,
  change: Updateable<VariantTable>,
): Promise<void> {
  await trx.updateTable("variants").set(change).where("id", "=", id).execute();
}

/** What an edit reads of the product before changing it. */
export function productBeforeEdit(trx: Trx, productId: number) {
  return trx
    .selectFrom("products")
    .select(["slug", "discount", "updated_at"])
    .where("id", "=", productId)
    .executeTakeFirstOrThrow();
}

/** `oldSlug` now leads to the product; `newSlug` (perhaps one of its old ones) no longer redirects. */
export async function moveSlug(
  trx: Trx,
  productId: number,
  oldSlug: string,
  newSlug: string,
  at: string,
): Promise<void> {
  await trx.deleteFrom("product_slug_redirects").where("old_slug", "=", newSlug).execute();
  await trx
    .insertInto("product_slug_redirects")
    .values({ old_slug: oldSlug, product_id: productId, created_at: at })
    .execute();
}

export async function updateProductRow(db: Db, productId: number, change: Updateable<ProductTable>) {
  await db.updateTable("products").set(change).where("id", "=", productId).execute();
}

export async function deleteProductRow(trx: Trx, productId: number): Promise<boolean> {
  const result = await trx.deleteFrom("products").where("id", "=", productId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A category, colour or tag whose name or existence the search documents of its products depend on. */
export type CatalogueReference = { categoryId: number } | { colorId: number } | { tagId: number };

/** The ids of the products that use `reference` (in their category, a variant's colour, or their tags). */
export async function productsUsing(db: Db, reference: CatalogueReference): Promise<number[]> {
  let rows: { product_id: number }[];
  if ("categoryId" in reference)
    rows = await db
      .selectFrom("products")
      .select("id as product_id")
      .where("category_id", "=", reference.categoryId)
      .execute();
  else if ("colorId" in reference)
    rows = await db
      .selectFrom("variants")
      .select("product_id")
      .distinct()
      .where("color_id", "=", reference.colorId)
      .execute();
  else
    rows = await db
      .selectFrom("product_tags")
      .select("product_id")
      .where("tag_id", "=", reference.tagId)
      .execute();
  return rows.map((row) => row.product_id);
}

/** A product's variants with what places them (`default-variant.ts`). */
export function placedVariants(db: Db, productId: number): Promise<PlacedVariant[]> {
  return db
    .selectFrom("variants")
    .innerJoin("sizes", "sizes.id", "variants.size_id")
    .select([
      "variants.id",
      "variants.color_id",
      "variants.size_id",
      "sizes.position as size_position",
      "variants.price",
      "variants.stock",
    ])
    .where("variants.product_id", "=", productId)
    .execute();
}

/**
 * Writes the product's row without changing it, which on PostgreSQL locks it; answers its discount, or
 * undefined when there is no such product.
 */
export async function lockProductForPrice(db: Db, productId: number): Promise<number | undefined> {
  const locked = await db
    .updateTable("products")
    .set((eb) => ({ price: eb.ref("price") }))
    .where("id", "=", productId)
    .returning("discount")
    .executeTakeFirst();
  return locked?.discount;
}

/** The better of a product's `column` and `percent`: the percent shoppers get (docs/decisions/0048-scheduled-sales.md). */
function betterOf(
  eb: ExpressionBuilder<Database, "products">,
  column: "own_discount" | "campaign_discount",
  percent: number,
) {
  return eb.case().when(column, ">", percent).then(eb.ref(column)).else(eb.val(percent)).end();
}

/**
 * The owner's own percent for a product, and the percent shoppers get: the better of it and the product's campaign
 * percent, in one statement so a campaign run at the same moment cannot be overwritten with a stale figure.
 */
export async function writeOwnDiscount(db: Db, productId: number, own: number): Promise<void> {
  await db
    .updateTable("products")
    .set((eb) => ({ own_discount: own, discount: betterOf(eb, "campaign_discount", own) }))
    .where("id", "=", productId)
    .execute();
}

/** What the running campaigns give a product (decision 0048, 0049): kept by the campaign clock. */
export interface CampaignState {
  /** The best campaign percent, 0 for none. */
  percent: number;
  /** The campaign that gives it (null for none). */
  campaignId: number | null;
  /** A running campaign puts it in Daily Deals. */
  dailyDeal: boolean;
}

/**
 * A product's campaign state, and so the percent shoppers get (the better of the campaign's and the owner's) and
 * whether it is in Daily Deals (the owner's flag or a campaign's), only when the state differs: answers the new
 * shown percent and Daily Deals flag, or undefined when there was nothing to change (another instance's run got
 * there first, or the product is gone). On PostgreSQL the row is locked and the condition checked again once the
 * lock is held, so two runs never both write it.
 */
export async function writeCampaignState(
  db: Db,
  productId: number,
  state: CampaignState,
): Promise<{ discount: number; dailyDeal: boolean; dailyDealBefore: boolean } | undefined> {
  const deal = state.dailyDeal ? 1 : 0;
  const before = await db
    .selectFrom("products")
    .select("daily_deal")
    .where("id", "=", productId)
    .executeTakeFirst();
  const row = await db
    .updateTable("products")
    .set((eb) => ({
      campaign_discount: state.percent,
      campaign_id: state.campaignId,
      campaign_daily_deal: deal,
      discount: betterOf(eb, "own_discount", state.percent),
      daily_deal: deal === 1 ? eb.val(1) : eb.ref("own_daily_deal"),
    }))
    .where("id", "=", productId)
    .where((eb) =>
      eb.or([
        eb("campaign_discount", "!=", state.percent),
        eb("campaign_daily_deal", "!=", deal),
        state.campaignId === null
          ? eb("campaign_id", "is not", null)
          : eb.or([eb("campaign_id", "is", null), eb("campaign_id", "!=", state.campaignId)]),
      ]),
    )
    .returning(["discount", "daily_deal"])
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    discount: row.discount,
    dailyDeal: row.daily_deal === 1,
    dailyDealBefore: before?.daily_deal === 1,
  };
}

/** The owner's own Daily Deals flag, and the one shoppers see: either it or a running campaign's. */
export async function writeOwnDailyDeal(db: Db, productId: number, own: boolean): Promise<void> {
  await db
    .updateTable("products")
    .set((eb) => ({
      own_daily_deal: own ? 1 : 0,
      daily_deal: own ? eb.val(1) : eb.ref("campaign_daily_deal"),
    }))
    .where("id", "=", productId)
    .execute();
}
