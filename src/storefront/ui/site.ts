import { useRouteLoaderData } from "react-router";
import { SHOP_DETAILS_DEFAULTS, type ShopDetails } from "../../shared/contracts/shop-details.ts";

/** The shop's name and how to reach it, and what a route's `handle` tells the root layout: both the shop and the
 * back office use them. */

/** A route's `handle` can hide the header or footer (spec: a route's meta sets showHeader/showFooter). */
export interface LayoutHandle {
  showHeader?: boolean;
  showFooter?: boolean;
}

/** The shop's name before its details are read (a page's title where they are not at hand). */
export const SHOP_NAME = SHOP_DETAILS_DEFAULTS.name;

/** The shop's details as the root loader read them (decision 0066); the defaults when it could not. */
export function useShopDetails(): ShopDetails {
  const root = useRouteLoaderData("root") as { shop?: ShopDetails } | undefined;
  return root?.shop ?? SHOP_DETAILS_DEFAULTS;
}

/** The shop's name for a route's `meta`: the root loader's (the first match's data). */
export function shopNameOf(matches: readonly ({ loaderData?: unknown } | undefined)[] | undefined): string {
  const root = matches?.[0]?.loaderData as { shop?: ShopDetails } | undefined;
  return root?.shop?.name ?? SHOP_NAME;
}
