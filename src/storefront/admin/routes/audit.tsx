import { Form, Link } from "react-router";
import { apiContext } from "../../lib/api.server.ts";
import { Pagination } from "../../ui/pagination.tsx";
import { answerOrThrow, pageParam } from "../admin-data.server.ts";
import { adminMeta } from "../admin-meta.ts";
import { AuditTable } from "../audit-table.tsx";
import { listPageHref } from "../list-links.ts";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = () => adminMeta("Audit log");

/** The kinds of record the back office audits, offered as the filter's suggestions (any other may be typed). */
const ENTITY_TYPES = ["user", "order", "product", "variant", "category", "color", "size", "tag", "slider"];

const FILTERS = ["entity_type", "entity_id", "actor"] as const;

export async function loader({ context, url }: Route.LoaderArgs) {
  const filters = Object.fromEntries(
    FILTERS.map((name) => [name, url.searchParams.get(name) ?? ""]),
  ) as Record<(typeof FILTERS)[number], string>;
  const answer = await context
    .get(apiContext)
    .call("adminAudit", { query: { ...filters, page: pageParam(url) } });
  const href = url.pathname + url.search;
  if (!answer.ok && answer.status === 422) return { filters, audit: null, error: answer.data.message, href };
  return { filters, audit: answerOrThrow(answer), error: null, href };
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { filters, audit, error, href } = loaderData;
  const url = new URL(href, "http://admin.invalid");
  const filtered = FILTERS.some((name) => filters[name] !== "");
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">Audit log</h1>
        <p className="admin-page__lead">Who changed what and when, newest first.</p>
      </div>
      <Form method="get" className="admin-card admin-filters" role="search" aria-label="Filter the audit log">
        <div className="field">
          <label className="field__label" htmlFor="audit-type">
            Kind of record
          </label>
          <input
            id="audit-type"
            className="field__input"
            name="entity_type"
            list="audit-types"
            maxLength={40}
            defaultValue={filters.entity_type}
          />
          <datalist id="audit-types">
            {ENTITY_TYPES.map((type) => (
              <option key={type} value={type} />
            ))}
          </datalist>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="audit-id">
            Record id or number
          </label>
          <input
            id="audit-id"
            className="field__input"
            name="entity_id"
            maxLength={100}
            defaultValue={filters.entity_id}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="audit-actor">
            Changed by (email)
          </label>
          <input
            id="audit-actor"
            className="field__input"
            type="email"
            name="actor"
            maxLength={254}
            defaultValue={filters.actor}
          />
        </div>
        <button type="submit" className="button">
          Filter
        </button>
        {filtered && (
          <Link to="/admin/audit" className="button button--outline">
            Show everything
          </Link>
        )}
      </Form>

      <section className="admin-card" aria-labelledby="audit-title">
        <h2 id="audit-title" className="visually-hidden">
          Changes
        </h2>
        {error && (
          <p className="form-note form-note--error" role="alert">
            {error}
          </p>
        )}
        {audit && audit.data.length > 0 && (
          <>
            <AuditTable entries={audit.data} caption="Changes, newest first" />
            <Pagination meta={audit.meta} hrefFor={(page) => listPageHref(url, page)} />
          </>
        )}
        {audit && audit.data.length === 0 && (
          <p className="admin-empty">
            {audit.meta.current_page > 1
              ? "There are no changes on this page."
              : filtered
                ? "No change matches this filter."
                : "Nothing has been changed in the back office yet."}
          </p>
        )}
      </section>
    </div>
  );
}
