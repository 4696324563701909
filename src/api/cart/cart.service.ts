import type { AddToCartInput, Cart, CartLine, UpdateCartInput } from "../../shared/contracts/cart.ts";
import { COUPON_MESSAGES } from "../../shared/contracts/coupons.ts";
import { LIVE_STATUS } from "../../shared/product-status.ts";
import type { StockHints } from "../checkout/stock-hints.ts";
import type { CouponsRepository } from "../coupons/coupons.repository.ts";
import { describeCoupon } from "../coupons/coupons.ts";
import { deliveryNote, type OrderPricing } from "../coupons/order-pricing.ts";
import { Conflict, NotFound, ValidationFailed } from "../errors.ts";
import { type CheckoutSummary, checkoutSummary, summaryInRupees, toRupees } from "../money/money.ts";
import type { CartOwner, CartRepository } from "./cart.repository.ts";

export const ADDED_MESSAGE = "Your item has been added to the cart!";
export const REMOVED_MESSAGE = "Item Removed From Cart Successfully!";
const LINE_GONE = "This item is no longer in your cart.";
export const NO_LONGER_AVAILABLE = "Sorry, this product is no longer available.";

export const EMPTY_CART: Cart = toCart([]);

function outOfStock(stock: number, inCart: number): Conflict {
  if (stock <= 0) return new Conflict("Sorry, this item is out of stock.");
  const already = inCart > 0 ? ` You already have ${inCart} in your cart.` : "";
  return new Conflict(`Sorry, only ${stock} left in stock.${already}`);
}

type LineRow = Awaited<ReturnType<CartRepository["lines"]>>[number];

/** What the cart answer says of its code: the code priced it, or it was dropped and why. */
interface CartPricing {
  summary: CheckoutSummary;
  coupon: { code: string; description: string } | null;
  couponMessage: string | null;
}

/** The cart as the API answers it: every line's money and the order summary come from the money module. */
export function toCart(rows: LineRow[], priced?: CartPricing): Cart {
  const summary = priced?.summary ?? checkoutSummary(rows);
  const lines: CartLine[] = rows.map((row, index) => ({
    id: row.id,
    name: row.title,
    price: toRupees(summary.lines[index]!.unitPrice),
    quantity: row.quantity,
    total: toRupees(summary.lines[index]!.lineTotal),
    attributes: {
      slug: row.slug,
      // The chosen colour's first photo, else the product's cover.
      image: row.color_image ?? row.image,
      color_name: row.color_name,
      color_code: row.color_code,
      size_name: row.size_name,
      variation_id: row.variant_id,
      product_id: row.product_id,
      stock: row.stock,
    },
  }));
  return {
    quantity: summary.quantity,
    total: toRupees(summary.subtotal),
    cart: lines,
    summary: {
      ...summaryInRupees(summary),
      delivery_note: deliveryNote(summary.deliveryReason),
      coupon: priced?.coupon ?? null,
    },
    coupon_message: priced?.couponMessage ?? null,
  };
}

