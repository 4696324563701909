import { data, redirect } from "react-router";
import type { Wishlist } from "../../../shared/contracts/wishlist.ts";
import type { ApiClient } from "../../lib/api.server.ts";
import { safeRedirect } from "../../lib/safe-redirect.ts";
import { failureStatus, formText } from "../../ui/forms/api-errors.ts";
import { FALLBACK_FAILURE, isWishlistIntent, type WishlistResult } from "./wishlist-result.ts";

/** The wishlist as the API has it, or null when it could not be loaded. */
export async function loadWishlist(api: ApiClient): Promise<Wishlist | null> {
  const response = await api.call("getWishlist");
  return response.ok ? response.data : null;
}

/** A form value as the API should see it: absent when the form left it out or blank. */
function field(form: FormData, name: string): string | undefined {
  return formText(form, name).trim() || undefined;
}

async function send(api: ApiClient, intent: WishlistResult["intent"], form: FormData) {
  const id = formText(form, "id");
  if (intent === "add") {
    return api.call("addToWishlist", { body: { id, variation_id: field(form, "variation_id") } });
  }
  if (intent === "remove") return api.call("removeFromWishlist", { body: { id } });
  return api.call("addToCart", { body: { id, quantity: 1, size: formText(form, "size") } });
}

/**
 * One wishlist submission: `add` and `remove` save or drop a product (the hearts), `add-to-cart` puts the chosen
 * colour and size in the cart. The API checks everything; its message, good or bad, is passed on as it is.
 *
 * A heart posted without JavaScript names its page (`back`): the shopper is sent back there once it worked, and
 * shown the refusal on the wishlist page otherwise. Everything else (a fetcher, this page's own forms) gets the
 * result, to toast it or show it above the list.
 */
export async function changeWishlist(api: ApiClient, form: FormData) {
  const given = formText(form, "intent");
  const intent = isWishlistIntent(given) ? given : "unknown";
  if (intent === "unknown") {
    return data<WishlistResult>({ intent, ok: false, message: FALLBACK_FAILURE }, { status: 400 });
  }
  const response = await send(api, intent, form);
  const result: WishlistResult = {
    intent,
    ok: response.ok,
    message: response.data.message || FALLBACK_FAILURE,
  };
  if (!response.ok) return data(result, { status: failureStatus(response.status) });
  const back = formText(form, "back");
  return back ? redirect(safeRedirect(back, "/wishlist")) : result;
}
