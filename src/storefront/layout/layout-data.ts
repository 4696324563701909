import type { User } from "../../shared/contracts/account.ts";
import type { Cart } from "../../shared/contracts/cart.ts";
import type { Category } from "../../shared/contracts/catalog.ts";

/** What the root loader gives every page's header: categories, the signed-in shopper and the cart. */
export interface LayoutData {
  categories: Category[];
  user: User | null;
  /** Null when the cart could not be loaded; the mini cart is then not shown. */
  cart: Cart | null;
}

/** A route's `handle` can hide the header or footer (spec: a route's meta sets showHeader/showFooter). */
export interface LayoutHandle {
  showHeader?: boolean;
  showFooter?: boolean;
}

export const SHOP_NAME = "Bags & Threads";

export const CONTACT = {
  phone: "+92 42 3500 0000",
  phoneHref: "tel:+924235000000",
  email: "hello@bagsandthreads.pk",
  address: "14 Main Boulevard, Gulberg III, Lahore, Pakistan",
} as const;
