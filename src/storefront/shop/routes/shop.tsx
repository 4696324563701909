import { Suspense, useState } from "react";
import { Await, data, Link, redirect, useLocation, useNavigation, useRouteLoaderData } from "react-router";
import type { ProductList } from "../../../shared/contracts/catalogue.ts";
import { apiContext, siteContext } from "../../lib/api.server.ts";
import { isDocumentRequest } from "../../lib/streaming.server.ts";
import type { loader as rootLoader } from "../../root.tsx";
import shopStyles from "../../styles/shop.css?url";
import { PageBanner } from "../../ui/breadcrumb.tsx";
import { useAfterNavigation } from "../../ui/hooks.ts";
import { CloseIcon, FilterIcon } from "../../ui/icons.tsx";
import { OffCanvasToggle } from "../../ui/off-canvas.tsx";
import { withPage } from "../../ui/page-query.ts";
import { Pagination } from "../../ui/pagination.tsx";
import { ProductGridShimmer } from "../../ui/shimmer.tsx";
import { shopNameOf } from "../../ui/site.ts";
import { ToastOnMount } from "../../ui/toast.tsx";
import { listingQuery, loadList, loadProductList } from "../catalogue/catalogue.server.ts";
import { type FilterLists, FilterPanel } from "../catalogue/filter-panel.tsx";
import { ProductGrid } from "../catalogue/product-card.tsx";
import { countOf, shownTotal } from "../catalogue/result-count.ts";
import { canonicalShopUrl, type FilterKey, shopHref, withFilter } from "../catalogue/shop-query.ts";
import { SortSelect } from "../catalogue/sort-select.tsx";
import type { Route } from "./+types/shop";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: shopStyles }];

export const meta: Route.MetaFunction = ({ params, matches, loaderData }) => {
  const categories = matches[0]?.loaderData?.categories ?? [];
  const name = categories.find((category) => category.slug === params.category)?.name;
  return [
    { title: `${name ?? "Shop"} | ${shopNameOf(matches)}` },
    ...(loaderData ? [{ tagName: "link", rel: "canonical", href: loaderData.canonical }] : []),
    // A page past the end lists nothing worth indexing.
    ...(loaderData?.pastEnd ? [{ name: "robots", content: "noindex" }] : []),
    {
      name: "description",
      content: name
        ? `Shop ${name.toLowerCase()} at ${shopNameOf(matches)}: prices in rupees, delivery across Pakistan.`
        : `Shop bags and clothing at ${shopNameOf(matches)}: prices in rupees, delivery across Pakistan.`,
    },
  ];
};

/**
 * The URL drives the listing. The filter lists are awaited; the products are awaited for a document but
 * streamed on a client navigation, so the shimmer grid shows straight away.
 */
export async function loader({ context, params, request, url }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const query = listingQuery(url.searchParams, params.category);
  const listing = loadProductList(api, query);
  const [categories, colors, sizes, tags] = await Promise.all([
    params.category === undefined ? null : loadList(api, "listCategories"),
    loadList(api, "listColors"),
    loadList(api, "listSizeNames"),
    loadList(api, "listTags"),
  ]);
  // A category's old address answers 301 to its current one (a renamed slug, decision 0031); a category nobody
  // sells is a dead link: the not-found page, with a 404 (unless the categories failed to load).
  if (categories && params.category && !categories.some((category) => category.slug === params.category)) {
    const moved = await api.call("getCategoryRedirect", { params: { slug: params.category } });
    if (moved.ok) throw redirect(`/shop/${encodeURIComponent(moved.data.slug)}${url.search}`, 301);
    throw data(null, { status: 404 });
  }
  const notices: string[] = [];
  if (!colors) notices.push("Failed to load colors");
  if (!sizes) notices.push("Failed to load sizes");
  if (!tags) notices.push("Failed to load tags");
  const products = isDocumentRequest(request) ? await listing : listing;
  const requestedPage = url.searchParams.get("page") ?? "";
  return {
    products,
    colors: colors ?? [],
    sizes: sizes ?? [],
    tags: tags ?? [],
    notices,
    // A page number too large for the API (over 2147483647) is past the end like page=99 of 5, not page 1.
    pastEnd: /^\d+$/.test(requestedPage) && Number(requestedPage) > 1 && query.page === undefined,
    canonical: canonicalShopUrl(context.get(siteContext).publicUrl, params.category, query.page),
  };
}

