import { formText } from "../ui/forms/api-errors.ts";

/**
 * What a discount code or a sale applies to, as its form holds it (src/storefront/admin/scope-picker.tsx): the
 * scope, the chosen categories' and tags' ids (checkboxes), and the chosen products as typed, one address (slug) or
 * number a line. The API still takes `scope` and `scope_ids`; the action turns these into them
 * (scope-picker.server.ts).
 */

export type Scope = "all" | "categories" | "products" | "tags";

export const SCOPE_NAMES: Record<Scope, string> = {
  all: "Everything",
  categories: "Chosen categories",
  products: "Chosen products",
  tags: "Chosen tags",
};

export const SCOPE_FIELDS = ["scope", "scope_categories", "scope_tags", "scope_products"] as const;
export type ScopeValues = Record<(typeof SCOPE_FIELDS)[number], string>;

export const EMPTY_SCOPE: ScopeValues = {
  scope: "all",
  scope_categories: "",
  scope_tags: "",
  scope_products: "",
};

/** The categories and tags to choose from (loaded by `loadScopeOptions`). */
export interface ScopeOptions {
  categories: { id: number; name: string; depth: number }[];
  tags: { id: number; name: string }[];
}

/** A chosen product, named. */
export interface ChosenProduct {
  id: number;
  slug: string;
  title: string;
}

export const scopeOf = (value: string): Scope =>
  value === "categories" || value === "products" || value === "tags" ? value : "all";

/** The scope fields of a submitted form: the ticked boxes' ids joined by commas, the products' text as typed. */
export function scopeFormValues(form: FormData): ScopeValues {
  const ticked = (name: string) =>
    form
      .getAll(name)
      .filter((value): value is string => typeof value === "string")
      .join(",");
  return {
    scope: scopeOf(formText(form, "scope")),
    scope_categories: ticked("scope_categories"),
    scope_tags: ticked("scope_tags"),
    scope_products: formText(form, "scope_products"),
  };
}

/** A stored scope as its form shows it: products by their addresses, one a line (by number if not found). */
export function scopeValuesOf(
  scope: Scope,
  ids: readonly number[],
  products: readonly ChosenProduct[],
): ScopeValues {
  const joined = ids.join(",");
  const slugs = new Map(products.map((product) => [product.id, product.slug]));
  return {
    scope,
    scope_categories: scope === "categories" ? joined : "",
    scope_tags: scope === "tags" ? joined : "",
    scope_products: scope === "products" ? ids.map((id) => slugs.get(id) ?? String(id)).join("\n") : "",
  };
}

/** The ids ticked in a checkbox field's value ("3,7"). */
export const tickedIds = (value: string): string[] => value.split(/[\s,]+/).filter(Boolean);

/** The products box's lines: each trimmed, a pasted address (…/product/slug?x) cut to its slug, blanks dropped. */
export function productLines(text: string): string[] {
  const lines = text
    .split(/\r?\n/)
    .map((line) => {
      const trimmed = line.trim();
      const path = trimmed.includes("/product/") ? (trimmed.split("/product/").at(-1) ?? "") : trimmed;
      return path
        .replace(/[?#].*$/, "")
        .replace(/\/+$/, "")
        .trim();
    })
    .filter(Boolean);
  return [...new Set(lines)];
}

/** What a stored scope covers, in words: "Everything", "Chosen categories: Kurtas, Shawls". */
export function scopeWords(
  scope: Scope,
  ids: readonly number[],
  options: ScopeOptions,
  products: readonly ChosenProduct[],
): string {
  if (scope === "all") return SCOPE_NAMES.all;
  const names = new Map<number, string>(
    scope === "categories"
      ? options.categories.map((category) => [category.id, category.name])
      : scope === "tags"
        ? options.tags.map((tag) => [tag.id, tag.name])
        : products.map((product) => [product.id, product.title]),
  );
  return `${SCOPE_NAMES[scope]}: ${ids.map((id) => names.get(id) ?? `#${id}`).join(", ")}`;
}
