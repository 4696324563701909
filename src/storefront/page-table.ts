import { SHOP_QUERY_KEYS } from "./shop/catalogue/shop-query.ts";

/**
 * Every page of the storefront, declared once: its address and module (what `routes.ts` gives React Router),
 * whether it shows one person's data, whether the host may keep it for every visitor (and which query parameters
 * it reads), and what crawlers are told about it. The page cache, `Cache-Control`, `/robots.txt` and the sitemap
 * all read this table (`pageRules`); adding a page here is the whole of declaring it.
 *
 * - `personal`: the page is about one shopper (their cart, account, orders, the sign-in pages they pass through,
 *   the newsletter links' pages that name an address) or the back office, which shows everyone's: never kept by any
 *   cache, shared or the browser's (`private, no-store`).
 * - `cache`: the page looks the same to every visitor without a personal cookie, so the host keeps it
 *   (docs/decisions/0033-public-html-cache.md); the list holds the query parameters it reads. Any other parameter
 *   makes the request rendered, not kept.
 * - `crawl`: `"sitemap"` lists the page in /sitemap.xml (pages with parameters are listed by their own
 *   generators: categories, products); `{ disallow }` writes `Disallow: <prefix>` in /robots.txt (pages sharing a
 *   prefix share the line); unset, crawlers may read it but it is not listed.
 */
export interface PageEntry {
  /** React Router's path pattern: `""` for the home page, `:name` a parameter, `:name?` an optional one, `*` the rest. */
  path: string;
  /** The route module, relative to `src/storefront`: a shopper's page in `shop/routes/`, the back office's in `admin/routes/`. */
  file: string;
  /**
   * React Router's route id. Without it, React Router takes the module's path. The shop's pages keep the ids they
   * had when every module sat in `routes/` ("routes/cart"): ids name the pages in the data requests of client
   * navigations (`/cart.data?_routes=routes/cart`), and code refers to some ("shop", "admin-reviews").
   */
  id?: string;
  /** The layout route the page renders in (one guard and one menu for the group). */
  layout?: LayoutName;
  personal?: true;
  cache?: readonly string[];
  crawl?: "sitemap" | { disallow: string };
}

export type LayoutName = keyof typeof LAYOUTS;

/** Layout routes: the account pages share one login guard and side menu; the back office one staff guard. */
export const LAYOUTS = {
  account: { file: "shop/routes/account-layout.tsx", id: "routes/account-layout" },
  admin: { file: "admin/routes/layout.tsx", id: "routes/admin-layout" },
} as const;

/** Parameters a product page reads. */
const PRODUCT_QUERY_KEYS = ["color", "size", "tab", "reviews_page"] as const;

const ACCOUNT = { personal: true, layout: "account", crawl: { disallow: "/account/" } } as const;
const ADMIN = { personal: true, layout: "admin" } as const;
const NEWSLETTER = { personal: true, crawl: { disallow: "/newsletter" } } as const;

