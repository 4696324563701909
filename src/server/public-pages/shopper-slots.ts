import { createElement } from "react";
import type { AccountRepository } from "../../api/account/account.repository.ts";
import { toUser } from "../../api/account/account.service.ts";
import { hashSecret } from "../../api/secrets.ts";
import type { Services } from "../../api/services.ts";
import { guestKeyIn } from "../../api/shopper.ts";
import type { User } from "../../shared/contracts/account.ts";
import type { Cart } from "../../shared/contracts/cart.ts";
import type { ReviewStanding } from "../../shared/contracts/reviews.ts";
import type { WishlistIds } from "../../shared/contracts/wishlist.ts";
import {
  CART_COOKIE,
  type CookiePolicy,
  readSignedCookie,
  SESSION_COOKIE,
  WISHLIST_COOKIE,
} from "../../shared/cookies.server.ts";
import { inHydrationScript } from "../../storefront/lib/react-router-format.server.ts";
import { AccountMenu } from "../../storefront/shop/layout/account-menu.tsx";
import { shopperData } from "../../storefront/shop/layout/shopper-data.ts";
import { WishlistLink } from "../../storefront/shop/layout/wishlist-link.tsx";
import { reviewerData } from "../../storefront/shop/product/reviewer-data.ts";
import { ReviewGate } from "../../storefront/shop/product/reviews-section.tsx";
import { WishlistToggle } from "../../storefront/shop/wishlist/wishlist-toggle.tsx";
import { anonymousCartSlots, cartSlots } from "./guest-cart.ts";
import type { CachedPage, PageFill } from "./page-cache.ts";
import { remembered } from "./remembered.ts";
import { renderAlone } from "./render-alone.ts";

/**
 * A kept public page for a shopper with personal cookies (docs/decisions/0057-personal-pages-from-kept-pages.md):
 * a guest with a cart or a wishlist, or a signed-in customer. Everything a public page shows of the shopper is in
 * a slot of the kept page (rendered for a visitor without cookies), which the host fills with this shopper's own:
 *
 * - the cart's two slots (`guest-cart.ts`);
 * - `account-menu`: the header's account menu (the name, Logout), rendered by its own component;
 * - `wishlist-link`: the header's heart with the saved products' count;
 * - `shopper-data`: the root loader's `shopper` (user and wishlist ids as one string, `shopper-data.ts`) in the
 *   hydration script;
 * - `heart:<id>:<n>`: each product's wishlist heart (a card's, the product page's), pressed for a saved product;
 * - on a product page, `reviewer-data` (the product loader's `reviewer`) and `review-gate` (what the shopper may do
 *   about reviewing): filled only when the shopper may not review, where the gate is one sentence; a shopper who
 *   may write or edit a review gets the page rendered (the review form).
 *
 * Anything else (a staff session, a cookie the shop does not know, a saved product whose heart is not a slot, a
 * page without a slot this shopper needs) is rendered in full, as before.
 */

/** The cookies a shopper's request may carry to be answered from a kept page: each is well signed. */
export interface ShopperCookies {
  /** The session's API token: a signed-in shopper (then no guest cookie counts). */
  token?: string;
  cartKey?: string;
  wishlistKey?: string;
}

/**
 * The shopper's cookies when the Cookie header holds only the shop's session, guest cart or guest wishlist
 * cookies, each once and well signed (a session alone; a guest's cart and wishlist, either or both); undefined
 * otherwise: any other cookie, a forged one, a session beside guest cookies (the API merges those into the
 * account at sign-in, so a browser holding both is rare and rendered for).
 */
export function shopperCookiesIn(header: string | null, policy: CookiePolicy): ShopperCookies | undefined {
  if (!header) return undefined;
  const seen = new Set<string>();
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    const name = (separator < 0 ? part : part.slice(0, separator)).trim();
    if (name === "") continue;
    if (!KNOWN.has(name) || seen.has(name)) return undefined;
    seen.add(name);
  }
  if (seen.has(SESSION_COOKIE.name)) {
    const token = readSignedCookie(header, SESSION_COOKIE, policy);
    return seen.size === 1 && token && TOKEN.test(token) ? { token } : undefined;
  }
  const cookies: ShopperCookies = {};
  if (seen.has(CART_COOKIE.name)) {
    cookies.cartKey = guestKeyIn(header, CART_COOKIE, policy);
    if (!cookies.cartKey) return undefined;
  }
  if (seen.has(WISHLIST_COOKIE.name)) {
    cookies.wishlistKey = guestKeyIn(header, WISHLIST_COOKIE, policy);
    if (!cookies.wishlistKey) return undefined;
  }
  return seen.size > 0 ? cookies : undefined;
}

const KNOWN = new Set([SESSION_COOKIE.name, CART_COOKIE.name, WISHLIST_COOKIE.name]);
/** A token the API's authenticator would look up (`optionalIdentity`); any other is its 401 to give. */
const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

