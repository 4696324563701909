import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Form, useFetcher, useLocation, useNavigate } from "react-router";
import type { Suggestions } from "../../../shared/contracts/search.ts";
import { imageVariants } from "../../../shared/images.ts";
import { formatRupees } from "../../../shared/money.ts";
import { SUGGEST_MIN_CHARS } from "../../../shared/search-limits.ts";
import { useAfterNavigation, useHydrated } from "../../ui/hooks.ts";
import { CloseIcon, SearchIcon } from "../../ui/icons.tsx";
import { countOf } from "../catalogue/result-count.ts";

/** How long typing must pause before suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 200;

interface Option {
  id: string;
  href: string;
  kind: "product" | "category" | "all";
  label: string;
  image?: string;
  price?: string;
  oldPrice?: string;
}

function optionsFor(suggestions: Suggestions, idPrefix: string): Option[] {
  const products: Option[] = suggestions.products.map((product) => ({
    id: `${idPrefix}-product-${product.id}`,
    href: `/product/${product.slug}`,
    kind: "product",
    label: product.title,
    image: imageVariants(product.image).src,
    price: formatRupees(product.discount_price ?? product.price),
    oldPrice: product.discount_price === null ? undefined : formatRupees(product.price),
  }));
  const categories: Option[] = suggestions.categories.map((category) => ({
    id: `${idPrefix}-category-${category.id}`,
    href: `/shop/${category.slug}`,
    kind: "category",
    label: category.name,
  }));
  const all: Option[] =
    suggestions.total > 0
      ? [
          {
            id: `${idPrefix}-all`,
            href: `/shop?${new URLSearchParams({ search: suggestions.query })}`,
            kind: "all",
            label: `See all ${countOf(suggestions, "result", "results")} for “${suggestions.query}”`,
          },
        ]
      : [];
  return [...products, ...categories, ...all];
}

function announcement(suggestions: Suggestions): string {
  const products = suggestions.products.length;
  const categories = suggestions.categories.length;
  if (products + categories === 0) return `No suggestions for “${suggestions.query}”.`;
  const parts = [
    products > 0 ? `${products} ${products === 1 ? "product" : "products"}` : "",
    categories > 0 ? `${categories} ${categories === 1 ? "category" : "categories"}` : "",
  ].filter(Boolean);
  return `${parts.join(" and ")} suggested. Use the up and down arrows to choose.`;
}

/**
 * The header's product search: a plain GET form to /shop?search= (it works before and without JavaScript),
 * and, with JavaScript, suggestions as you type following the WAI-ARIA combobox pattern (list popup). Typing is
 * debounced; the suggestions come through the /search-suggestions resource route on one fetcher, so a newer
 * request cancels the one still under way, and an answer for other text than the box now holds is not shown.
 *
 * Below 1280 px the box sits behind a search icon and opens as a row under the header bar (by CSS `:target`
 * without JavaScript).
 */