/** Spec: the shop shows 6 shimmer cards while loading. */
const PLACEHOLDERS = 6;

export default function Shop({ loaderData, params }: Route.ComponentProps) {
  const location = useLocation();
  const navigation = useNavigation();
  const categories = useRouteLoaderData<typeof rootLoader>("root")?.categories ?? [];
  const [filtersOpen, setFiltersOpen] = useState(false);
  useAfterNavigation(() => setFiltersOpen(false));

  const category = params.category;
  const query = new URLSearchParams(location.search);
  const title = categories.find((item) => item.slug === category)?.name ?? "Shop";
  const lists: FilterLists = {
    categories,
    colors: loaderData.colors,
    sizes: loaderData.sizes,
    tags: loaderData.tags,
  };
  const switching = navigation.state === "loading" && navigation.location.pathname.startsWith("/shop");

  return (
    <>
      <PageBanner title={title} />
      <div className="container shop">
        <div className="shop-toolbar">
          <OffCanvasToggle
            target="shop-filters"
            open={filtersOpen}
            onOpen={() => setFiltersOpen(true)}
            className="button button--outline shop-toolbar__filter"
          >
            <FilterIcon size={18} /> Filter
          </OffCanvasToggle>
          <p className="shop-toolbar__count" aria-live="polite">
            {!switching && !loaderData.pastEnd && (
              <Suspense key={location.key} fallback={null}>
                <Await resolve={loaderData.products}>
                  {(list) =>
                    list && (
                      <>
                        Showing {list.meta.from ?? 0} to {list.meta.to ?? 0} of {shownTotal(list.meta)}{" "}
                        results
                      </>
                    )
                  }
                </Await>
              </Suspense>
            )}
          </p>
          <SortSelect category={category} query={query} />
        </div>
        {/* Cards carry h3 titles; this keeps the outline h1 > h2 > h3 for screen readers. */}
        <h2 className="visually-hidden">Products</h2>
        <ActiveFilters category={category} query={query} lists={lists} />
        {switching ? (
          <ProductGridShimmer count={PLACEHOLDERS} />
        ) : (
          <Suspense key={location.key} fallback={<ProductGridShimmer count={PLACEHOLDERS} />}>
            <Await resolve={loaderData.products}>
              {(list) => (
                <Results list={list} category={category} query={query} pastEnd={loaderData.pastEnd} />
              )}
            </Await>
          </Suspense>
        )}
      </div>
      <FilterPanel
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        category={category}
        query={query}
        lists={lists}
      />
    </>
  );
}