/** What a page shows of one shopper. */
export interface ShopperView {
  user: User | null;
  cart: Cart;
  wishlist: WishlistIds;
  /** The signed-in shopper's id, for their standing on a product's reviews. */
  userId: number | undefined;
}

/**
 * Reads a shopper straight from the API's services (the API's own queries and rules, without a round trip through
 * its router), as the root loader would see them: undefined when the answer would not be the same page, and the
 * request is rendered: a session the API refuses (the render clears it) or a staff member's (their token's idle
 * rule belongs to the API), a guest cart key that names no cart (as before, decision 0033).
 */
export function shopperReader(
  accounts: Pick<AccountRepository, "findUserByToken">,
  services: Pick<Services, "carts" | "wishlists">,
) {
  return async (cookies: ShopperCookies): Promise<ShopperView | undefined> => {
    if (cookies.token) {
      const row = await accounts.findUserByToken(hashSecret(cookies.token), new Date().toISOString());
      if (row?.role !== "customer") return undefined;
      const owner = { userId: row.id };
      const [cart, wishlist] = await Promise.all([services.carts.view(owner), services.wishlists.ids(owner)]);
      return { user: toUser(row), cart, wishlist, userId: row.id };
    }
    const { cartKey, wishlistKey } = cookies;
    const [cart, wishlist] = await Promise.all([
      cartKey ? services.carts.existing({ guestKeyHash: hashSecret(cartKey) }) : services.carts.view(null),
      services.wishlists.ids(wishlistKey ? { guestKeyHash: hashSecret(wishlistKey) } : null),
    ]);
    return cart ? { user: null, cart, wishlist, userId: undefined } : undefined;
  };
}

const EMPTY_WISHLIST: WishlistIds = { count: 0, product_ids: [] };
const ignore = () => {};
/** The root loader's data the header's components read (the wishlist hearts read the shopper's ids there). */
const rootData = (user: User | null, wishlist: WishlistIds) => ({ shopper: shopperData(user, wishlist) });

const accountMenu = remembered(
  (user: User | null) =>
    renderAlone(
      createElement(AccountMenu, { user, open: false, onToggle: ignore }),
      "/",
      rootData(user, EMPTY_WISHLIST),
    ),
  (user) => JSON.stringify(user),
);
const wishlistLink = remembered(
  (wishlist: WishlistIds) =>
    renderAlone(createElement(WishlistLink, { wishlist }), "/", rootData(null, wishlist)),
  (wishlist) => String(new Set(wishlist.product_ids).size),
);
/** The gate of a signed-in shopper who may not review: their standing's sentence. */
const reviewGate = remembered(
  (standing: ReviewStanding) =>
    renderAlone(
      createElement(ReviewGate, {
        standing,
        signedIn: true,
        loginReturn: "/",
        formAction: "/",
        noScriptResult: undefined,
      }),
      "/",
      rootData(null, EMPTY_WISHLIST),
    ),
  (standing) => JSON.stringify([standing.eligible, standing.review !== null, standing.message]),
);

let anonymous: Promise<Map<string, string>> | undefined;

/** The slots every page has, as a visitor without cookies sees them. */
function anonymousSlots(): Promise<Map<string, string>> {
  anonymous ??= (async () =>
    new Map([
      ...anonymousCartSlots(),
      ["account-menu", await accountMenu(null)],
      ["wishlist-link", await wishlistLink(EMPTY_WISHLIST)],
      ["shopper-data", inHydrationScript(shopperData(null, EMPTY_WISHLIST))],
      ["reviewer-data", inHydrationScript(reviewerData(false, null))],
    ]))();
  return anonymous;
}

/** A heart as the server renders it (a plain form before hydration), and the parts of it the host reads. */
const HEART = /<form class="wishlist-toggle wishlist-toggle--(card|page)"[^>]*>[\s\S]*?<\/form>/g;
const HEART_ID = /<input type="hidden" name="id" value="(\d+)"\/>/;
const HEART_VARIANT = /<input type="hidden" name="variation_id" value="(\d+)"\/>/;
const HEART_BACK = /<input type="hidden" name="back" value="([^"]*)"\/>/;
const HEART_TITLE = /aria-label="Add to wishlist: ([^"]*)"/;
/** The signed-out review gate (a sentence with a login link) on a product page. */
const REVIEW_GATE = /<div class="reviews-section__write"><p class="review-gate">[\s\S]*?<\/p><\/div>/;

/** A kept page's hearts: each product's slot and its pressed text; a product whose heart is no slot maps to null. */
type PageHearts = Map<number, { slot: string; pressed: string }[] | null>;
/** What the host knows of each kept page: its hearts, and on a product page the product's id (its own heart's). */
const keptPages = new WeakMap<CachedPage, { hearts: PageHearts; product: number | undefined }>();

