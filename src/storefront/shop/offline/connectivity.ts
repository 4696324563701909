import { SHOP_NAME } from "../../ui/site.ts";

/**
 * Going offline (spec section 2): 300 ms after the browser reports a change the shop goes to /offline, and back to
 * / when it is online again. Two parts act on it: the hydrated page (`ConnectivityWatcher`) and, before the page
 * has hydrated, the boot script (`lib/deferred-hydration.ts`), which cannot load the application without a network
 * and shows the offline page itself. Both read these.
 */
export const CONNECTIVITY_DELAY_MS = 300;
export const OFFLINE_PATH = "/offline";

/** What the offline page says: the route renders it, and the boot script builds it from the same words. */
export const OFFLINE_PAGE = {
  title: `You are offline | ${SHOP_NAME}`,
  brand: SHOP_NAME,
  heading: "You are offline",
  lead:
    "Your device has lost its internet connection. Check your Wi-Fi or mobile data; we will take you back to " +
    "the shop as soon as you are online again.",
  note: "Your cart is saved and will be waiting for you.",
  retry: "Try again",
} as const;

export type OfflinePage = typeof OFFLINE_PAGE;
