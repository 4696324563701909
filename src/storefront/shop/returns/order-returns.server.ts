import { data, redirect } from "react-router";
import type { OrderReturns, ReturnLineInput } from "../../../shared/contracts/returns.ts";
import { RETURN_MESSAGES, type ReturnReason, type ReturnResolution } from "../../../shared/returns.ts";
import type { ApiClient } from "../../lib/api.server.ts";
import { failureStatus, formText } from "../../ui/forms/api-errors.ts";
import { orderNumberOf } from "../orders/order-payment.server.ts";
import {
  exchangeField,
  orderReturnsPath,
  RETURN_PAGE_WORDS,
  type ReturnRequestResult,
  type ReturnRequestValues,
  requestValues,
} from "./return-request.ts";

/**
 * The shopper's return page's server side (/order-returns, decision 0054): an order's returns and what may still
 * be returned, and asking for a return. A customer is known by their session; a guest by the order-access token
 * from the order lookup's link (`?token=`), else the one this browser kept when it placed the order.
 */

export interface OrderReturnsData {
  number: string;
  /** The guest's token the page's links and form keep ("" for a customer). */
  token: string;
  /** null when the API did not answer as it should: the page says so instead of breaking. */
  view: OrderReturns | null;
  signedIn: boolean;
  /** The return just asked for (`?requested=`), to thank the shopper for it. */
  requested: string;
}

function tokenOf(api: ApiClient, url: URL, number: string): string {
  return url.searchParams.get("token") || api.orderAccess(number) || "";
}

export async function loadOrderReturns(api: ApiClient, url: URL): Promise<OrderReturnsData> {
  const number = orderNumberOf(url);
  const token = tokenOf(api, url, number);
  const answer = await api.call("listOrderReturns", { params: { number }, query: { token } });
  // Someone else's order, a wrong token and a made-up number alike: the not-found page.
  if (answer.status === 404 || answer.status === 422) throw data(null, { status: 404 });
  const requested = url.searchParams.get("requested") ?? "";
  return { number, token, view: answer.ok ? answer.data : null, signedIn: api.signedIn, requested };
}

/**
 * The request's items from the form's per-item fields: every item with a quantity, and for an exchange the size
 * or colour chosen instead (the exchange selects are always in the form, so without JavaScript too; another
 * resolution ignores them).
 */
export function returnLines(values: ReturnRequestValues): ReturnLineInput[] {
  const exchange = values.resolution === "exchange";
  const lines: ReturnLineInput[] = [];
  for (const [name, text] of Object.entries(values.items)) {
    const id = Number(name.match(/^quantity_(\d+)$/)?.[1]);
    const quantity = Number(text);
    if (!id || !Number.isInteger(quantity) || quantity < 1) continue;
    const variant = Number(values.items[exchangeField(id)] ?? "");
    lines.push({
      order_item_id: id,
      quantity,
      ...(exchange && variant > 0 ? { exchange_variant_id: variant } : {}),
    });
  }
  return lines;
}

/** The photos the shopper chose (a file input left empty still sends one nameless, empty part). */
function photosOf(form: FormData): File[] {
  return form.getAll("photos").filter((part): part is File => typeof part !== "string" && part.size > 0);
}

const FIELDS = ["items", "reason", "reason_text", "resolution", "photos"] as const;

/** The first message per form field; "items.0.quantity" is the items' own. */
function fieldErrors(errors: Record<string, string[]> | undefined): ReturnRequestResult["errors"] {
  const first: ReturnRequestResult["errors"] = {};
  for (const [path, messages] of Object.entries(errors ?? {})) {
    const field = FIELDS.find((name) => path === name || path.startsWith(`${name}.`));
    if (field && messages[0] && !first[field]) first[field] = messages[0];
  }
  return first;
}

/** The API's answer to a refused request as the form shows it. */
function refusal(
  status: number,
  body: { message?: string; errors?: Record<string, string[]> },
): Pick<ReturnRequestResult, "message" | "errors"> {
  if (status === 413) return { message: "", errors: { photos: body.message || RETURN_PAGE_WORDS.tooLarge } };
  if (status === 404) return { message: RETURN_MESSAGES.notFound, errors: {} };
  const errors = status === 422 ? fieldErrors(body.errors) : {};
  const shown = Object.keys(errors).length > 0;
  const message = status >= 500 || !body.message ? RETURN_PAGE_WORDS.failed : body.message;
  return { message: shown ? "" : message, errors };
}

/** Asks for the return; on success the page shows it (a redirect, so a reload does not ask again). */
export async function requestReturnAction(api: ApiClient, url: URL, form: FormData) {
  const number = orderNumberOf(url);
  const token = tokenOf(api, url, number);
  const values = requestValues(form);
  const answer = await api.call("requestReturn", {
    params: { number },
    body: {
      token,
      items: JSON.stringify(returnLines(values)),
      // The API checks both against its lists and says which to choose.
      reason: formText(form, "reason") as ReturnReason,
      reason_text: values.reason_text,
      resolution: formText(form, "resolution") as ReturnResolution,
      photos: photosOf(form),
    },
  });
  if (answer.ok) {
    return redirect(
      `${orderReturnsPath(number, url.searchParams.get("token"))}&requested=${encodeURIComponent(answer.data.number)}`,
    );
  }
  return data<ReturnRequestResult>(
    { ...refusal(answer.status, answer.data), values },
    { status: failureStatus(answer.status) },
  );
}
