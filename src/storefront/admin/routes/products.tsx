import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { AdminProductList } from "../../../shared/contracts/admin-products.ts";
import { MAX_PAGE } from "../../../shared/contracts/fields.ts";
import { imageVariants } from "../../../shared/images.ts";
import { formatRupees } from "../../../shared/money.ts";
import { ADMIN_PRODUCT_SORT_LABELS, ADMIN_PRODUCT_SORTS } from "../../../shared/product-admin.ts";
import { PRODUCT_STATUS_LABELS, PRODUCT_STATUSES } from "../../../shared/product-status.ts";
import { apiContext } from "../../lib/api.server.ts";
import { PageSteps, pageSteps } from "../../ui/pagination.tsx";
import { adminMeta } from "../admin-meta.ts";
import { answerOf } from "../products/admin-api.server.ts";
import { StatusBadge } from "../products/status-badge.tsx";
import adminProductStyles from "../styles/products.css?url";
import type { Route } from "./+types/products";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminProductStyles }];

export const meta: Route.MetaFunction = () => adminMeta("Products");

const FILTERS = ["q", "status", "category", "stock", "sort"] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

const NOTICES: Record<string, string> = {
  deleted: "The product was deleted.",
  archived:
    "The product has orders, so it was archived instead of deleted: it is off sale, and its page says it is no longer available.",
};

