import { useFetchers, useRouteLoaderData } from "react-router";
import type { WishlistIds } from "../../../shared/contracts/wishlist.ts";
import type { LayoutData } from "../layout/layout-data.ts";
import { readShopper } from "../layout/shopper-data.ts";
import type { WishlistResult } from "./wishlist-result.ts";

/** Every fetcher that saves or removes a product has a key starting with this. */
const WISHLIST_FETCHER = "wishlist:";

/**
 * The key of the fetcher one control uses for one product: `place` tells apart two controls for the same product
 * on one page (a product in two home-page sections), so each reports only its own answer.
 */
export function wishlistFetcherKey(productId: number, place: string): string {
  return `${WISHLIST_FETCHER}${productId}:${place}`;
}

/** The wishlist's ids as the root loader read them (null when they could not be read). */
export function useLayoutWishlist(): WishlistIds | null {
  const data = useRouteLoaderData("root") as LayoutData | undefined;
  return data ? readShopper(data.shopper).wishlist : null;
}

/**
 * The saved products as the shopper should see them now: the server's ids with the changes on their way applied.
 * `pressed` (the hearts) applies every change the moment its heart is pressed; `saved` (the header's count) only
 * those the server has answered, since the count says the save is done and a full navigation before the answer
 * would lose it (issue 34: React Router loads the wishlist route's code before it sends the save, and a guest's
 * first save brings the cookie that names their wishlist). A refused change leaves the server's ids as they
 * were, so everything falls back to them by itself.
 */
export function useSavedProducts(
  serverIds: readonly number[] | undefined,
  which: "pressed" | "saved" = "pressed",
): ReadonlySet<number> {
  const fetchers = useFetchers();
  const saved = new Set(serverIds);
  for (const fetcher of fetchers) {
    if (!fetcher.key.startsWith(WISHLIST_FETCHER) || !fetcher.formData) continue;
    if (which === "saved" && (fetcher.data as WishlistResult | undefined)?.ok !== true) continue;
    const id = Number(fetcher.formData.get("id"));
    const intent = fetcher.formData.get("intent");
    if (intent === "add") saved.add(id);
    else if (intent === "remove") saved.delete(id);
  }
  return saved;
}
