import { Link } from "react-router";
import { SHOP_NAME } from "../layout/layout-data.ts";
import pageStyles from "../styles/pages.css?url";
import shopStyles from "../styles/shop.css?url";
import { PageBanner } from "../ui/breadcrumb.tsx";
import { HeartIcon } from "../ui/icons.tsx";
import type { Route } from "./+types/wishlist";

// shop.css styles the empty state and pagination these pages share with the shop.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: shopStyles },
  { rel: "stylesheet", href: pageStyles },
];

export const meta: Route.MetaFunction = () => [
  { title: `Wishlist | ${SHOP_NAME}` },
  { name: "robots", content: "noindex" },
];

/** The spec keeps the wishlist count at 0; saving items comes later, so the page says so plainly. */
export default function Wishlist() {
  return (
    <>
      <PageBanner title="Wishlist" />
      <section className="container page-section">
        <div className="empty-state">
          <span className="empty-state__icon">
            <HeartIcon size={40} />
          </span>
          <p className="empty-state__title">Your wishlist is empty</p>
          <p>
            Saving favourites is coming soon. Until then, add what you love to your cart; it is kept for 30
            days.
          </p>
          <Link to="/shop" className="button">
            Shop Now
          </Link>
        </div>
      </section>
    </>
  );
}
