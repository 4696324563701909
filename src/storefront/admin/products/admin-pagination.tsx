import { Link } from "react-router";
import type { PageMeta } from "../../../shared/contracts/catalog.ts";

/**
 * A back-office list's pages: where this page sits in the whole, and links to the first, previous, next and last
 * pages (links, so they work without JavaScript and can be opened in a new tab).
 */
export function AdminPagination({
  meta,
  hrefFor,
  noun,
}: {
  meta: PageMeta;
  hrefFor: (page: number) => string;
  noun: string;
}) {
  if (meta.total === 0) return null;
  const current = meta.current_page;
  const steps = [
    { page: 1, label: "First", show: current > 2 },
    { page: current - 1, label: "Previous", show: current > 1 },
    { page: current + 1, label: "Next", show: current < meta.last_page },
    { page: meta.last_page, label: "Last", show: current < meta.last_page - 1 },
  ];
  return (
    <nav className="admin-pagination" aria-label="Pages">
      <p>
        {meta.to > 0
          ? `Showing ${meta.from.toLocaleString("en-US")} to ${meta.to.toLocaleString("en-US")} of ${meta.total.toLocaleString("en-US")} ${noun}`
          : `There are ${meta.total.toLocaleString("en-US")} ${noun}; this page is past the last one.`}
        {meta.last_page > 1 &&
          ` (page ${current.toLocaleString("en-US")} of ${meta.last_page.toLocaleString("en-US")})`}
      </p>
      {meta.last_page > 1 && (
        <ul className="admin-pagination__links">
          {steps
            .filter((step) => step.show)
            .map((step) => (
              <li key={step.label}>
                <Link to={hrefFor(step.page)} className="button button--small button--outline">
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
