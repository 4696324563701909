import type { Category } from "../../../shared/contracts/catalogue.ts";
import type { ShopDetails } from "../../../shared/contracts/shop-details.ts";
import type { CartData } from "./cart-data.ts";
import type { ShopperData } from "./shopper-data.ts";

/**
 * What the root loader gives every page's header: categories, the signed-in shopper, the cart and the wishlist.
 * The cart and the wishlist are this shopper's own: the header's counts and the hearts on product cards read them.
 */
export interface LayoutData {
  categories: Category[];
  /**
   * The cart as its JSON text (`readCart` gives it back; "null" when it could not be loaded, and the mini cart
   * is then not shown): one string, so a kept page can take a guest's cart (see `cart-data.ts`).
   */
  cart: CartData;
  /**
   * The signed-in shopper (null: a guest) and the saved products' ids (null when they could not be loaded: no count
   * shows, every heart is unpressed), as one JSON text (`readShopper` gives them back; see `shopper-data.ts`).
   */
  shopper: ShopperData;
  /** The shop's name, phone, email, address, hours and social links (decision 0066): the same for every visitor. */
  shop: ShopDetails;
}

/** The site's main menu, shared by the header's navigation and the phone menu. */
export const NAV_LINKS: { to: string; label: string; withCategories?: boolean }[] = [
  { to: "/", label: "Home" },
  { to: "/shop", label: "Shop", withCategories: true },
  { to: "/shop?type=new-arrival", label: "New Arrivals" },
  { to: "/shop?type=daily-deals", label: "Daily Deals" },
  { to: "/blogs", label: "Blog" },
  { to: "/about", label: "About" },
  { to: "/contact", label: "Contact" },
];
