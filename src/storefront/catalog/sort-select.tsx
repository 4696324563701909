import { Form, useNavigate } from "react-router";
import { useHydrated } from "../ui/hooks.ts";
import { SORT_OPTIONS, shopHref, withFilter } from "./shop-query.ts";

/**
 * The sort dropdown. A GET form, so it works without JavaScript (with an Apply button); once the page's
 * JavaScript runs, choosing an option navigates at once, back to page 1.
 */
export function SortSelect({ category, query }: { category: string | undefined; query: URLSearchParams }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const sort = query.get("sort") ?? "default";
  const kept = [...withFilter(query, "sort", null).entries()];

  return (
    <Form method="get" action={shopHref(category, new URLSearchParams())} className="sort-form">
      {kept.map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <label htmlFor="shop-sort" className="sort-form__label">
        Sort by
      </label>
      <select
        id="shop-sort"
        name="sort"
        key={sort}
        defaultValue={sort}
        onChange={(event) =>
          navigate(shopHref(category, withFilter(query, "sort", event.currentTarget.value)))
        }
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {!hydrated && (
        <button type="submit" className="button button--small">
          Apply
        </button>
      )}
    </Form>
  );
}
