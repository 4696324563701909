import type { PageMeta } from "../shared/contracts/catalogue.ts";

/** The spec's page meta for a page of `count` rows out of `total`. */
export function pageMeta(page: number, perPage: number, count: number, total: number): PageMeta {
  const offset = (page - 1) * perPage;
  return {
    from: count > 0 ? offset + 1 : 0,
    to: count > 0 ? offset + count : 0,
    total,
    per_page: perPage,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
  };
}
