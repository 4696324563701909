// First: zod must be told not to compile before any module builds a schema (see the module).
import "../shared/contracts/zod-config.ts";
import { type ReactNode, useLayoutEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { SHOP_DETAILS_DEFAULTS } from "../shared/contracts/shop-details.ts";
import type { Route } from "./+types/root";
import { apiContext } from "./lib/api.server.ts";
import { useNonce } from "./lib/csp-nonce.ts";
import { BOOT_SCRIPT } from "./lib/deferred-hydration.ts";
import { keepWritesAlive } from "./lib/keepalive-writes.ts";
import { cartData } from "./shop/layout/cart-data.ts";
import type { LayoutData } from "./shop/layout/layout-data.ts";
import { shopperData } from "./shop/layout/shopper-data.ts";
import { SiteFooter } from "./shop/layout/site-footer.tsx";
import { SiteHeader } from "./shop/layout/site-header.tsx";
import { ConnectivityWatcher } from "./shop/offline/connectivity-watcher.tsx";
import appStyles from "./styles/app.css?url";
import { useHydrated } from "./ui/hooks.ts";
import { NotFoundContent } from "./ui/not-found-content.tsx";
import { type LayoutHandle, SHOP_NAME } from "./ui/site.ts";
import { ToastProvider } from "./ui/toast.tsx";

// A change the page shows as done is sent so that a navigation right after cannot cancel it (keepalive-writes.ts).
if (typeof document !== "undefined") keepWritesAlive(window);

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appStyles },
  { rel: "icon", href: "/favicon.ico", sizes: "48x48" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData?.shop.name ?? SHOP_NAME} | ${loaderData?.shop.tagline || "Bags and clothing, delivered across Pakistan"}`,
  },
  {
    name: "description",
    content:
      "Shop handbags, backpacks, wallets and clothing online. Prices in rupees, delivery across Pakistan.",
  },
];

/** The header's data: categories, the signed-in shopper (a 401 means a guest), the cart and the wishlist. */
export async function loader({ context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  // The user comes first: a session the API refuses is dropped there, so the cart and wishlist are then read as
  // a guest's.
  const user = await api.user();
  const [categories, cart, wishlist, shop] = await Promise.all([
    api.call("listCategories"),
    api.call("getCart"),
    api.call("getWishlistIds"),
    api.call("getShopDetails"),
  ]);
  const data: LayoutData & { notices: string[] } = {
    categories: categories.ok ? categories.data : [],
    cart: cartData(cart.ok ? cart.data : null),
    shopper: shopperData(user, wishlist.ok ? wishlist.data : null),
    shop: shop.ok ? shop.data : SHOP_DETAILS_DEFAULTS,
    notices: categories.ok ? [] : ["Failed to load categories"],
  };
  return data;
}

/**
 * Pages whose data depends on the shopper's session: a session the API refuses there (401) is dropped, so the
 * header must be read again to show a guest (and its cart and wishlist counts must match the page's).
 */
function readsSession(pathname: string): boolean {
  return SESSION_PAGES.has(pathname) || pathname.startsWith("/account/");
}

const SESSION_PAGES = new Set([
  "/cart",
  "/wishlist",
  "/checkout",
  "/order-success",
  "/user-login",
  "/user-register",
  "/user-dashboard",
  "/my-account",
]);

/**
 * The header changes only when something is submitted (add to cart, save to the wishlist, login, logout), when the shopper moves to
 * a page that reads their session (where the account guard sends a shopper whose session ended), or when the
 * page asks for fresh data; moving between shop filters does not refetch it.
 */
export function shouldRevalidate({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (readsSession(nextUrl.pathname) && currentUrl.pathname !== nextUrl.pathname) return true;
  const submitted = formMethod !== undefined && formMethod.toUpperCase() !== "GET";
  const sameUrl = currentUrl.href === nextUrl.href;
  return (submitted || sameUrl) && defaultShouldRevalidate;
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  useHydratedSignal();
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1c1917" />
        {/* The host sends Referrer-Policy: no-referrer, which makes browsers send "Origin: null" on form posts, and
            React Router refuses those. same-origin keeps referrers away from other sites and forms working. */}
        <meta name="referrer" content="same-origin" />
        {/* Starts the page's JavaScript on the first interaction and keeps what the shopper does until then
            (decision 0028); until it has hydrated the page works as it does without JavaScript. */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: BOOT_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * Once the page has hydrated (in the commit where every `useHydrated` component shows its JavaScript form): the
 * `js` class lets CSS tell the hydrated page from a plain one (off-canvas panels and the search box open through
 * `:target` until then), and the boot script replays what the shopper did before.
 */
function useHydratedSignal() {
  const hydrated = useHydrated();
  useLayoutEffect(() => {
    if (!hydrated) return;
    document.documentElement.classList.add("js");
    window.__shopBoot?.hydrated();
  }, [hydrated]);
}

const EMPTY_LAYOUT: LayoutData = {
  categories: [],
  cart: cartData(null),
  shopper: shopperData(null, null),
  shop: SHOP_DETAILS_DEFAULTS,
};

/**
 * The page frame: header, main and footer. A route's handle may hide the header or footer; an error page (the
 * root's boundary: `error`) always shows them, since the route that hid them is not what is shown.
 */
function Shell({ children, error = false }: { children: ReactNode; error?: boolean }) {
  const data = useRouteLoaderData<typeof loader>("root") ?? EMPTY_LAYOUT;
  const matches = useMatches();
  const handle = (
    error ? {} : Object.assign({}, ...matches.map((match) => match.handle ?? {}))
  ) as LayoutHandle;
  return (
    <ToastProvider>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {handle.showHeader !== false && <SiteHeader data={data} />}
      <main id="main" className="site-main">
        {children}
      </main>
      {handle.showFooter !== false && <SiteFooter />}
      <ConnectivityWatcher />
    </ToastProvider>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell error>
        <NotFoundContent />
      </Shell>
    );
  }
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) {
    // A request the page cannot take (a form posted as JSON, a broken form body), or a page this account may not
    // open (the back office for a customer, 403): say so, not "try again".
    const message =
      typeof error.data?.message === "string" ? error.data.message : "This request could not be handled.";
    const title = typeof error.data?.title === "string" ? error.data.title : "Something went wrong";
    return (
      <Shell error>
        <section className="message-page container">
          {error.status === 403 && (
            <p className="message-page__code" aria-hidden="true">
              403
            </p>
          )}
          <h1 className="message-page__title">{title}</h1>
          <p>{message}</p>
          <a className="button" href="/">
            Back To Home
          </a>
        </section>
      </Shell>
    );
  }
  return (
    <Shell error>
      <section className="message-page container">
        <h1 className="message-page__title">Something went wrong</h1>
        <p>We could not show this page. Please try again in a moment.</p>
        <a className="button" href="/">
          Back To Home
        </a>
      </section>
    </Shell>
  );
}