export const PAGES: readonly PageEntry[] = [
  { path: "", file: "shop/routes/home.tsx", id: "routes/home", cache: [], crawl: "sitemap" },
  {
    path: "shop/:category?",
    file: "shop/routes/shop.tsx",
    id: "shop",
    cache: SHOP_QUERY_KEYS,
    crawl: "sitemap",
  },
  { path: "product/:slug", file: "shop/routes/product.tsx", id: "routes/product", cache: PRODUCT_QUERY_KEYS },
  {
    path: "logout",
    file: "shop/routes/logout.tsx",
    id: "routes/logout",
    personal: true,
    crawl: { disallow: "/logout" },
  },
  { path: "search-suggestions", file: "shop/routes/search-suggestions.ts", id: "routes/search-suggestions" },
  // The cart may be read: a crawler, without a cookie, reads one page, the empty cart (decision 0020, amended).
  { path: "cart", file: "shop/routes/cart.tsx", id: "routes/cart", personal: true },
  {
    path: "checkout",
    file: "shop/routes/checkout.tsx",
    id: "routes/checkout",
    personal: true,
    crawl: { disallow: "/checkout" },
  },
  {
    path: "order-success",
    file: "shop/routes/order-success.tsx",
    id: "routes/order-success",
    personal: true,
    crawl: { disallow: "/order" },
  },
  // A prepaid order's payment (decision 0053): its state, the provider's forms, a bank transfer's details.
  {
    path: "order-payment",
    file: "shop/routes/order-payment.tsx",
    id: "routes/order-payment",
    personal: true,
    crawl: { disallow: "/order" },
  },
  {
    path: "order-payment/start",
    file: "shop/routes/order-payment-start.ts",
    id: "routes/order-payment-start",
    personal: true,
    crawl: { disallow: "/order" },
  },
  // A delivered order's returns (decision 0054): asking for one, and following them.
  {
    path: "order-returns",
    file: "shop/routes/order-returns.tsx",
    id: "routes/order-returns",
    personal: true,
    crawl: { disallow: "/order" },
  },
  {
    path: "order-lookup",
    file: "shop/routes/order-lookup.tsx",
    id: "routes/order-lookup",
    personal: true,
    crawl: { disallow: "/order" },
  },
  {
    path: "user-login",
    file: "shop/routes/login.tsx",
    id: "routes/login",
    personal: true,
    crawl: { disallow: "/user-login" },
  },
  {
    path: "user-register",
    file: "shop/routes/register.tsx",
    id: "routes/register",
    personal: true,
    crawl: { disallow: "/user-register" },
  },
  // Pages a shopper types an address, an order number or a link's token into: no cache, shared or the browser's,
  // keeps them (a shared computer's back button must not show them).
  {
    path: "track",
    file: "shop/routes/track.tsx",
    id: "routes/track",
    personal: true,
    crawl: { disallow: "/track" },
  },
  {
    path: "confirm-order",
    file: "shop/routes/confirm-order.tsx",
    id: "routes/confirm-order",
    personal: true,
    crawl: { disallow: "/confirm-order" },
  },
  {
    path: "forgot-password",
    file: "shop/routes/forgot-password.tsx",
    id: "routes/forgot-password",
    personal: true,
  },
  {
    path: "reset-password",
    file: "shop/routes/reset-password.tsx",
    id: "routes/reset-password",
    personal: true,
  },
  {
    path: "account/undo-email-change",
    file: "shop/routes/undo-email-change.tsx",
    id: "routes/undo-email-change",
    personal: true,
    crawl: { disallow: "/account/" },
  },
  {
    path: "user-dashboard",
    file: "shop/routes/user-dashboard.tsx",
    id: "user-dashboard",
    ...ACCOUNT,
    crawl: { disallow: "/user-dashboard" },
  },
  {
    path: "my-account",
    file: "shop/routes/my-account.tsx",
    id: "routes/my-account",
    ...ACCOUNT,
    crawl: { disallow: "/my-account" },
  },
  { path: "account/orders", file: "shop/routes/account-orders.tsx", id: "routes/account-orders", ...ACCOUNT },
  {
    path: "account/orders/:number",
    file: "shop/routes/account-order.tsx",
    id: "routes/account-order",
    ...ACCOUNT,
  },
  // The back office. "admin/*" keeps unknown back-office addresses behind the guard too.
  { path: "admin", file: "admin/routes/dashboard.tsx", id: "admin-dashboard", ...ADMIN },
  { path: "admin/orders", file: "admin/routes/orders.tsx", id: "routes/admin-orders", ...ADMIN },
  { path: "admin/orders/new", file: "admin/routes/order-new.tsx", id: "routes/admin-order-new", ...ADMIN },
  { path: "admin/orders/:number", file: "admin/routes/order.tsx", id: "routes/admin-order", ...ADMIN },
  { path: "admin/shipping", file: "admin/routes/shipping.tsx", id: "routes/admin-shipping", ...ADMIN },
  { path: "admin/returns", file: "admin/routes/returns.tsx", id: "routes/admin-returns", ...ADMIN },
  {
    path: "admin/returns/report",
    file: "admin/routes/returns-report.tsx",
    id: "routes/admin-returns-report",
    ...ADMIN,
  },
  { path: "admin/returns/:id", file: "admin/routes/return.tsx", id: "routes/admin-return", ...ADMIN },
  { path: "admin/products", file: "admin/routes/products.tsx", id: "routes/admin-products", ...ADMIN },
  {
    path: "admin/products/new",
    file: "admin/routes/product-new.tsx",
    id: "routes/admin-product-new",
    ...ADMIN,
  },
  {
    path: "admin/products/import",
    file: "admin/routes/products-import.tsx",
    id: "routes/admin-products-import",
    ...ADMIN,
  },
  { path: "admin/products/:id", file: "admin/routes/product.tsx", id: "routes/admin-product", ...ADMIN },
  { path: "admin/catalogue", file: "admin/routes/catalogue.tsx", id: "routes/admin-catalogue", ...ADMIN },
  {
    path: "admin/catalogue/categories/:id/size-chart",
    file: "admin/routes/category-size-chart.tsx",
    id: "routes/admin-category-size-chart",
    ...ADMIN,
  },
  {
    path: "admin/catalogue/:section",
    file: "admin/routes/catalogue-section.tsx",
    id: "routes/admin-catalogue-section",
    ...ADMIN,
  },
  { path: "admin/reviews", file: "admin/routes/reviews.tsx", id: "admin-reviews", ...ADMIN },
  { path: "admin/newsletter", file: "admin/routes/newsletter.tsx", id: "routes/admin-newsletter", ...ADMIN },
  {
    path: "admin/newsletter/issues",
    file: "admin/routes/newsletter-issues.tsx",
    id: "routes/admin-newsletter-issues",
    ...ADMIN,
  },
  {
    path: "admin/newsletter/issues/:id",
    file: "admin/routes/newsletter-issue.tsx",
    id: "routes/admin-newsletter-issue",
    ...ADMIN,
  },
  { path: "admin/messages", file: "admin/routes/messages.tsx", id: "routes/admin-messages", ...ADMIN },
  { path: "admin/messages/:id", file: "admin/routes/message.tsx", id: "routes/admin-message", ...ADMIN },
  { path: "admin/cash", file: "admin/routes/cash.tsx", id: "routes/admin-cash", ...ADMIN },
  { path: "admin/blocklist", file: "admin/routes/blocklist.tsx", id: "routes/admin-blocklist", ...ADMIN },
  { path: "admin/coupons", file: "admin/routes/coupons.tsx", id: "routes/admin-coupons", ...ADMIN },
  { path: "admin/coupons/:id", file: "admin/routes/coupon.tsx", id: "routes/admin-coupon", ...ADMIN },
  { path: "admin/campaigns", file: "admin/routes/campaigns.tsx", id: "routes/admin-campaigns", ...ADMIN },
  { path: "admin/campaigns/:id", file: "admin/routes/campaign.tsx", id: "routes/admin-campaign", ...ADMIN },
  { path: "admin/posts", file: "admin/routes/posts.tsx", id: "routes/admin-posts", ...ADMIN },
  { path: "admin/posts/new", file: "admin/routes/post-new.tsx", id: "routes/admin-post-new", ...ADMIN },
  { path: "admin/posts/:id", file: "admin/routes/post.tsx", id: "routes/admin-post", ...ADMIN },
  {
    path: "admin/product-search",
    file: "admin/routes/product-search.ts",
    id: "routes/admin-product-search",
    ...ADMIN,
  },
  { path: "admin/delivery", file: "admin/routes/delivery.tsx", id: "routes/admin-delivery", ...ADMIN },
  {
    path: "admin/search-words",
    file: "admin/routes/search-words.tsx",
    id: "routes/admin-search-words",
    ...ADMIN,
  },
  // The shop's details and content pages (decision 0066).
  {
    path: "admin/shop-details",
    file: "admin/routes/shop-details.tsx",
    id: "routes/admin-shop-details",
    ...ADMIN,
  },
  { path: "admin/pages", file: "admin/routes/content-pages.tsx", id: "routes/admin-content-pages", ...ADMIN },
  {
    path: "admin/pages/:slug",
    file: "admin/routes/content-page.tsx",
    id: "routes/admin-content-page",
    ...ADMIN,
  },
  { path: "admin/customers", file: "admin/routes/customers.tsx", id: "routes/admin-customers", ...ADMIN },
  { path: "admin/customers/:id", file: "admin/routes/customer.tsx", id: "routes/admin-customer", ...ADMIN },
  { path: "admin/staff", file: "admin/routes/staff.tsx", id: "routes/admin-staff", ...ADMIN },
  { path: "admin/audit", file: "admin/routes/audit.tsx", id: "routes/admin-audit", ...ADMIN },
  { path: "admin/*", file: "admin/routes/not-found.tsx", id: "admin-not-found", ...ADMIN },
  // Two-factor sign-in: open to a session that still owes its code (their own guard), without the menu.
  {
    path: "admin/two-factor",
    file: "admin/routes/two-factor.tsx",
    id: "routes/admin-two-factor",
    personal: true,
  },
  {
    path: "admin/two-factor/verify",
    file: "admin/routes/two-factor-verify.tsx",
    id: "routes/admin-two-factor-verify",
    personal: true,
  },
  // The staff invitation's link: for someone signed out, so outside the back office's guard (decision 0040).
  {
    path: "staff-invitation",
    file: "admin/routes/staff-invitation.tsx",
    id: "routes/staff-invitation",
    personal: true,
    crawl: { disallow: "/staff-invitation" },
  },
  // A sheet to print: the back office's guard (in its own loader), without its menu.
  {
    path: "admin/orders/:number/print",
    file: "admin/routes/order-print.tsx",
    id: "routes/admin-order-print",
    personal: true,
  },
  {
    path: "wishlist",
    file: "shop/routes/wishlist.tsx",
    id: "routes/wishlist",
    personal: true,
    crawl: { disallow: "/wishlist" },
  },
  { path: "about", file: "shop/routes/about.tsx", id: "routes/about", cache: [], crawl: "sitemap" },
  { path: "contact", file: "shop/routes/contact.tsx", id: "routes/contact", cache: [], crawl: "sitemap" },
  // The blog is read at each request, not kept: a scheduled post shows at its minute (decision 0064). The posts
  // are listed in the sitemap by their own generator.
  { path: "blogs", file: "shop/routes/blogs.tsx", id: "routes/blogs", crawl: "sitemap" },
  { path: "blogs/:slug", file: "shop/routes/blog-post.tsx", id: "routes/blog-post" },
  { path: "newsletter", file: "shop/routes/newsletter.tsx", id: "routes/newsletter", ...NEWSLETTER },
  {
    path: "newsletter/confirm",
    file: "shop/routes/newsletter-confirm.tsx",
    id: "routes/newsletter-confirm",
    ...NEWSLETTER,
  },
  {
    path: "newsletter/unsubscribe",
    file: "shop/routes/newsletter-unsubscribe.tsx",
    id: "routes/newsletter-unsubscribe",
    ...NEWSLETTER,
  },
  {
    path: "terms-and-conditions",
    file: "shop/routes/terms.tsx",
    id: "routes/terms",
    cache: [],
    crawl: "sitemap",
  },
  {
    path: "privacy-policy",
    file: "shop/routes/privacy.tsx",
    id: "routes/privacy",
    cache: [],
    crawl: "sitemap",
  },
  // The spec leaves /offline unmatched; the issue asks for a real offline page (decision 0006).
  { path: "offline", file: "shop/routes/offline.tsx", id: "routes/offline", crawl: { disallow: "/offline" } },
  { path: "*", file: "shop/routes/not-found.tsx", id: "routes/not-found" },
];

