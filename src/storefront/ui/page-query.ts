/** Which page of a list a query asks for: the shop's listing and the back office's lists page the same way. */

/** The query on another page; page 1 is the URL without `page`. */
export function withPage(query: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(query);
  if (page <= 1) next.delete("page");
  else next.set("page", String(page));
  return next;
}

/** Up to `size` page numbers around the current page, e.g. 3 4 [5] 6 7. */
export function pageWindow(current: number, last: number, size = 5): number[] {
  const start = Math.max(1, Math.min(current - Math.floor(size / 2), last - size + 1));
  const end = Math.min(last, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, index) => start + index);
}
