import type { CSSProperties, ReactNode } from "react";
import { Form, Link } from "react-router";
import { ancestorIds } from "../../../shared/category-tree.ts";
import type { Category, FilterSize, Tag } from "../../../shared/contracts/catalogue.ts";
import { SearchIcon } from "../../ui/icons.tsx";
import { OffCanvas } from "../../ui/off-canvas.tsx";
import { type FilterKey, shopHref, withFilter, withoutPage } from "./shop-query.ts";

export interface FilterLists {
  categories: Category[];
  colors: { id: number; title: string; code?: string }[];
  sizes: FilterSize[];
  tags: Tag[];
}

/**
 * The slide-in filter panel: a search box, then Categories, Colour, Sizes and Tags, each with 'All'. Every
 * option is a link to the filtered URL (page reset to 1), so filters are shareable and work without JavaScript.
 */
export function FilterPanel({
  open,
  onClose,
  category,
  query,
  lists,
}: {
  open: boolean;
  onClose: () => void;
  category: string | undefined;
  query: URLSearchParams;
  lists: FilterLists;
}) {
  const hrefWith = (key: FilterKey, value: string | null) =>
    shopHref(category, withFilter(query, key, value));
  const searchKept = [...withFilter(query, "search", null).entries()];

  return (
    <OffCanvas id="shop-filters" title="Filter products" open={open} onClose={onClose}>
      <Form
        method="get"
        action={shopHref(category, new URLSearchParams())}
        className="search-box"
        role="search"
      >
        {searchKept.map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
        <label htmlFor="shop-search" className="visually-hidden">
          Search products
        </label>
        <input
          id="shop-search"
          type="search"
          name="search"
          placeholder="Search products…"
          maxLength={100}
          key={query.get("search") ?? ""}
          defaultValue={query.get("search") ?? ""}
        />
        <button type="submit" aria-label="Search">
          <SearchIcon size={20} />
        </button>
      </Form>

      <FilterGroup title="Categories">
        <FilterOption to={shopHref(undefined, withoutPage(query))} active={!category}>
          All
        </FilterOption>
        {lists.categories.map((item) => (
          <FilterOption
            key={item.id}
            to={shopHref(item.slug, withoutPage(query))}
            active={item.slug === category}
            depth={ancestorIds(lists.categories, item.id).length}
          >
            {item.name}
          </FilterOption>
        ))}
      </FilterGroup>

      <FilterGroup title="Colour">
        <FilterOption to={hrefWith("color", null)} active={!query.get("color")}>
          All
        </FilterOption>
        {lists.colors.map((item) => (
          <FilterOption
            key={item.id}
            to={hrefWith("color", String(item.id))}
            active={query.get("color") === String(item.id)}
          >
            {item.code && (
              <span className="filter-swatch" style={{ background: item.code }} aria-hidden="true" />
            )}
            {item.title}
          </FilterOption>
        ))}
      </FilterGroup>

      <FilterGroup title="Sizes">
        <FilterOption to={hrefWith("size", null)} active={!query.get("size")}>
          All
        </FilterOption>
        {lists.sizes.map((item) => (
          <FilterOption
            key={item.id}
            to={hrefWith("size", String(item.id))}
            active={query.get("size") === String(item.id)}
          >
            {item.size}
          </FilterOption>
        ))}
      </FilterGroup>

      <FilterGroup title="Tags">
        <FilterOption to={hrefWith("tag", null)} active={!query.get("tag")}>
          All
        </FilterOption>
        {lists.tags.map((item) => (
          <FilterOption
            key={item.id}
            to={hrefWith("tag", String(item.id))}
            active={query.get("tag") === String(item.id)}
          >
            {item.name}
          </FilterOption>
        ))}
      </FilterGroup>
    </OffCanvas>
  );
}

function FilterGroup({ title, children }: { title: string; children: ReactNode }) {
  const id = `filter-${title.toLowerCase()}`;
  return (
    <section className="filter-group" aria-labelledby={id}>
      <h3 className="filter-group__title" id={id}>
        {title}
      </h3>
      <ul className="filter-group__options">{children}</ul>
    </section>
  );
}

function FilterOption({
  to,
  active,
  depth = 0,
  children,
}: {
  to: string;
  active: boolean;
  /** A subcategory's depth: indented under its category. */
  depth?: number;
  children: ReactNode;
}) {
  return (
    <li
      className={depth > 0 ? "filter-option__sub" : undefined}
      style={depth > 0 ? ({ "--depth": depth } as CSSProperties) : undefined}
    >
      <Link to={to} className="filter-option" aria-current={active ? "true" : undefined}>
        {children}
      </Link>
    </li>
  );
}
