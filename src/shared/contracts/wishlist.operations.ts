import { type Operation, WRITE_ERRORS } from "./contract.ts";
import {
  addToWishlistSchema,
  removeFromWishlistSchema,
  wishlistChangeSchema,
  wishlistIdsSchema,
  wishlistSchema,
} from "./wishlist.ts";

/** The wishlist, a signed-in user's or a guest's (its cookie). Spread into `operations` (operations.ts). */
export const wishlistOperations = {
  getWishlist: {
    method: "GET",
    path: "/wishlist",
    summary:
      "The caller's wishlist (the signed-in user's, or the guest wishlist its cookie names), newest first, with " +
      "each product's price, stock and colour and size options",
    tag: "Wishlist",
    auth: "optional",
    wishlistCookie: true,
    status: 200,
    response: wishlistSchema,
    errors: [401],
  },
  getWishlistIds: {
    method: "GET",
    path: "/wishlist/ids",
    summary: "Which products the caller's wishlist holds (for a count and the hearts on product cards)",
    tag: "Wishlist",
    auth: "optional",
    wishlistCookie: true,
    status: 200,
    response: wishlistIdsSchema,
    errors: [401],
  },
  addToWishlist: {
    method: "POST",
    path: "/wishlist/add",
    summary:
      "Save a product (once; saving it again only updates its variant). Refused when the wishlist is full " +
      "(409) or when a browser sends it from another site (403)",
    tag: "Wishlist",
    auth: "optional",
    wishlistCookie: true,
    body: addToWishlistSchema,
    status: 200,
    response: wishlistChangeSchema,
    errors: [...WRITE_ERRORS, 403, 404, 409],
  },
  removeFromWishlist: {
    method: "POST",
    path: "/wishlist/remove",
    summary:
      "Remove a product (a product that is not there is not an error). Refused when a browser sends it from " +
      "another site (403)",
    tag: "Wishlist",
    auth: "optional",
    wishlistCookie: true,
    body: removeFromWishlistSchema,
    status: 200,
    response: wishlistChangeSchema,
    errors: [...WRITE_ERRORS, 403],
  },
} as const satisfies Record<string, Operation>;
