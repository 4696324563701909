import type { ReactNode } from "react";
import { Link } from "react-router";
import type { PageMeta } from "../../shared/contracts/catalog.ts";
import { ChevronLeftIcon, ChevronRightIcon, FirstPageIcon, LastPageIcon } from "../ui/icons.tsx";
import { shownTotal } from "./result-count.ts";
import { pageWindow } from "./shop-query.ts";

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
