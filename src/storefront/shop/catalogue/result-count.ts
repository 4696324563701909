/**
 * A listing's total as the shop shows it. A search answers at most its newest 500 matches
 * (docs/decisions/0023-search-speed.md), a listing its first 10,000 (0059); when more match, the API says
 * `total_capped` and the total reads "500+" or "10,000+".
 */
export function shownTotal(meta: { total: number; total_capped?: boolean }): string {
  return meta.total_capped ? `${meta.total.toLocaleString("en-US")}+` : String(meta.total);
}

/** "1 product", "12 products", "500+ products" (or results, records). */
export function countOf(meta: { total: number; total_capped?: boolean }, one: string, many: string): string {
  return `${shownTotal(meta)} ${meta.total === 1 && !meta.total_capped ? one : many}`;
}
