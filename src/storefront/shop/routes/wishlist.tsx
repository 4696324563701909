import { Link } from "react-router";
import type { Wishlist } from "../../../shared/contracts/wishlist.ts";
import { WISHLIST_MESSAGES } from "../../../shared/wishlist-rules.ts";
import { apiContext } from "../../lib/api.server.ts";
import pageStyles from "../../styles/pages.css?url";
import shopStyles from "../../styles/shop.css?url";
import { PageBanner } from "../../ui/breadcrumb.tsx";
import { formText } from "../../ui/forms/api-errors.ts";
import { FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { CONNECTION_FAILED, reloadAfterSubmission, submitOrFail } from "../../ui/forms/submission.ts";
import { HeartIcon } from "../../ui/icons.tsx";
import { itemCount } from "../../ui/item-count.ts";
import { useRemovalToasts } from "../../ui/removal-toasts.ts";
import { shopNameOf } from "../../ui/site.ts";
import { changeWishlist, loadWishlist } from "../wishlist/wishlist.server.ts";
import { WishlistItems } from "../wishlist/wishlist-items.tsx";
import { FALLBACK_FAILURE, isWishlistIntent, type WishlistResult } from "../wishlist/wishlist-result.ts";
import type { Route } from "./+types/wishlist";

// shop.css styles the empty state these pages share with the shop.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: shopStyles },
  { rel: "stylesheet", href: pageStyles },
];

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Wishlist | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  return { wishlist: await loadWishlist(context.get(apiContext)) };
}

/** Every heart of the shop posts here, as do this page's Remove and Add To Cart (wishlist.server.ts). */
export async function action({ context, request }: Route.ActionArgs) {
  return changeWishlist(context.get(apiContext), await readForm(request));
}

/**
 * A change that never reached the server (or came back as a proxy's error page) is a refusal like any other: the
 * heart or the row goes back to what the server last said, with the spec's toast.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(request, serverAction, ({ noResponse, message }, form): WishlistResult => {
    const intent = formText(form, "intent");
    return {
      intent: isWishlistIntent(intent) ? intent : "unknown",
      ok: false,
      message: noResponse ? CONNECTION_FAILED : message || FALLBACK_FAILURE,
    };
  });
}

/** After a change, refused or not, the list is read again so it shows the server's truth (not after a 5xx). */
export const shouldRevalidate = reloadAfterSubmission;

export default function WishlistPage({ loaderData, actionData }: Route.ComponentProps) {
  const { wishlist } = loaderData;
  return (
    <>
      <PageBanner title="Wishlist" />
      <section className="container page-section" aria-labelledby="wishlist-heading">
        <h2 id="wishlist-heading" className="page-section__title">
          Your saved items
          {wishlist && wishlist.count > 0 && (
            <span className="wishlist-count"> ({itemCount(wishlist.count)})</span>
          )}
        </h2>
        {/* Without JavaScript the buttons post the page; the outcome shows here instead of a toast. */}
        {actionData && <FormAlert kind={actionData.ok ? "success" : "error"}>{actionData.message}</FormAlert>}
        <WishlistContents wishlist={wishlist} />
      </section>
    </>
  );
}

function WishlistContents({ wishlist }: { wishlist: Wishlist | null }) {
  const removals = useRemovalToasts(wishlist?.items, WISHLIST_MESSAGES.removed);
  if (!wishlist || wishlist.items.length === 0) {
    return (
      <div className="empty-state">
        <span className="empty-state__icon">
          <HeartIcon size={40} />
        </span>
        <p className="empty-state__title">Your wishlist is empty</p>
        <p>
          {wishlist
            ? "Tap the heart on any product to save it here for later."
            : "We could not load your wishlist just now. Please try again in a moment."}
        </p>
        <Link to="/shop" className="button">
          Shop Now
        </Link>
      </div>
    );
  }
  return (
    <>
      <WishlistItems items={wishlist.items} removals={removals} />
      <p className="wishlist-note">
        {wishlist.count < wishlist.limit
          ? `Your wishlist keeps up to ${wishlist.limit} items. Prices and stock are as they are today.`
          : `Your wishlist is full (${wishlist.limit} items): remove one to save another.`}
      </p>
    </>
  );
}
