import { Link } from "react-router";
import { MAX_PAGE } from "../../../shared/contracts/fields.ts";
import { apiContext } from "../../lib/api.server.ts";
import { Pagination } from "../../ui/pagination.tsx";
import { shopNameOf } from "../../ui/site.ts";
import type { AccountHandle } from "../account/account-handle.ts";
import { OrdersTable } from "../account/orders-table.tsx";
import type { Route } from "./+types/account-orders";

export const handle: AccountHandle = { accountTitle: "Order History" };

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Order History | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, url }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const response = await api.call("orderHistory", {
    // Past the last page there is simply nothing to show, however far past.
    query: { page: Number.isSafeInteger(page) && page > 0 ? Math.min(page, MAX_PAGE) : 1 },
  });
  if (!response.ok) throw new Response("Your orders could not be loaded.", { status: 503 });
  return response.data;
}

export default function AccountOrders({ loaderData }: Route.ComponentProps) {
  const { data: orders, meta } = loaderData;
  return (
    <section className="account-card" aria-labelledby="orders-title">
      <h2 id="orders-title" className="account-card__title">
        Your orders
      </h2>
      {orders.length > 0 ? (
        <>
          <OrdersTable orders={orders} />
          <Pagination meta={meta} hrefFor={(page) => `/account/orders?page=${page}`} />
        </>
      ) : (
        <div className="empty-state empty-state--compact">
          <p className="empty-state__title">
            {meta.current_page > 1
              ? "There are no orders on this page."
              : "You have not placed any orders yet."}
          </p>
          <Link to="/shop" className="button">
            Shop Now
          </Link>
        </div>
      )}
    </section>
  );
}