export function cartService(
  carts: CartRepository,
  pricing: OrderPricing,
  coupons: CouponsRepository,
  /** Told each variant's stock an add reads (decision 0058: wakes checkouts waiting for a sold-out variant). */
  hints?: StockHints,
) {
  /**
   * The cart priced with its code and the owner's delivery charges. A code that stopped applying (the cart
   * changed, it expired, it was used up) is taken off the cart, and the answer says why, once.
   */
  async function priced(cartId: number): Promise<Cart> {
    const [rows, cart] = await Promise.all([carts.lines(cartId), coupons.cartPricing(cartId)]);
    return pricedLines(cartId, rows, cart);
  }

  /** `rows` of cart `cartId` priced with its code and the city it delivers to. */
  async function pricedLines(
    cartId: number,
    rows: LineRow[],
    { code, city }: { code: string | null; city: string | null },
  ): Promise<Cart> {
    const result = await pricing.price(carts.db, rows, code, { city: city ?? undefined });
    if (result.dropped) await coupons.setCartCoupon(cartId, null);
    return toCart(rows, {
      summary: result.summary,
      coupon: result.coupon ? { code: result.coupon.code, description: describeCoupon(result.coupon) } : null,
      couponMessage: result.dropped
        ? COUPON_MESSAGES.dropped(result.dropped.code, result.dropped.reason)
        : null,
    });
  }

  /** The owner's cart, or undefined when there is none (a guest key whose cart was never made, or purged). */
  async function existing(owner: CartOwner): Promise<Cart | undefined> {
    // Every page a shopper with a cart opens reads it: the cart, its code and city in one read, then its lines.
    const cart = await carts.findPricedCart(owner);
    return cart === undefined ? undefined : pricedLines(cart.id, await carts.lines(cart.id), cart);
  }

  async function view(owner: CartOwner | null): Promise<Cart> {
    return (owner ? await existing(owner) : undefined) ?? EMPTY_CART;
  }

  async function requireCartId(owner: CartOwner | null): Promise<number> {
    const cartId = owner ? await carts.findCartId(owner) : undefined;
    if (cartId === undefined) throw new NotFound(LINE_GONE);
    return cartId;
  }

  return {
    view,
    existing,

    /**
     * Applies a discount code to the shopper's cart: checked against the cart as it is now (a refusal says why,
     * 422 at `code`, and changes nothing); per-customer limits are checked again at checkout, where the phone is
     * known.
     */
    async applyCoupon(owner: CartOwner | null, code: string): Promise<Cart> {
      const cartId = owner ? await carts.findCartId(owner) : undefined;
      const rows = cartId === undefined ? [] : await carts.lines(cartId);
      if (cartId === undefined || rows.length === 0) {
        throw ValidationFailed.field("code", COUPON_MESSAGES.emptyCart);
      }
      const result = await pricing.price(carts.db, rows, code, {
        customer: owner && "userId" in owner ? { userId: owner.userId, phone: null } : undefined,
      });
      if (!result.coupon)
        throw ValidationFailed.field("code", result.dropped?.reason ?? COUPON_MESSAGES.notValid);
      await coupons.setCartCoupon(cartId, result.coupon.code);
      return priced(cartId);
    },

    async removeCoupon(owner: CartOwner | null): Promise<Cart> {
      const cartId = owner ? await carts.findCartId(owner) : undefined;
      if (cartId === undefined) return EMPTY_CART;
      await coupons.setCartCoupon(cartId, null);
      return priced(cartId);
    },

    /** Adds to the cart (creating it), never beyond stock: a refusal changes nothing. */
    async add(owner: CartOwner, input: AddToCartInput): Promise<Cart> {
      // Read without a lock, as it always was: the stock is taken at checkout, not here.
      const variant = await carts.findVariant(input.size);
      if (!variant || variant.product_id !== input.id) {
        throw new NotFound("The selected size is not available for this product.");
      }
      if (variant.status !== LIVE_STATUS) throw new Conflict(NO_LONGER_AVAILABLE);
      hints?.saw(variant.id, variant.stock);
      // Sold out: refused before any cart is written (a sale's crowd after its sell-out costs one read each).
      if (variant.stock <= 0) throw outOfStock(variant.stock, 0);
      await carts.transaction(async (trx) => {
        const cartId = await carts.ensureCart(owner, trx);
        const line = await carts.addToLine(cartId, variant.id, input.quantity, trx);
        if (line.quantity > variant.stock) throw outOfStock(variant.stock, line.quantity - input.quantity);
      });
      return view(owner);
    },

    async update(owner: CartOwner | null, input: UpdateCartInput): Promise<Cart> {
      const cartId = await requireCartId(owner);
      // The variant names the line; `product_id` must be that line's product (what a client following the spec
      // sends) or the line's own id (what this API's cart answers as `id`, accepted since the start).
      const line = await carts.findLineByVariant(cartId, input.variation_id);
      if (!line || (input.product_id !== line.product_id && input.product_id !== line.id)) {
        throw new NotFound(LINE_GONE);
      }
      if (input.quantity > line.stock) throw outOfStock(line.stock, 0);
      await carts.setLineQuantity(line.id, input.quantity);
      await carts.touch(cartId);
      return view(owner);
    },

    async remove(owner: CartOwner | null, lineId: number): Promise<Cart> {
      const cartId = await requireCartId(owner);
      if (!(await carts.removeLine(cartId, lineId))) throw new NotFound(LINE_GONE);
      return view(owner);
    },

    async clear(owner: CartOwner | null): Promise<Cart> {
      const cartId = owner ? await carts.findCartId(owner) : undefined;
      if (cartId !== undefined) await carts.clear(cartId);
      return EMPTY_CART;
    },

    /**
     * At login or register the guest's cart joins the user's: the same variant's quantities add, capped at
     * stock; a user without a cart simply takes the guest cart over.
     */
    async mergeGuestCart(guestKeyHash: string, userId: number): Promise<void> {
      await carts.transaction(async (trx) => {
        const guestCartId = await carts.findCartId({ guestKeyHash }, trx);
        if (guestCartId === undefined) return;
        const userCartId = await carts.findCartId({ userId }, trx);
        if (userCartId === undefined) {
          // The cart (and the code on it) becomes the user's.
          await carts.assignToUser(guestCartId, userId, trx);
          return;
        }
        // The code the guest applied follows the cart, unless the account's cart has one of its own.
        const guestCode = (await coupons.cartPricing(guestCartId, trx)).code;
        if (guestCode !== null && (await coupons.cartPricing(userCartId, trx)).code === null) {
          await coupons.setCartCoupon(userCartId, guestCode, trx);
        }
        for (const line of await carts.lines(guestCartId, trx)) {
          const merged = await carts.addToLine(userCartId, line.variant_id, line.quantity, trx);
          if (merged.quantity > line.stock) {
            if (line.stock > 0) await carts.setLineQuantity(merged.id, line.stock, trx);
            else await carts.removeLine(userCartId, merged.id, trx);
          }
        }
        await carts.deleteCart(guestCartId, trx);
        await carts.touch(userCartId, trx);
      });
    },
  };
}

export type CartService = ReturnType<typeof cartService>;
