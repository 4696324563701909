import { isRouteErrorResponse, Link, Outlet } from "react-router";
import pageStyles from "../../styles/pages.css?url";
import shopStyles from "../../styles/shop.css?url";
import { LogoutButton } from "../../ui/logout-button.tsx";
import { type LayoutHandle, SHOP_NAME } from "../../ui/site.ts";
import { adminMeta } from "../admin-meta.ts";
import { AdminNav } from "../admin-nav.tsx";
import { adminSessionContext, requireStaff } from "../admin-session.server.ts";
import adminStyles from "../styles/admin.css?url";
import type { Route } from "./+types/layout";

// pages.css brings the form fields and alerts the back office's forms share with the shop's; shop.css the
// pagination its lists share with the shop's.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: shopStyles },
  { rel: "stylesheet", href: pageStyles },
  { rel: "stylesheet", href: adminStyles },
];

/** The back office has its own top bar and menu instead of the shop's header and footer. */
export const handle: LayoutHandle = { showHeader: false, showFooter: false };

export const meta: Route.MetaFunction = () => adminMeta();

/** Every back-office page: staff and owners only (guests to the login page, customers a 403). */
export const middleware: Route.MiddlewareFunction[] = [requireStaff];

/** Back-office pages are private to the person signed in, and never indexed (the host adds no-store too). */
export const headers: Route.HeadersFunction = () => ({ "X-Robots-Tag": "noindex, nofollow" });

export function loader({ context }: Route.LoaderArgs) {
  return context.get(adminSessionContext);
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  return (
    <div className="admin">
      <header className="admin-bar">
        <Link to="/admin" className="admin-bar__brand">
          {SHOP_NAME} <span>Back office</span>
        </Link>
        <div className="admin-bar__who">
          <span className="admin-bar__name" title={user.email}>
            {user.name}
          </span>
          <span className="admin-role">{user.role === "owner" ? "Owner" : "Staff"}</span>
        </div>
        <div className="admin-bar__actions">
          <Link to="/" className="button button--small button--outline admin-bar__shop">
            View shop
          </Link>
          <LogoutButton name="admin-bar" className="button button--small" />
        </div>
      </header>
      <div className="admin-body">
        <AdminNav role={user.role} />
        <div className="admin-main">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

/**
 * A back-office page that could not be shown (the guard's own refusals are shown by the root's error page): a
 * record that is not there, a screen for the owner only, or a failure, said plainly with a way back.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const given =
    isRouteErrorResponse(error) && typeof error.data?.message === "string" ? error.data.message : "";
  const title = status === 404 ? "Not found" : status === 403 ? "Owner only" : "Something went wrong";
  const message =
    status === 404 || status === 403
      ? given || "There is nothing at this address in the back office."
      : "We could not show this page of the back office. Please try again in a moment.";
  return (
    <section className="message-page container" aria-labelledby="admin-error-title">
      <h1 className="message-page__title" id="admin-error-title">
        {title}
      </h1>
      <p>{message}</p>
      <p>
        <Link className="button" to="/admin">
          Back to the dashboard
        </Link>
      </p>
    </section>
  );
}