function Results({
  list,
  category,
  query,
  pastEnd,
}: {
  list: ProductList | null;
  category?: string;
  query: URLSearchParams;
  pastEnd: boolean;
}) {
  if (list && list.meta.total > 0 && (pastEnd || list.data.length === 0)) {
    // A page past the last (an old link, a hand-edited URL): the same filters from their first page.
    return (
      <div className="empty-state">
        <h2 className="empty-state__title">No Products Found</h2>
        <p>
          {list.meta.total_capped
            ? // A search answers its newest 500 (decision 0023), a listing its first 10,000 in its order (0059).
              `There is no page ${query.get("page")} here: ${query.get("search")?.trim() ? "a search" : "the shop"} shows at most ${list.meta.total.toLocaleString("en-US")} products, on ${list.meta.last_page.toLocaleString("en-US")} pages.`
            : `There is no page ${query.get("page")} here: these ${list.meta.total} products fit on ${list.meta.last_page === 1 ? "one page" : `${list.meta.last_page} pages`}.`}
        </p>
        <Link to={shopHref(category, withPage(query, 1))} className="button">
          Go to the first page
        </Link>
      </div>
    );
  }
  const search = query.get("search")?.trim() || null;
  if (!list || list.data.length === 0) {
    const didYouMean = list ? spellingSuggestions(list.meta, search) : [];
    return (
      <div className="empty-state">
        {!list && <ToastOnMount message="Failed to load products" />}
        <h2 className="empty-state__title">No Products Found</h2>
        {list && search && <p className="search-summary__empty">Nothing matched “{search}”.</p>}
        {didYouMean.length > 0 && (
          <p className="did-you-mean">
            Did you mean:{" "}
            {didYouMean.map((suggestion, index) => (
              <span key={suggestion}>
                {index > 0 && ", "}
                <Link to={shopHref(category, withFilter(query, "search", suggestion))}>{suggestion}</Link>
              </span>
            ))}
            ?
          </p>
        )}
        <p>Try a different filter or search, or browse the whole shop.</p>
        <Link to="/shop" className="button">
          Shop Now
        </Link>
      </div>
    );
  }
  return (
    <>
      {search && (
        <div className="search-summary">
          <h2 className="search-summary__title">Results for “{search}”</h2>
          <p className="search-summary__count">{countOf(list.meta, "product", "products")}</p>
        </div>
      )}
      <ProductGrid products={list.data} eagerCount={4} />
      <Pagination meta={list.meta} hrefFor={(page) => shopHref(category, withPage(query, page))} />
    </>
  );
}

/**
 * "Did you mean" spellings the API may add to a listing's meta (`meta.suggestions`, optional and newer than
 * this page): read defensively, only non-blank strings other than the search itself, at most five.
 */
function spellingSuggestions(meta: object, search: string | null): string[] {
  if (!search) return [];
  const raw = (meta as { suggestions?: unknown }).suggestions;
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>([search.toLowerCase()]);
  const out: string[] = [];
  for (const item of raw) {
    if (typeof item !== "string" || item.trim() === "" || item.length > 100) continue;
    const text = item.trim();
    if (seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    out.push(text);
    if (out.length === 5) break;
  }
  return out;
}

// A Map, not an object: `?type=__proto__` must not find Object.prototype.
const TYPE_LABELS = new Map([
  ["new-arrival", "New arrivals"],
  ["daily-deals", "Daily deals"],
]);

/** The filters in force, each removable with one click, plus a way back to everything. */
function ActiveFilters({
  category,
  query,
  lists,
}: {
  category?: string;
  query: URLSearchParams;
  lists: FilterLists;
}) {
  const nameOf = (key: FilterKey, value: string): string => {
    const id = Number(value);
    if (key === "search") return `“${value}”`;
    if (key === "type") return TYPE_LABELS.get(value) ?? value;
    if (key === "color") return lists.colors.find((item) => item.id === id)?.title ?? "Colour";
    if (key === "size") return `Size ${lists.sizes.find((item) => item.id === id)?.size ?? value}`;
    if (key === "tag") return lists.tags.find((item) => item.id === id)?.name ?? "Tag";
    return value;
  };
  const active = (["search", "type", "color", "size", "tag"] as const).flatMap((key) => {
    const value = query.get(key);
    return value ? [{ key, label: nameOf(key, value) }] : [];
  });
  if (active.length === 0) return null;

  return (
    <ul className="active-filters" aria-label="Active filters">
      {active.map(({ key, label }) => (
        <li key={key}>
          <Link to={shopHref(category, withFilter(query, key, null))} className="chip">
            {label}
            <CloseIcon size={14} />
            <span className="visually-hidden"> (remove filter)</span>
          </Link>
        </li>
      ))}
      <li>
        <Link to={shopHref(category, new URLSearchParams())} className="chip chip--plain">
          Clear filters
        </Link>
      </li>
    </ul>
  );
}
