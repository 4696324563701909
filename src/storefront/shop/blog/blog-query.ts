import { POST_CATEGORY_MAX, POST_SEARCH_MAX, POST_TAG_MAX } from "../../../shared/contracts/blog.ts";

/** What the blog's list shows: its search, category and tag filters and page, read from the address. */
export interface BlogQuery {
  search: string;
  category: string;
  tag: string;
  page: number;
}

/** The address's filters, cut to what the API takes, so no typed address is refused. */
export function readBlogQuery(params: URLSearchParams): BlogQuery {
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const text = (name: string, max: number) =>
    (params.get(name) ?? "").replaceAll("\u0000", "").trim().slice(0, max);
  return {
    search: text("search", POST_SEARCH_MAX),
    category: text("category", POST_CATEGORY_MAX),
    tag: text("tag", POST_TAG_MAX),
    page: Number.isSafeInteger(page) && page > 0 && page < 1_000_000 ? page : 1,
  };
}

/** The URL of the listing with `changes` applied; any filter change goes back to page 1. */
export function blogHref(query: BlogQuery, changes: Partial<BlogQuery>): string {
  const next = { ...query, ...changes };
  if (!("page" in changes)) next.page = 1;
  const params = new URLSearchParams();
  if (next.search) params.set("search", next.search);
  if (next.category) params.set("category", next.category);
  if (next.tag) params.set("tag", next.tag);
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return search ? `/blogs?${search}` : "/blogs";
}

/** A post's own page. */
export const postHref = (slug: string) => `/blogs/${encodeURIComponent(slug)}`;