/** Paths outside the storefront that crawlers are kept out of. */
const NOT_PAGES_DISALLOWED = ["/api/"];

/** A parameter's value in a kept page's address is at most this long: a longer one is rendered, not kept. */
const MAX_KEPT_PARAM = 200;

/**
 * A regular expression for the page's pattern. `param` is what one parameter may be; `trailingSlash` also
 * matches the address with a slash at its end. A splat (`*`) matches the prefix itself and everything below it.
 */
function pathRegExp(path: string, param: string, trailingSlash: boolean): RegExp {
  if (path === "") return /^\/$/;
  let source = "";
  for (const segment of path.split("/")) {
    if (segment === "*") source += "(?:\\/.*)?";
    else if (segment.startsWith(":") && segment.endsWith("?")) source += `(?:\\/${param})?`;
    else if (segment.startsWith(":")) source += `\\/${param}`;
    else source += `\\/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
  }
  return new RegExp(`^${source}${trailingSlash ? "\\/?" : ""}$`);
}

/** The page's address up to its first parameter: `/shop` for `shop/:category?`, `/` for the home page. */
function literalPrefix(path: string): string {
  const segments = path.split("/");
  const until = segments.findIndex((segment) => segment.startsWith(":") || segment === "*");
  return `/${(until === -1 ? segments : segments.slice(0, until)).join("/")}`;
}

export interface PageRules {
  /** The query parameters the kept page at `pathname` reads, or null when the page is not one the host keeps. */
  keptParams(pathname: string): ReadonlySet<string> | null;
  /** Whether `pathname` (a document's, or the `.data` a client navigation loads) is a personal page. */
  isPersonal(pathname: string): boolean;
  /** The `Disallow:` prefixes of /robots.txt, in the table's order, each once. */
  disallowed: readonly string[];
  /** The pages /sitemap.xml lists besides categories and products. */
  sitemapPaths: readonly string[];
}

/** What the host, the page cache and the crawlers' files read from a page table. */
export function pageRules(table: readonly PageEntry[] = PAGES): PageRules {
  const kept = table
    .filter((page) => page.cache !== undefined)
    .map((page) => ({
      pattern: pathRegExp(page.path, `[^/]{1,${MAX_KEPT_PARAM}}`, false),
      params: new Set(page.cache),
    }));
  const personal = table.filter((page) => page.personal).map((page) => pathRegExp(page.path, "[^/]+", true));
  const disallowed = [
    ...new Set([
      ...NOT_PAGES_DISALLOWED,
      ...table.flatMap((page) =>
        typeof page.crawl === "object" && page.crawl !== null ? [page.crawl.disallow] : [],
      ),
    ]),
  ];
  return {
    keptParams(pathname) {
      return kept.find(({ pattern }) => pattern.test(pathname))?.params ?? null;
    },
    isPersonal(pathname) {
      const path = pathname.replace(/\.data$/, "");
      return personal.some((pattern) => pattern.test(path));
    },
    disallowed,
    sitemapPaths: table.filter((page) => page.crawl === "sitemap").map((page) => literalPrefix(page.path)),
  };
}

/** The storefront's own table's rules (what the host serves by). */
export const PAGE_RULES = pageRules();

/** The route builders of `@react-router/dev/routes`, passed in so that this table stays a plain module. */
export interface RouteBuilders<Entry> {
  index(file: string, options?: { id?: string }): Entry;
  route(path: string, file: string, options?: { id?: string }): Entry;
  layout(file: string, options: { id: string }, children: Entry[]): Entry;
}

/** The table as React Router's route config: each layout's pages as its children, where its first page stands. */
export function routeConfig<Entry>(builders: RouteBuilders<Entry>, table = PAGES): Entry[] {
  const entry = (page: PageEntry) => {
    const options = page.id ? { id: page.id } : undefined;
    return page.path === ""
      ? builders.index(page.file, options)
      : builders.route(page.path, page.file, options);
  };
  const config: Entry[] = [];
  const placed = new Set<LayoutName>();
  for (const page of table) {
    if (!page.layout) {
      config.push(entry(page));
    } else if (!placed.has(page.layout)) {
      placed.add(page.layout);
      const children = table.filter((other) => other.layout === page.layout).map(entry);
      const { file, id } = LAYOUTS[page.layout];
      config.push(builders.layout(file, { id }, children));
    }
  }
  return config;
}
