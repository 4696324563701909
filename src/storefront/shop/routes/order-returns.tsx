import { Link, useLocation } from "react-router";
import { apiContext } from "../../lib/api.server.ts";
import pageStyles from "../../styles/pages.css?url";
import { PageBanner } from "../../ui/breadcrumb.tsx";
import { formatLongDate } from "../../ui/format.ts";
import { FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { ChevronLeftIcon } from "../../ui/icons.tsx";
import { shopNameOf } from "../../ui/site.ts";
import { loadOrderReturns, requestReturnAction } from "../returns/order-returns.server.ts";
import { ReturnHistory } from "../returns/return-history.tsx";
import { RETURN_PAGE_WORDS, type ReturnRequestResult, requestValues } from "../returns/return-request.ts";
import { ReturnRequestForm } from "../returns/return-request-form.tsx";
import type { Route } from "./+types/order-returns";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${RETURN_PAGE_WORDS.title} | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

/**
 * A delivered order's returns (decision 0054), for its customer (from their order page) or a guest (from the
 * order lookup, with its access token): asking for a return within the window, and following each one.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  return loadOrderReturns(context.get(apiContext), url);
}

export async function action({ context, request, url }: Route.ActionArgs) {
  return requestReturnAction(context.get(apiContext), url, await readForm(request));
}

/** No answer from the shop (or not its own, such as a proxy's page): the form stays as it was, saying so. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    (failure, form): ReturnRequestResult => ({
      message: submissionMessage(failure, RETURN_PAGE_WORDS.failed),
      errors: {},
      values: requestValues(form),
    }),
  );
}

export default function OrderReturnsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { number, view, signedIn, requested } = loaderData;
  const location = useLocation();
  const orderLink = signedIn ? `/account/orders/${encodeURIComponent(number)}` : "/order-lookup";
  return (
    <>
      <PageBanner title={RETURN_PAGE_WORDS.title} />
      <div className="container returns-page">
        <Link to={orderLink} className="back-link">
          <ChevronLeftIcon size={16} /> {signedIn ? "Back to the order" : "Find another order"}
        </Link>
        <section className="payment-card" aria-labelledby="returns-title" data-testid="order-returns">
          <h2 id="returns-title" className="payment-card__title">
            Order <span className="order-number">{number}</span>
          </h2>
          {requested && <FormAlert kind="success">{RETURN_PAGE_WORDS.requested(requested)}</FormAlert>}
          {!view ? (
            <>
              <FormAlert kind="error">{RETURN_PAGE_WORDS.unavailable}</FormAlert>
              <a href={`${location.pathname}${location.search}`} className="button">
                Try again
              </a>
            </>
          ) : view.can_request ? (
            <>
              {view.window_ends_at && (
                <p className="returns-page__deadline">
                  {RETURN_PAGE_WORDS.returnBy(formatLongDate(view.window_ends_at))}
                </p>
              )}
              {/* A new form after each request: its items' quantities left have changed. */}
              <ReturnRequestForm key={requested} items={view.items} result={actionData} />
            </>
          ) : (
            view.refusal && <p className="returns-page__refusal">{view.refusal}</p>
          )}
        </section>
        {view && view.returns.length > 0 && (
          <section className="payment-card" aria-labelledby="returns-list-title">
            <h2 id="returns-list-title" className="payment-card__title">
              Your returns
            </h2>
            <ReturnHistory returns={view.returns} signedIn={signedIn} />
          </section>
        )}
      </div>
    </>
  );
}
