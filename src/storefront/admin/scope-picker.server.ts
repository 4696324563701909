import type { ApiClient } from "../lib/api.server.ts";
import { answerOrThrow } from "./admin-data.server.ts";
import {
  type ChosenProduct,
  productLines,
  type ScopeOptions,
  type ScopeValues,
  scopeOf,
  tickedIds,
} from "./scope-values.ts";

/** At most this many chosen products are named on a page (the API takes 500 ids; more show by number). */
const NAMED_MAX = 100;

/** The categories (in menu order, with their depth) and tags a scope picker offers. */
export async function loadScopeOptions(api: ApiClient): Promise<ScopeOptions> {
  const [categories, tags] = await Promise.all([api.call("adminListCategories"), api.call("adminListTags")]);
  return {
    categories: answerOrThrow(categories).data.map(({ id, name, depth }) => ({ id, name, depth })),
    tags: answerOrThrow(tags).data.map(({ id, name }) => ({ id, name })),
  };
}

/** A product by its number, or null when there is none (or the API cannot say). */
async function productById(api: ApiClient, id: number): Promise<ChosenProduct | null> {
  const answer = await api.call("adminGetProduct", { params: { id: String(id) } });
  return answer.ok ? { id: answer.data.id, slug: answer.data.slug, title: answer.data.title } : null;
}

/** A product by its address (slug): the back office's search for its words, then the row with exactly that slug. */
async function productBySlug(api: ApiClient, slug: string): Promise<ChosenProduct | null> {
  const q = slug.replace(/[-_]+/g, " ").trim().slice(0, 100);
  if (q === "") return null;
  const answer = await api.call("adminListProducts", { query: { q, page: 1 } });
  if (!answer.ok) return null;
  const row = answer.data.data.find((product) => product.slug.toLowerCase() === slug.toLowerCase());
  return row ? { id: row.id, slug: row.slug, title: row.title } : null;
}

/** The chosen products, named (a page shows a sale's or a code's products by name); those not found are left out. */
export async function loadChosenProducts(api: ApiClient, ids: readonly number[]): Promise<ChosenProduct[]> {
  const unique = [...new Set(ids)].slice(0, NAMED_MAX);
  const found = await Promise.all(unique.map((id) => productById(api, id)));
  return found.filter((product): product is ChosenProduct => product !== null);
}

export interface ResolvedScope {
  /** The ids to send as `scope_ids`. */
  ids: string[];
  /** The products found, for naming them again when the form comes back. */
  products: ChosenProduct[];
  /** Set when a typed product was not found: the sentence shown at the field (nothing is saved). */
  error?: string;
}

/**
 * The form's scope as the API takes it: the ticked categories or tags, or each typed product (a number, or an
 * address as in /product/<slug>) found through the back office's product calls. Products not found are refused
 * by name, so the form can say which line to fix.
 */
export async function resolveScope(api: ApiClient, values: ScopeValues): Promise<ResolvedScope> {
  const scope = scopeOf(values.scope);
  if (scope === "categories") return { ids: tickedIds(values.scope_categories), products: [] };
  if (scope === "tags") return { ids: tickedIds(values.scope_tags), products: [] };
  if (scope === "all") return { ids: [], products: [] };
  const lines = productLines(values.scope_products).slice(0, 500);
  const found = await Promise.all(
    lines.map((line) =>
      /^\d+$/.test(line) ? productById(api, Number(line)) : productBySlug(api, line.toLowerCase()),
    ),
  );
  const missing = lines.filter((_line, index) => found[index] === null);
  const products = found.filter((product): product is ChosenProduct => product !== null);
  const ids = products.map((product) => String(product.id));
  if (missing.length === 0) return { ids, products };
  const listed = missing.map((line) => `“${line}”`).join(", ");
  return {
    ids,
    products,
    error:
      missing.length === 1
        ? `No product has the address or number ${listed}. Type each product's address (as in /product/…) or its number, one a line.`
        : `No products have the addresses or numbers ${listed}. Type each product's address (as in /product/…) or its number, one a line.`,
  };
}
