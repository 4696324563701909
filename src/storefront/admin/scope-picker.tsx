import { type KeyboardEvent, useEffect, useId, useMemo, useState } from "react";
import { useFetcher } from "react-router";
import { useHydrated } from "../ui/hooks.ts";
import { Choice } from "./form-fields.tsx";
import type { ProductSearchResult } from "./routes/product-search.ts";
import {
  type ChosenProduct,
  productLines,
  SCOPE_NAMES,
  type ScopeOptions,
  type ScopeValues,
  scopeOf,
  tickedIds,
} from "./scope-values.ts";

const SEARCH_DEBOUNCE_MS = 250;

/**
 * What a discount code or a sale applies to: everything, or chosen categories or tags (checkboxes with their names),
 * or chosen products (their addresses or numbers, one a line; with JavaScript, also found by name in a search box).
 * Without JavaScript every group shows and only the chosen scope's is read; with `:has()` (CSS), only the chosen
 * scope's group shows. The error (`scope_ids`, from the API or from finding the products) shows in the chosen group.
 */
export function ScopePicker({
  idPrefix,
  values,
  errors,
  options,
  products,
  hint,
}: {
  idPrefix: string;
  values: ScopeValues;
  errors: Record<string, string>;
  options: ScopeOptions;
  /** The products named so far (the stored ones, those found when the form was refused). */
  products: readonly ChosenProduct[];
  /** What a chosen category covers, said under its group. */
  hint?: string;
}) {
  const scope = scopeOf(values.scope);
  const error = errors.scope_ids;
  const errorId = `${idPrefix}-scope_ids-error`;
  const errorFor = (group: string) =>
    error && scope === group ? (
      <p className="field__error" id={errorId}>
        {error}
      </p>
    ) : null;
  const invalid = (group: string) => Boolean(error && scope === group);
  const categories = new Set(tickedIds(values.scope_categories));
  const tags = new Set(tickedIds(values.scope_tags));

  return (
    <div className="scope-picker">
      <Choice
        idPrefix={idPrefix}
        name="scope"
        label="Applies to"
        options={SCOPE_NAMES}
        value={scope}
        error={errors.scope ?? (scope === "all" ? error : undefined)}
      />
      <fieldset
        className={`scope-picker__group scope-picker__group--categories${invalid("categories") ? " field--invalid" : ""}`}
        aria-describedby={invalid("categories") ? errorId : undefined}
      >
        <legend className="field__label">{SCOPE_NAMES.categories}</legend>
        {hint && <p className="field__hint">{hint}</p>}
        {options.categories.length === 0 ? (
          <p className="admin-empty">No categories yet.</p>
        ) : (
          <div className="scope-picker__options">
            {options.categories.map((category) => (
              <label
                key={category.id}
                className="checkbox"
                style={category.depth > 0 ? { paddingInlineStart: `${category.depth * 20}px` } : undefined}
              >
                <input
                  type="checkbox"
                  name="scope_categories"
                  value={category.id}
                  defaultChecked={categories.has(String(category.id))}
                />
                {category.name}
              </label>
            ))}
          </div>
        )}
        {errorFor("categories")}
      </fieldset>
      <fieldset
        className={`scope-picker__group scope-picker__group--tags${invalid("tags") ? " field--invalid" : ""}`}
        aria-describedby={invalid("tags") ? errorId : undefined}
      >
        <legend className="field__label">{SCOPE_NAMES.tags}</legend>
        {options.tags.length === 0 ? (
          <p className="admin-empty">No tags yet.</p>
        ) : (
          <div className="scope-picker__options">
            {options.tags.map((tag) => (
              <label key={tag.id} className="checkbox">
                <input
                  type="checkbox"
                  name="scope_tags"
                  value={tag.id}
                  defaultChecked={tags.has(String(tag.id))}
                />
                {tag.name}
              </label>
            ))}
          </div>
        )}
        {errorFor("tags")}
      </fieldset>
      <ProductChooser
        idPrefix={idPrefix}
        text={values.scope_products}
        products={products}
        error={scope === "products" ? error : undefined}
      />
    </div>
  );
}