export function HeaderSearch() {
  const location = useLocation();
  const navigate = useNavigate();
  const fetcher = useFetcher<Suggestions | null>();
  const ids = useId().replaceAll(":", "");
  const listboxId = `header-search-listbox-${ids}`;
  const input = useRef<HTMLInputElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();

  const urlSearch = location.pathname.startsWith("/shop")
    ? (new URLSearchParams(location.search).get("search") ?? "")
    : "";
  const [value, setValue] = useState(urlSearch);
  const [expanded, setExpanded] = useState(false);
  const [active, setActive] = useState(-1);
  const [panelOpen, setPanelOpen] = useState(false);

  // When the page hydrates, what the shopper did before stays: the text typed into the box (React would put
  // back the server's empty value on its next render) and the box opened through its link (#header-search).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only what the page showed when it hydrated
  useEffect(() => {
    const typed = input.current?.value ?? urlSearch;
    if (typed !== urlSearch) {
      setValue(typed);
      setExpanded(document.activeElement === input.current);
    }
    if (window.location.hash === "#header-search") setPanelOpen(true);
  }, []);

  // A navigation shows the searched term (on the results page) or clears the box, and closes everything.
  useAfterNavigation(() => {
    setValue(urlSearch);
    setExpanded(false);
    setActive(-1);
    setPanelOpen(false);
  });

  const term = value.trim();
  // Debounced: only a pause in typing asks for suggestions; each keystroke restarts the wait.
  const { load } = fetcher;
  useEffect(() => {
    if (term.length < SUGGEST_MIN_CHARS) return;
    const timer = setTimeout(() => {
      void load(`/search-suggestions?${new URLSearchParams({ q: term })}`);
    }, SUGGEST_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term, load]);

  const current =
    fetcher.data &&
    term.length >= SUGGEST_MIN_CHARS &&
    fetcher.data.query.toLowerCase() === term.toLowerCase()
      ? fetcher.data
      : null;
  const options = current ? optionsFor(current, ids) : [];
  const open = expanded && current !== null;
  const activeOption = open ? options[active] : undefined;

  const choose = (option: Option) => {
    setExpanded(false);
    navigate(option.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!current || options.length === 0) return;
      event.preventDefault();
      if (!open) {
        setExpanded(true);
        setActive(event.key === "ArrowDown" ? 0 : options.length - 1);
        return;
      }
      const step = event.key === "ArrowDown" ? 1 : -1;
      // From the last option down (or the first up) returns to the text, as the pattern suggests.
      setActive((index) => {
        const next = index + step;
        if (next < -1) return options.length - 1;
        if (next >= options.length) return -1;
        return next;
      });
    } else if (event.key === "Enter") {
      if (activeOption) {
        event.preventDefault();
        choose(activeOption);
      } else {
        setExpanded(false);
      }
    } else if (event.key === "Escape") {
      if (open) {
        event.preventDefault();
        setExpanded(false);
        setActive(-1);
      } else if (panelOpen) {
        event.preventDefault();
        setPanelOpen(false);
        toggle.current?.focus();
      }
    }
  };

  useEffect(() => {
    if (panelOpen) input.current?.focus();
  }, [panelOpen]);

  return (
    <>
      {hydrated ? (
        <button
          ref={toggle}
          type="button"
          className="icon-button header-icon header-search-toggle"
          aria-label={panelOpen ? "Close search" : "Search"}
          aria-expanded={panelOpen}
          aria-controls="header-search"
          onClick={() => setPanelOpen((isOpen) => !isOpen)}
        >
          {panelOpen ? <CloseIcon /> : <SearchIcon />}
        </button>
      ) : (
        // Before JavaScript runs, the icon opens the box through CSS :target.
        <a href="#header-search" className="icon-button header-icon header-search-toggle" aria-label="Search">
          <SearchIcon />
        </a>
      )}
      <div id="header-search" className={`header-search${panelOpen ? " is-open" : ""}`}>
        <Form method="get" action="/shop" role="search" className="header-search__form">
          <label htmlFor={`header-search-input-${ids}`} className="visually-hidden">
            Search products
          </label>
          <input
            ref={input}
            id={`header-search-input-${ids}`}
            className="header-search__input"
            type="search"
            name="search"
            placeholder="Search bags, kurtas, shirts…"
            maxLength={100}
            autoComplete="off"
            spellCheck={false}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listboxId}
            aria-activedescendant={activeOption?.id}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setExpanded(true);
              setActive(-1);
            }}
            onFocus={() => setExpanded(true)}
            onBlur={() => setExpanded(false)}
            onKeyDown={onKeyDown}
          />
          <button type="submit" className="header-search__submit" aria-label="Search">
            <SearchIcon size={20} />
          </button>
          <div
            id={listboxId}
            role="listbox"
            aria-label="Search suggestions"
            className="header-search__listbox"
            hidden={!open}
          >
            {open && options.length === 0 && (
              <p className="header-search__empty">
                No products match “{current?.query}”. Press Enter to search anyway.
              </p>
            )}
            {open &&
              options.map((option, index) => (
                // The combobox pattern: the focus stays in the box, which points at the option with
                // aria-activedescendant and handles the keys; a click is a pointer convenience.
                // biome-ignore lint/a11y/useFocusableInteractive: see above
                // biome-ignore lint/a11y/useKeyWithClickEvents: see above
                <div
                  key={option.id}
                  id={option.id}
                  role="option"
                  aria-selected={index === active}
                  className={`header-search__option header-search__option--${option.kind}`}
                  // Keeps the focus in the box, so the click is not lost to the box closing on blur.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(option)}
                  onMouseMove={() => setActive(index)}
                >
                  {option.kind === "product" && (
                    <img src={option.image} alt="" width={44} height={44} loading="lazy" decoding="async" />
                  )}
                  {option.kind === "category" && (
                    <span className="header-search__badge" aria-hidden="true">
                      Category
                    </span>
                  )}
                  <span className="header-search__label">{option.label}</span>
                  {option.price && (
                    <span className="header-search__price">
                      {option.price}
                      {option.oldPrice && (
                        <del>
                          <span className="visually-hidden">, was </span>
                          {option.oldPrice}
                        </del>
                      )}
                    </span>
                  )}
                </div>
              ))}
          </div>
          <p className="visually-hidden" role="status" aria-live="polite">
            {expanded && current ? announcement(current) : ""}
          </p>
        </Form>
      </div>
    </>
  );
}
