import { data } from "react-router";
import type { Order } from "../../../shared/contracts/checkout.ts";
import type { ApiClient } from "../../lib/api.server.ts";

const unavailable = () => new Response("The order could not be loaded.", { status: 503 });

/**
 * An order for the shopper who placed it: a signed-in owner reads it through their account; a guest through
 * the access token their browser kept at checkout. Anyone else, and a number that does not exist, gets the
 * not-found page (404), so the page tells nothing about other people's orders.
 */
export async function placedOrder(api: ApiClient, number: string): Promise<Order> {
  if (api.signedIn) {
    const own = await api.call("getOrder", { params: { number } });
    if (own.ok) return own.data;
    if (own.status !== 404 && own.status !== 401) throw unavailable();
  }
  const token = api.orderAccess(number);
  if (token) {
    const guest = await api.call("getGuestOrder", { body: { number, token } });
    if (guest.ok) return guest.data;
    if (guest.status !== 404) throw unavailable();
  }
  throw data(null, { status: 404 });
}