/** The list's filters from the address (a GET form), and the page; a malformed value is left out, not refused. */
function filtersOf(url: URL): { filters: Filters; page: number } {
  const filters = Object.fromEntries(
    FILTERS.map((name) => [name, (url.searchParams.get(name) ?? "").slice(0, 100)]),
  ) as Filters;
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  return { filters, page: Number.isSafeInteger(page) && page > 0 ? Math.min(page, MAX_PAGE) : 1 };
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const { filters, page } = filtersOf(url);
  const [list, categories] = await Promise.all([
    api.call("adminListProducts", { query: { ...filters, page } }),
    api.call("listCategories"),
  ]);
  // A hand-edited address with a value the API refuses shows the unfiltered list rather than an error.
  const products =
    list.ok || list.status !== 422 ? list : await api.call("adminListProducts", { query: { page } });
  return {
    products: answerOf(products),
    categories: answerOf(categories),
    filters,
    notice: NOTICES[url.searchParams.get("notice") ?? ""] ?? null,
  };
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { products, categories, filters, notice } = loaderData;
  const { data: rows, meta } = products;
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/admin/products";
  const hrefFor = (page: number) => {
    const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ""));
    query.set("page", String(page));
    return `/admin/products?${query}`;
  };
  const filtered = Object.entries(filters).some(([name, value]) => name !== "sort" && value !== "");
  const sort = ADMIN_PRODUCT_SORTS.find((option) => option === filters.sort) ?? "newest";

  return (
    <section className="admin-page" aria-labelledby="admin-products-title">
      <div className="admin-page__head">
        <h1 className="admin-page__title" id="admin-products-title">
          Products
        </h1>
        <div className="admin-page__actions">
          <Link to="/admin/products/import" className="button button--outline">
            Import / export CSV
          </Link>
          <Link to="/admin/products/new" className="button">
            Add product
          </Link>
        </div>
      </div>
      {notice && (
        <p className="form-alert" role="status">
          {notice}
        </p>
      )}

      <Form method="get" className="admin-card admin-filters" aria-label="Find products">
        <div className="field admin-filters__search">
          <label className="field__label" htmlFor="products-q">
            Search
          </label>
          <input
            id="products-q"
            name="q"
            type="search"
            className="field__input"
            defaultValue={filters.q}
            placeholder="Title, colour, tag or SKU"
            maxLength={100}
          />
        </div>
        <SelectFilter id="products-status" name="status" label="Status" value={filters.status}>
          <option value="">All statuses</option>
          {PRODUCT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {PRODUCT_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectFilter>
        <SelectFilter id="products-category" name="category" label="Category" value={filters.category}>
          <option value="">All categories</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </SelectFilter>
        <SelectFilter id="products-stock" name="stock" label="Stock" value={filters.stock}>
          <option value="">Any stock</option>
          <option value="low">Low stock ({meta.low_stock_threshold} or less of a variant)</option>
          <option value="out">Sold out (every variant)</option>
        </SelectFilter>
        <SelectFilter id="products-sort" name="sort" label="Sort by" value={sort}>
          {ADMIN_PRODUCT_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {ADMIN_PRODUCT_SORT_LABELS[sort]}
            </option>
          ))}
        </SelectFilter>
        <div className="admin-filters__actions">
          <button type="submit" className="button" disabled={searching}>
            {searching ? "Finding..." : "Apply"}
          </button>
          {filtered && (
            <Link to="/admin/products" className="button button--outline">
              Clear
            </Link>
          )}
        </div>
      </Form>

      <div className="admin-card">
        {rows.length === 0 ? (
          <p className="admin-empty">
            {filtered ? "No products match these filters." : "There are no products yet."}
          </p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table admin-products-table">
              <caption>
                {productCount(meta)}
                {filtered ? " found" : ""},{" "}
                {ADMIN_PRODUCT_SORT_LABELS[(filters.sort || "newest") as "newest"]?.toLowerCase()}
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">Photo</span>
                  </th>
                  <th scope="col">Product</th>
                  <th scope="col">Status</th>
                  <th scope="col">Category</th>
                  <th scope="col" className="admin-num">
                    Price
                  </th>
                  <th scope="col" className="admin-num">
                    Stock
                  </th>
                  <th scope="col">Changed</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const photo = imageVariants(row.image);
                  return (
                    <tr key={row.id}>
                      <td className="admin-products-table__photo">
                        <img src={photo.src} alt="" width={48} height={48} loading="lazy" />
                      </td>
                      <th scope="row" className="admin-wrap admin-products-table__product">
                        <Link to={`/admin/products/${row.id}`} className="admin-products-table__title">
                          {row.title}
                        </Link>
                        <span className="admin-products-table__slug">/{row.slug}</span>
                      </th>
                      <td className="admin-products-table__status">
                        <StatusBadge status={row.status} />
                      </td>
                      <td className="admin-products-table__category">{row.category.name}</td>
                      <td className="admin-num admin-products-table__price">
                        {formatRupees(row.sale_price)}
                        {row.discount > 0 && (
                          <del className="admin-products-table__old">
                            <span className="visually-hidden">was </span>
                            {formatRupees(row.price)}
                          </del>
                        )}
                      </td>
                      <td className="admin-num admin-products-table__stock">
                        {row.stock.toLocaleString("en-US")}
                        <span className="admin-products-table__unit"> in stock</span>
                        <span className="admin-products-table__variants">
                          {row.variants} {row.variants === 1 ? "variant" : "variants"}
                        </span>
                        {row.stock === 0 ? (
                          <span className="admin-badge admin-badge--danger">Sold out</span>
                        ) : row.low_stock_variants > 0 ? (
                          <span className="admin-badge admin-badge--warning">
                            {row.low_stock_variants} low
                          </span>
                        ) : null}
                      </td>
                      <td className="admin-products-table__changed">
                        <time dateTime={row.updated_at}>{row.updated_at.slice(0, 10)}</time>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {meta.total > 0 && (
          <PageSteps
            label="Pages"
            summary={pagesSummary(meta)}
            steps={meta.last_page > 1 ? pageSteps(meta.current_page, meta.last_page, { ends: true }) : []}
            hrefFor={hrefFor}
          />
        )}
      </div>
    </section>
  );
}

/** "1 product", "310 products", "10,000+ products" (the list counts up to ADMIN_PRODUCTS_COUNT_LIMIT). */
function productCount(meta: AdminProductList["meta"]): string {
  const many = meta.total_capped
    ? `${meta.total.toLocaleString("en-US")}+`
    : meta.total.toLocaleString("en-US");
  return `${many} ${meta.total === 1 && !meta.total_capped ? "product" : "products"}`;
}

/** Where this page sits in the whole: "Showing 1 to 25 of 310 products (page 1 of 13)". */
function pagesSummary(meta: AdminProductList["meta"]): string {
  const n = (value: number) => value.toLocaleString("en-US");
  const shown =
    meta.to > 0
      ? `Showing ${n(meta.from)} to ${n(meta.to)} of ${productCount(meta)}`
      : `There are ${productCount(meta)}; this page is past the last one.`;
  return meta.last_page > 1 ? `${shown} (page ${n(meta.current_page)} of ${n(meta.last_page)})` : shown;
}

function SelectFilter({
  id,
  name,
  label,
  value,
  children,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} name={name} className="field__input" defaultValue={value}>
        {children}
      </select>
    </div>
  );
}
