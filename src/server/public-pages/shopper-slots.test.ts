import { describe, expect, it } from "vitest";
import {
  CART_COOKIE,
  cookiePolicy,
  SESSION_COOKIE,
  setCookieHeader,
  WISHLIST_COOKIE,
} from "../../shared/cookies.server.ts";
import { shopperCookiesIn } from "./shopper-slots.ts";

const policy = cookiePolicy({
  publicUrl: "https://shop.example",
  sessionSecret: "a-test-secret-of-enough-length!!",
});
const cookie = (definition: typeof CART_COOKIE, value: string) =>
  setCookieHeader(definition, value, policy).split(";")[0]!;
const KEY = "k".repeat(43);
const OTHER_KEY = "w".repeat(43);
const TOKEN = "t".repeat(43);

describe("which shoppers a kept page may serve (shopperCookiesIn)", () => {
  it("takes a session alone, or a guest's cart and wishlist, each well signed", () => {
    expect(shopperCookiesIn(cookie(SESSION_COOKIE, TOKEN), policy)).toEqual({ token: TOKEN });
    expect(shopperCookiesIn(cookie(CART_COOKIE, KEY), policy)).toEqual({ cartKey: KEY });
    expect(shopperCookiesIn(cookie(WISHLIST_COOKIE, OTHER_KEY), policy)).toEqual({ wishlistKey: OTHER_KEY });
    expect(
      shopperCookiesIn(`${cookie(CART_COOKIE, KEY)}; ${cookie(WISHLIST_COOKIE, OTHER_KEY)}`, policy),
    ).toEqual({ cartKey: KEY, wishlistKey: OTHER_KEY });
  });

  it("refuses anything else: no cookie, another cookie, a cookie twice, a forged one, a session with guest cookies", () => {
    const session = cookie(SESSION_COOKIE, TOKEN);
    const cart = cookie(CART_COOKIE, KEY);
    for (const header of [
      null,
      "",
      "unknown=1",
      `${cart}; unknown=1`,
      `${cart}; ${cart}`,
      `${session}; ${cart}`,
      "cart_key=forged.value",
      "shop_session=forged.value",
      `${cookie(SESSION_COOKIE, "short")}`,
      `order_access=${KEY}`,
      cookie(CART_COOKIE, KEY).replace("cart_key", "wishlist_key"),
    ]) {
      expect(shopperCookiesIn(header, policy), String(header)).toBeUndefined();
    }
  });
});
