import { useEffect, useRef } from "react";
import { Form, useNavigate } from "react-router";
import { useHydrated } from "../../ui/hooks.ts";
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
  const select = useRef<HTMLSelectElement>(null);

  // An order chosen before the page hydrated (a change React did not see, and the Apply button is now gone):
  // shown at once, as choosing it on the hydrated page does.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only what the page showed when it hydrated
  useEffect(() => {
    const chosen = select.current?.value;
    if (chosen && chosen !== sort) navigate(shopHref(category, withFilter(query, "sort", chosen)));
  }, []);

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
        ref={select}
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
