import { withPage } from "../ui/page-query.ts";

/** The same back-office list on another page, keeping its filters ("/admin/customers?search=ali&page=2"). */
export function listPageHref(url: URL, page: number): string {
  const query = withPage(url.searchParams, page).toString();
  return `${url.pathname}${query ? `?${query}` : ""}`;
}
