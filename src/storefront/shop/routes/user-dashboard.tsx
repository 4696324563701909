import { Link } from "react-router";
import { apiContext } from "../../lib/api.server.ts";
import { BagIcon, UserIcon } from "../../ui/icons.tsx";
import { shopNameOf } from "../../ui/site.ts";
import type { AccountHandle } from "../account/account-handle.ts";
import { OrdersTable } from "../account/orders-table.tsx";
import { userContext } from "../account/session.server.ts";
import type { Route } from "./+types/user-dashboard";

export const handle: AccountHandle = { accountTitle: "Dashboard" };

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `My dashboard | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

const RECENT = 3;

export async function loader({ context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const orders = await api.call("orderHistory", { query: { page: 1 } });
  return {
    user: context.get(userContext),
    recent: orders.ok ? orders.data.data.slice(0, RECENT) : [],
    orderCount: orders.ok ? orders.data.meta.total : null,
  };
}

export default function UserDashboard({ loaderData }: Route.ComponentProps) {
  const { user, recent, orderCount } = loaderData;
  return (
    <div className="account-stack">
      <section className="account-card account-welcome">
        <h2 className="account-card__title">Hello, {user.first_name}!</h2>
        <p>
          From your dashboard you can follow your orders and keep your account details and password up to
          date.
        </p>
        <div className="account-shortcuts">
          <Link to="/account/orders" className="account-shortcut">
            <BagIcon size={26} />
            <span>
              <strong>My orders</strong>
              <span>{orderCount === null ? "Your order history" : `${orderCount} placed so far`}</span>
            </span>
          </Link>
          <Link to="/my-account" className="account-shortcut">
            <UserIcon size={26} />
            <span>
              <strong>Profile</strong>
              <span>Name, email, phone and password</span>
            </span>
          </Link>
        </div>
      </section>
      <section className="account-card" aria-labelledby="recent-orders">
        <div className="account-card__head">
          <h2 id="recent-orders" className="account-card__title">
            Recent orders
          </h2>
          {recent.length > 0 && <Link to="/account/orders">View all</Link>}
        </div>
        {recent.length > 0 ? (
          <OrdersTable orders={recent} />
        ) : (
          <div className="empty-state empty-state--compact">
            <p className="empty-state__title">You have not placed any orders yet.</p>
            <Link to="/shop" className="button">
              Shop Now
            </Link>
          </div>
        )}
      </section>
    </div>
  );
}
