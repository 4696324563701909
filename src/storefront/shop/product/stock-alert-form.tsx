import { useEffect, useRef } from "react";
import { useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { readShopper, type ShopperData } from "../layout/shopper-data.ts";

/** What the product route's action answers a "Notify me" request: the API's sentence, good or bad. */
export interface StockAlertResult {
  intent: "stock-alert";
  ok: boolean;
  message: string;
  /** The address as sent, so a refused or unanswered request keeps it in the field. */
  email: string;
  /** The phone as sent (optional), kept the same way. */
  phone: string;
}

export const STOCK_ALERT_INTENT = "stock-alert";

/** The signed-in shopper's address, known only once the page has hydrated (the root loader's `shopper`). */
function useShopperEmail(): string | undefined {
  const root = useRouteLoaderData("root") as { shopper?: ShopperData } | undefined;
  return root?.shopper ? (readShopper(root.shopper).user?.email ?? undefined) : undefined;
}

/**
 * "Notify me when it's back" under a sold-out colour and size (docs/decisions/0061-back-in-stock.md). It posts to
 * the product route's action through a fetcher: "Sending..." while it waits, then the API's sentence; a refusal or
 * no answer says so and keeps the address typed. Before JavaScript it is a plain POST that comes back to this page
 * with the result (`noScriptResult`). A signed-in shopper's address is filled in after hydration only, so a kept
 * public page never carries anyone's address (decisions 0033, 0057).
 */
export function StockAlertForm({
  variantId,
  noScriptResult,
}: {
  variantId: number;
  noScriptResult: StockAlertResult | undefined;
}) {
  const fetcher = useFetcher<StockAlertResult>({ key: `stock-alert-${variantId}` });
  const location = useLocation();
  const email = useRef<HTMLInputElement>(null);
  const shopperEmail = useShopperEmail();
  const sending = fetcher.state !== "idle";
  const result = sending ? undefined : (fetcher.data ?? noScriptResult);

  useEffect(() => {
    if (shopperEmail && email.current && email.current.value === "") email.current.value = shopperEmail;
  }, [shopperEmail]);

  return (
    <section className="stock-alert" aria-labelledby="stock-alert-title" data-testid="stock-alert">
      <h2 id="stock-alert-title" className="stock-alert__title">
        Notify me when it's back
      </h2>
      <p className="stock-alert__intro" id="stock-alert-intro">
        This colour and size is sold out. Leave your email and we will write to you once, as soon as it is
        back. Add your phone and we will text you too.
      </p>
      <fetcher.Form
        method="post"
        action={`${location.pathname}${location.search}`}
        className="stock-alert__form"
        aria-describedby="stock-alert-intro"
      >
        <input type="hidden" name="intent" value={STOCK_ALERT_INTENT} />
        <input type="hidden" name="variation_id" value={variantId} />
        <label htmlFor="stock-alert-email" className="visually-hidden">
          Email address
        </label>
        <input
          ref={email}
          id="stock-alert-email"
          type="email"
          name="email"
          required
          maxLength={254}
          placeholder="Your email address"
          autoComplete="email"
          defaultValue={noScriptResult?.email ?? ""}
          aria-invalid={result && !result.ok ? true : undefined}
          aria-describedby="stock-alert-status"
        />
        <label htmlFor="stock-alert-phone" className="visually-hidden">
          Phone number (optional)
        </label>
        <input
          id="stock-alert-phone"
          type="tel"
          name="phone"
          maxLength={30}
          placeholder="Phone (optional)"
          autoComplete="tel"
          inputMode="tel"
          defaultValue={noScriptResult?.phone ?? ""}
          aria-describedby="stock-alert-status"
        />
        <button type="submit" className="button stock-alert__button" disabled={sending}>
          {sending ? "Sending..." : "Notify me"}
        </button>
      </fetcher.Form>
      <p
        id="stock-alert-status"
        className={result ? `form-note${result.ok ? "" : " form-note--error"}` : "stock-alert__status"}
        role="status"
      >
        {result?.message ?? ""}
      </p>
    </section>
  );
}
