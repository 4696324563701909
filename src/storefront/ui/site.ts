/** The shop's name and how to reach it, and what a route's `handle` tells the root layout: both the shop and the
 * back office use them. */

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
