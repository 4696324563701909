import type {
  AddToWishlistInput,
  Wishlist,
  WishlistIds,
  WishlistItem,
} from "../../shared/contracts/wishlist.ts";
import { LIVE_STATUS } from "../../shared/product-status.ts";
import { MAX_WISHLIST_ITEMS, WISHLIST_MESSAGES } from "../../shared/wishlist-rules.ts";
import { Conflict, NotFound } from "../errors.ts";
import { salePrice, toRupees } from "../money/money.ts";
import { defaultVariant, inDisplayOrder } from "../products/default-variant.ts";
import type { WishlistOwner, WishlistRepository } from "./wishlist.repository.ts";

const EMPTY_IDS: WishlistIds = { count: 0, product_ids: [] };

type ItemRow = Awaited<ReturnType<WishlistRepository["items"]>>[number];
type VariantRow = Awaited<ReturnType<WishlistRepository["variantsOf"]>>[number];

/**
 * A saved product as the wishlist shows it (one the shop has withdrawn since is kept, marked unavailable). The
 * row opens on the variant saved with it while that has stock, else on the one the product page opens on (the
 * default-variant rule); its price, photo and the chooser's first choice are that variant's. Every figure comes
 * from the money module.
 */
function toItem(row: ItemRow, variants: VariantRow[], photoOf: (colorId: number) => string | undefined) {
  const ordered = inDisplayOrder(variants);
  const saved = ordered.find((variant) => variant.id === row.saved_variant_id);
  const opensOn = saved && saved.stock > 0 ? saved : defaultVariant(ordered);
  const stock = ordered.reduce((sum, variant) => sum + variant.stock, 0);
  const price = opensOn?.price ?? 0;
  const item: WishlistItem = {
    id: row.id,
    slug: row.slug,
    title: row.title,
    image: (opensOn && photoOf(opensOn.color_id)) ?? row.image,
    price: toRupees(price),
    discount_price: row.discount > 0 ? toRupees(salePrice(price, row.discount)) : null,
    discount: row.discount,
    available: row.status === LIVE_STATUS,
    stock,
    sold_out: stock === 0,
    saved_variation_id: saved?.id ?? null,
    variation_id: opensOn?.id ?? null,
    options: ordered.map((variant) => ({
      id: variant.id,
      color_id: variant.color_id,
      color_name: variant.color_name,
      color_code: variant.color_code,
      size_name: variant.size_name,
      price: toRupees(salePrice(variant.price, row.discount)),
      regular_price: toRupees(variant.price),
      stock: variant.stock,
    })),
    added_at: row.added_at,
  };
  return item;
}

export function wishlistService(wishlists: WishlistRepository) {
  async function ids(owner: WishlistOwner | null): Promise<WishlistIds> {
    const wishlistId = owner ? await wishlists.findWishlistId(owner) : undefined;
    if (wishlistId === undefined) return EMPTY_IDS;
    const productIds = await wishlists.productIds(wishlistId);
    return { count: productIds.length, product_ids: productIds };
  }

  return {
    ids,

    async view(owner: WishlistOwner | null): Promise<Wishlist> {
      const wishlistId = owner ? await wishlists.findWishlistId(owner) : undefined;
      if (wishlistId === undefined) return { count: 0, limit: MAX_WISHLIST_ITEMS, items: [] };
      const rows = await wishlists.items(wishlistId);
      const productIds = rows.map((row) => row.id);
      const [variants, photos] = await Promise.all([
        wishlists.variantsOf(productIds),
        wishlists.colourPhotosOf(productIds),
      ]);
      const variantsByProduct = Map.groupBy(variants, (variant) => variant.product_id);
      // The first photo (in display order) of each product's colour.
      const photoByColour = new Map<string, string>();
      for (const photo of photos) {
        const key = `${photo.product_id}:${photo.color_id}`;
        if (!photoByColour.has(key)) photoByColour.set(key, photo.file);
      }
      const items = rows.map((row) =>
        toItem(row, variantsByProduct.get(row.id) ?? [], (colorId) =>
          photoByColour.get(`${row.id}:${colorId}`),
        ),
      );
      return { count: items.length, limit: MAX_WISHLIST_ITEMS, items };
    },

    /**
     * Saves a product (sold out or not: a wishlist is also for waiting). Saving one that is there already only
     * remembers the newly chosen variant. Refused, changing nothing, for an unknown product or variant and when
     * the wishlist is full.
     */
    async add(owner: WishlistOwner, input: AddToWishlistInput): Promise<{ message: string } & WishlistIds> {
      const message = await wishlists.transaction(async (trx) => {
        // Only what is on sale can be saved: a draft is unknown to shoppers, an archived product is withdrawn.
        const product = await wishlists.findProduct(input.id, trx);
        if (product?.status !== LIVE_STATUS) throw new NotFound(WISHLIST_MESSAGES.productGone);
        if (input.variation_id !== undefined) {
          const variant = await wishlists.findVariant(input.variation_id, trx);
          if (variant?.product_id !== input.id) throw new NotFound(WISHLIST_MESSAGES.sizeGone);
        }
        const wishlistId = await wishlists.ensureWishlist(owner, trx);
        const existing = await wishlists.findItem(wishlistId, input.id, trx);
        if (existing) {
          if (input.variation_id !== undefined && input.variation_id !== existing.variant_id) {
            await wishlists.setItemVariant(existing.id, input.variation_id, trx);
          }
          return WISHLIST_MESSAGES.alreadyThere;
        }
        if ((await wishlists.countItems(wishlistId, trx)) >= MAX_WISHLIST_ITEMS) {
          throw new Conflict(WISHLIST_MESSAGES.full);
        }
        await wishlists.insertItem(wishlistId, input.id, input.variation_id ?? null, trx);
        return WISHLIST_MESSAGES.added;
      });
      return { message, ...(await ids(owner)) };
    },

    /** Removes a product; one that is not there is no error (a second tab may have removed it already). */
    async remove(owner: WishlistOwner | null, productId: number): Promise<{ message: string } & WishlistIds> {
      const removed = await wishlists.transaction(async (trx) => {
        const wishlistId = owner ? await wishlists.findWishlistId(owner, trx) : undefined;
        if (wishlistId === undefined || !(await wishlists.removeItem(wishlistId, productId, trx)))
          return false;
        await wishlists.touch(wishlistId, trx);
        return true;
      });
      return {
        message: removed ? WISHLIST_MESSAGES.removed : WISHLIST_MESSAGES.notThere,
        ...(await ids(owner)),
      };
    },

    /**
     * At login or register the guest's wishlist joins the user's: products the user has not saved yet are added,
     * the guest's most recent first, up to the limit (any beyond it are dropped); the guest's wishlist goes.
     */
    async mergeGuestWishlist(guestKeyHash: string, userId: number): Promise<void> {
      await wishlists.transaction(async (trx) => {
        const guestId = await wishlists.findWishlistId({ guestKeyHash }, trx);
        if (guestId === undefined) return;
        const userWishlistId = await wishlists.ensureWishlist({ userId }, trx);
        const room = MAX_WISHLIST_ITEMS - (await wishlists.countItems(userWishlistId, trx));
        await wishlists.copyItems(guestId, userWishlistId, room, trx);
        await wishlists.deleteWishlist(guestId, trx);
      });
    },
  };
}

export type WishlistService = ReturnType<typeof wishlistService>;
