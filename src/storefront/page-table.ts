import { SHOP_QUERY_KEYS } from "./catalog/shop-query.ts";

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
  /** The route module, relative to `src/storefront`. */
  file: string;
  /** React Router's route id, where code refers to it. */
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
  account: "routes/account-layout.tsx",
  admin: "routes/admin-layout.tsx",
} as const;

/** Parameters a product page reads. */
const PRODUCT_QUERY_KEYS = ["color", "size", "tab", "reviews_page"] as const;

const ACCOUNT = { personal: true, layout: "account", crawl: { disallow: "/account/" } } as const;
const ADMIN = { personal: true, layout: "admin" } as const;
const NEWSLETTER = { personal: true, crawl: { disallow: "/newsletter" } } as const;

export const PAGES: readonly PageEntry[] = [
  { path: "", file: "routes/home.tsx", cache: [], crawl: "sitemap" },
  { path: "shop/:category?", file: "routes/shop.tsx", id: "shop", cache: SHOP_QUERY_KEYS, crawl: "sitemap" },
  { path: "product/:slug", file: "routes/product.tsx", cache: PRODUCT_QUERY_KEYS },
  { path: "logout", file: "routes/logout.tsx", personal: true, crawl: { disallow: "/logout" } },
  { path: "search-suggestions", file: "routes/search-suggestions.ts" },
  // The cart may be read: a crawler, without a cookie, reads one page, the empty cart (decision 0020, amended).
  { path: "cart", file: "routes/cart.tsx", personal: true },
  { path: "checkout", file: "routes/checkout.tsx", personal: true, crawl: { disallow: "/checkout" } },
  { path: "order-success", file: "routes/order-success.tsx", personal: true, crawl: { disallow: "/order" } },
  { path: "order-lookup", file: "routes/order-lookup.tsx", crawl: { disallow: "/order" } },
  { path: "user-login", file: "routes/login.tsx", personal: true, crawl: { disallow: "/user-login" } },
  {
    path: "user-register",
    file: "routes/register.tsx",
    personal: true,
    crawl: { disallow: "/user-register" },
  },
  { path: "forgot-password", file: "routes/forgot-password.tsx" },
  { path: "reset-password", file: "routes/reset-password.tsx" },
  {
    path: "user-dashboard",
    file: "routes/user-dashboard.tsx",
    id: "user-dashboard",
    ...ACCOUNT,
    crawl: { disallow: "/user-dashboard" },
  },
  { path: "my-account", file: "routes/my-account.tsx", ...ACCOUNT, crawl: { disallow: "/my-account" } },
  { path: "account/orders", file: "routes/account-orders.tsx", ...ACCOUNT },
  { path: "account/orders/:number", file: "routes/account-order.tsx", ...ACCOUNT },
  // The back office. "admin/*" keeps unknown back-office addresses behind the guard too.
  { path: "admin", file: "routes/admin-dashboard.tsx", id: "admin-dashboard", ...ADMIN },
  { path: "admin/orders", file: "routes/admin-orders.tsx", ...ADMIN },
  { path: "admin/orders/:number", file: "routes/admin-order.tsx", ...ADMIN },
  { path: "admin/products", file: "routes/admin-products.tsx", ...ADMIN },
  { path: "admin/products/new", file: "routes/admin-product-new.tsx", ...ADMIN },
  { path: "admin/products/import", file: "routes/admin-products-import.tsx", ...ADMIN },
  { path: "admin/products/:id", file: "routes/admin-product.tsx", ...ADMIN },
  { path: "admin/catalogue", file: "routes/admin-catalogue.tsx", ...ADMIN },
  { path: "admin/catalogue/:section", file: "routes/admin-catalogue-section.tsx", ...ADMIN },
  { path: "admin/reviews", file: "routes/admin-reviews.tsx", id: "admin-reviews", ...ADMIN },
  { path: "admin/newsletter", file: "routes/admin-newsletter.tsx", ...ADMIN },
  { path: "admin/customers", file: "routes/admin-customers.tsx", ...ADMIN },
  { path: "admin/customers/:id", file: "routes/admin-customer.tsx", ...ADMIN },
  { path: "admin/staff", file: "routes/admin-staff.tsx", ...ADMIN },
  { path: "admin/audit", file: "routes/admin-audit.tsx", ...ADMIN },
  { path: "admin/*", file: "routes/admin-not-found.tsx", id: "admin-not-found", ...ADMIN },
  // A sheet to print: the back office's guard (in its own loader), without its menu.
  { path: "admin/orders/:number/print", file: "routes/admin-order-print.tsx", personal: true },
  { path: "wishlist", file: "routes/wishlist.tsx", personal: true, crawl: { disallow: "/wishlist" } },
  { path: "about", file: "routes/about.tsx", cache: [], crawl: "sitemap" },
  { path: "contact", file: "routes/contact.tsx", cache: [], crawl: "sitemap" },
  { path: "blogs", file: "routes/blogs.tsx", cache: [], crawl: "sitemap" },
  { path: "newsletter", file: "routes/newsletter.tsx", ...NEWSLETTER },
  { path: "newsletter/confirm", file: "routes/newsletter-confirm.tsx", ...NEWSLETTER },
  { path: "newsletter/unsubscribe", file: "routes/newsletter-unsubscribe.tsx", ...NEWSLETTER },
  { path: "terms-and-conditions", file: "routes/terms.tsx", cache: [], crawl: "sitemap" },
  { path: "privacy-policy", file: "routes/privacy.tsx", cache: [], crawl: "sitemap" },
  // The spec leaves /offline unmatched; the issue asks for a real offline page (decision 0006).
  { path: "offline", file: "routes/offline.tsx", crawl: { disallow: "/offline" } },
  { path: "*", file: "routes/not-found.tsx" },
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
  layout(file: string, children: Entry[]): Entry;
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
      config.push(builders.layout(LAYOUTS[page.layout], children));
    }
  }
  return config;
}