/** The chosen products' box (addresses or numbers, one a line), their names, and with JavaScript a search. */
function ProductChooser({
  idPrefix,
  text: initialText,
  products,
  error,
}: {
  idPrefix: string;
  text: string;
  products: readonly ChosenProduct[];
  error: string | undefined;
}) {
  const hydrated = useHydrated();
  const id = `${idPrefix}-scope_products`;
  const [text, setText] = useState(initialText);
  // The form came back (refused, or saved and shown again): what it holds now is the page's.
  useEffect(() => setText(initialText), [initialText]);
  const [found, setFound] = useState<ChosenProduct[]>([]);
  const known = useMemo(() => {
    const byLine = new Map<string, ChosenProduct>();
    for (const product of [...products, ...found]) {
      byLine.set(product.slug.toLowerCase(), product);
      byLine.set(String(product.id), product);
    }
    return byLine;
  }, [products, found]);
  const lines = productLines(text);

  const add = (product: ChosenProduct) => {
    setFound((before) => [...before, product]);
    if (lines.some((line) => known.get(line.toLowerCase())?.id === product.id)) return;
    setText((before) => `${before.trim() === "" ? "" : `${before.trimEnd()}\n`}${product.slug}`);
  };
  const remove = (line: string) =>
    setText(
      text
        .split(/\r?\n/)
        .filter((typed) => productLines(typed)[0] !== line)
        .join("\n"),
    );

  const describedBy = [`${id}-hint`, error ? `${idPrefix}-scope_ids-error` : null].filter(Boolean).join(" ");
  return (
    <fieldset
      className={`scope-picker__group scope-picker__group--products${error ? " field--invalid" : ""}`}
    >
      <legend className="field__label">{SCOPE_NAMES.products}</legend>
      {hydrated && (
        <ProductSearch
          idPrefix={idPrefix}
          onAdd={add}
          chosen={new Set(lines.flatMap((line) => known.get(line.toLowerCase())?.id ?? []))}
        />
      )}
      <div className="field">
        <label className="field__label" htmlFor={id}>
          Product addresses or numbers, one a line
        </label>
        <textarea
          id={id}
          name="scope_products"
          className="field__input"
          rows={4}
          value={text}
          onChange={(event) => setText(event.target.value)}
          spellCheck={false}
          autoCapitalize="none"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <p className="field__hint" id={`${id}-hint`}>
          A product's address is the end of its page's address: for /product/lawn-kurta, type lawn-kurta.
        </p>
        {error && (
          <p className="field__error" id={`${idPrefix}-scope_ids-error`}>
            {error}
          </p>
        )}
      </div>
      {lines.length > 0 && (
        <ul className="scope-picker__chosen" aria-label="Chosen products">
          {lines.map((line) => {
            const product = known.get(line.toLowerCase());
            return (
              <li key={line}>
                <span>
                  {product ? product.title : line}
                  <span className="admin-sub">
                    {product ? `${product.slug} · #${product.id}` : "Not checked yet"}
                  </span>
                </span>
                {hydrated && (
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    onClick={() => remove(line)}
                  >
                    Remove<span className="visually-hidden"> {product ? product.title : line}</span>
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}

/** With JavaScript: a search of the back office's products; each found one can be added to the box. */
function ProductSearch({
  idPrefix,
  onAdd,
  chosen,
}: {
  idPrefix: string;
  onAdd: (product: ChosenProduct) => void;
  /** The ids already in the box: their buttons say so. */
  chosen: ReadonlySet<number>;
}) {
  const fetcher = useFetcher<ProductSearchResult>();
  const id = `${idPrefix}-product-search`;
  const statusId = `${useId().replaceAll(":", "")}-status`;
  const [value, setValue] = useState("");
  const term = value.trim();
  const { load } = fetcher;
  useEffect(() => {
    if (term.length < 2) return;
    const timer = setTimeout(() => {
      void load(`/admin/product-search?${new URLSearchParams({ q: term })}`);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term, load]);
  const current = fetcher.data && term.length >= 2 && fetcher.data.q === term ? fetcher.data : null;

  // Enter adds the first product found instead of sending the whole form.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const first = current?.products[0];
    if (first) onAdd(first);
  };

  return (
    <div className="field scope-picker__search">
      <label className="field__label" htmlFor={id}>
        Search products to add
      </label>
      <input
        id={id}
        type="search"
        className="field__input"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={onKeyDown}
        autoComplete="off"
        aria-describedby={statusId}
      />
      <p className="visually-hidden" id={statusId} aria-live="polite">
        {current ? `${current.products.length} found` : ""}
      </p>
      {current && (
        <ul className="scope-picker__found">
          {current.products.length === 0 ? (
            <li className="admin-sub">No products found.</li>
          ) : (
            current.products.map((product) => (
              <li key={product.id}>
                <span>
                  {product.title}
                  <span className="admin-sub">
                    {product.slug}
                    {product.status !== "active" ? ` · ${product.status}` : ""}
                  </span>
                </span>
                {chosen.has(product.id) ? (
                  <span className="admin-badge admin-badge--success">Added</span>
                ) : (
                  <button
                    type="button"
                    className="button button--small button--outline"
                    onClick={() => onAdd(product)}
                  >
                    Add<span className="visually-hidden"> {product.title}</span>
                  </button>
                )}
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