function unescapeAttribute(value: string): string {
  return value.replace(/&(amp|quot|#x27|lt|gt);/g, (_, name: string) => ATTRIBUTE_ESCAPES[name]!);
}

const ATTRIBUTE_ESCAPES: Record<string, string> = { amp: "&", quot: '"', "#x27": "'", lt: "<", gt: ">" };

/**
 * Each distinct heart in `body`, rendered again unpressed and pressed by the component itself: a heart whose
 * markup the component does not give back exactly is no slot (its product, saved, makes the page rendered).
 */
async function findHearts(body: string) {
  const hearts = new Map<string, { id: number; pressed: string | null }>();
  const ids = new Set<number>();
  let product: number | undefined;
  for (const match of body.matchAll(HEART)) {
    const text = match[0];
    const id = Number(HEART_ID.exec(text)?.[1]);
    if (!Number.isSafeInteger(id)) continue;
    ids.add(id);
    if (match[1] === "page") product = id;
    if (hearts.has(text)) continue;
    const title = HEART_TITLE.exec(text)?.[1];
    const back = HEART_BACK.exec(text)?.[1];
    const variant = HEART_VARIANT.exec(text)?.[1];
    let pressed: string | null = null;
    if (title !== undefined && back !== undefined) {
      const heart = createElement(WishlistToggle, {
        productId: id,
        title: unescapeAttribute(title),
        variantId: variant ? Number(variant) : null,
        look: match[1] as "card" | "page",
      });
      const location = unescapeAttribute(back);
      const [plain, saved] = await Promise.all([
        renderAlone(heart, location, rootData(null, EMPTY_WISHLIST)),
        renderAlone(heart, location, rootData(null, { count: 1, product_ids: [id] })),
      ]);
      if (plain === text) pressed = saved;
    }
    hearts.set(text, { id, pressed });
  }
  return { hearts, ids, product };
}

/**
 * The slots of a page about to be kept (`body`, rendered for a visitor without cookies): those every page has,
 * the review gate, and the hearts. `keep(page)` records the hearts' pressed texts with the kept page.
 */
export async function keptPageSlots(body: string) {
  const slots = new Map(await anonymousSlots());
  const gate = REVIEW_GATE.exec(body)?.[0];
  if (gate) slots.set("review-gate", gate);
  const { hearts, ids, product } = await findHearts(body);
  const repeated = new Set<string>();
  const byProduct = new Map<number, { slot: string; pressed: string }[]>();
  let n = 0;
  for (const [text, { id, pressed }] of hearts) {
    if (pressed === null) continue;
    const slot = `heart:${id}:${n++}`;
    slots.set(slot, text);
    repeated.add(slot);
    byProduct.set(id, [...(byProduct.get(id) ?? []), { slot, pressed }]);
  }
  return {
    slots,
    repeated,
    keep(page: CachedPage) {
      const pageHearts: PageHearts = new Map();
      for (const id of ids) {
        const found = byProduct.get(id);
        pageHearts.set(id, found?.every(({ slot }) => page.slots.has(slot)) ? found : null);
      }
      keptPages.set(page, { hearts: pageHearts, product });
    },
  };
}

/**
 * What `page` shows `shopper` in its slots, or undefined when the page cannot be that shopper's page: a slot they
 * need is missing (their name, their count, a saved product's heart), or, on a product page, they may write or
 * edit a review (or their standing could not be read).
 */
export async function shopperFill(
  page: CachedPage,
  shopper: ShopperView,
  pathname: string,
  /** The shopper's standing on a product's reviews (`reviewsService.standingFor`). */
  standing: (productId: number, userId: number) => Promise<ReviewStanding>,
): Promise<PageFill | undefined> {
  const fill = new Map(cartSlots(shopper.cart));
  const { user, wishlist } = shopper;
  fill.set("shopper-data", inHydrationScript(shopperData(user, wishlist)));
  if (wishlist.count > 0) fill.set("wishlist-link", await wishlistLink(wishlist));
  const kept = keptPages.get(page);
  if (!kept) return undefined;
  const { hearts } = kept;
  for (const id of wishlist.product_ids) {
    const found = hearts.get(id);
    if (found === null) return undefined;
    for (const { slot, pressed } of found ?? []) fill.set(slot, pressed);
  }
  if (user) {
    fill.set("account-menu", await accountMenu(user));
    if (pathname.startsWith("/product/")) {
      if (shopper.userId === undefined || kept.product === undefined) return undefined;
      const mine = await standing(kept.product, shopper.userId).catch(() => null);
      if (!mine || mine.eligible || mine.review) return undefined;
      fill.set("reviewer-data", inHydrationScript(reviewerData(true, mine)));
      fill.set("review-gate", await reviewGate(mine));
    }
  }
  for (const name of fill.keys()) if (!page.slots.has(name)) return undefined;
  return fill;
}
