import type { ReactNode } from "react";
import { Link } from "react-router";
import type { PageMeta } from "../../shared/contracts/catalogue.ts";
import { shownTotal } from "../shop/catalogue/result-count.ts";
import { ChevronLeftIcon, ChevronRightIcon, FirstPageIcon, LastPageIcon } from "./icons.tsx";
import { pageWindow } from "./page-query.ts";

/**
 * Every list's pages, as links (so they work without JavaScript and open in a new tab), in two looks
 * (docs/decisions/0036-one-home-per-rule.md):
 * - `Pagination`: the shop's numbered pages with arrows (the listing, blog, reviews, account orders, and the
 *   back office's customers and audit log);
 * - `PageSteps`: the back office's worded steps ("Previous", "Next"...) beside a summary the list words itself
 *   (products, orders, reviews), for lists whose pages are not worth numbering or not all counted.
 */

/**
 * First, previous, numbered pages, next and last, with 'Showing {from} to {to} of {total} records' (the
 * listing's words; other lists name what they count). Shown only when there is more than one page.
 */
export function Pagination({
  meta,
  hrefFor,
  label = "Pagination",
  noun = "records",
}: {
  meta: PageMeta & { total_capped?: boolean };
  hrefFor: (page: number) => string;
  /** The navigation's name for screen readers. */
  label?: string;
  noun?: string;
}) {
  if (meta.last_page <= 1) return null;
  const current = meta.current_page;
  const atStart = current <= 1;
  const atEnd = current >= meta.last_page;

  return (
    <nav className="pagination" aria-label={label}>
      <ul className="pagination__list">
        <PageStep to={hrefFor(1)} disabled={atStart} label="First page">
          <FirstPageIcon size={18} />
        </PageStep>
        <PageStep to={hrefFor(current - 1)} disabled={atStart} label="Previous page">
          <ChevronLeftIcon size={18} />
        </PageStep>
        {pageWindow(current, meta.last_page).map((page) => (
          <li key={page}>
            <Link
              to={hrefFor(page)}
              className="pagination__item"
              aria-current={page === current ? "page" : undefined}
              aria-label={`Page ${page}`}
            >
              {page}
            </Link>
          </li>
        ))}
        <PageStep to={hrefFor(current + 1)} disabled={atEnd} label="Next page">
          <ChevronRightIcon size={18} />
        </PageStep>
        <PageStep to={hrefFor(meta.last_page)} disabled={atEnd} label="Last page">
          <LastPageIcon size={18} />
        </PageStep>
      </ul>
      <p className="pagination__summary">
        Showing {meta.from} to {meta.to} of {shownTotal(meta)} {noun}
      </p>
    </nav>
  );
}

function PageStep({
  to,
  disabled,
  label,
  children,
}: {
  to: string;
  disabled: boolean;
  label: string;
  children: ReactNode;
}) {
  return (
    <li>
      {disabled ? (
        <span className="pagination__item is-disabled" aria-disabled="true">
          {children}
          <span className="visually-hidden">{label}</span>
        </span>
      ) : (
        <Link to={to} className="pagination__item" aria-label={label}>
          {children}
        </Link>
      )}
    </li>
  );
}

/** One of `PageSteps`' links. */
export interface PageStepLink {
  page: number;
  label: "First" | "Previous" | "Next" | "Last";
}

/**
 * The steps from page `current` of `last`: previous and next; with `ends` also the first and the last page
 * when they are not already the previous or next. `more`: there is a page after `last` (a list that stopped
 * counting its pages), so "Next" is offered on the last counted page too.
 */
export function pageSteps(
  current: number,
  last: number,
  { ends = false, more = false }: { ends?: boolean; more?: boolean } = {},
): PageStepLink[] {
  const steps: (PageStepLink | false)[] = [
    ends && current > 2 && { page: 1, label: "First" },
    current > 1 && { page: current - 1, label: "Previous" },
    (current < last || more) && { page: current + 1, label: "Next" },
    ends && current < last - 1 && { page: last, label: "Last" },
  ];
  return steps.filter((step) => step !== false);
}

const REL: Partial<Record<PageStepLink["label"], string>> = { Previous: "prev", Next: "next" };

/** A back-office list's summary ("Showing 1 to 25 of 310 products", "Page 2 of 4") and its `steps` as buttons. */
export function PageSteps({
  label,
  summary,
  steps,
  hrefFor,
}: {
  /** The navigation's name for screen readers. */
  label: string;
  summary: ReactNode;
  steps: PageStepLink[];
  hrefFor: (page: number) => string;
}) {
  return (
    <nav className="admin-pagination" aria-label={label}>
      <p>{summary}</p>
      {steps.length > 0 && (
        <ul className="admin-pagination__links">
          {steps.map((step) => (
            <li key={step.label}>
              <Link
                to={hrefFor(step.page)}
                className="button button--small button--outline"
                rel={REL[step.label]}
              >
                {step.label}
                <span className="visually-hidden"> page</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
