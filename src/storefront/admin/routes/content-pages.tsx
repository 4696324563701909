import { Link } from "react-router";
import { CONTENT_PAGES } from "../../../shared/contracts/shop-details.ts";
import { shopTimeText } from "../../../shared/shop-time.ts";
import { apiContext } from "../../lib/api.server.ts";
import { answerOrThrow } from "../admin-data.server.ts";
import { adminMeta } from "../admin-meta.ts";
import type { Route } from "./+types/content-pages";

/** The shop's content pages (decision 0066): About, Terms, Privacy and their sections, each to edit. */
export const meta: Route.MetaFunction = () => adminMeta("Pages");

export async function loader({ context }: Route.LoaderArgs) {
  return answerOrThrow(await context.get(apiContext).call("adminContentPages"));
}

export default function AdminContentPages({ loaderData }: Route.ComponentProps) {
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">Pages</h1>
      </div>
      <p className="admin-page__lead">
        The shop's own pages and the sections shown on them. A page nobody has saved shows the shop's starting
        text.
      </p>
      <section className="admin-card" aria-labelledby="pages-title">
        <h2 className="admin-card__title visually-hidden" id="pages-title">
          Pages
        </h2>
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--cards">
            <caption className="visually-hidden">The shop's pages</caption>
            <thead>
              <tr>
                <th scope="col">Page</th>
                <th scope="col">Shown on</th>
                <th scope="col">Last saved</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.data.map((page) => (
                <tr key={page.slug}>
                  <th scope="row" data-label="Page" className="admin-wrap">
                    <Link to={`/admin/pages/${page.slug}`}>{CONTENT_PAGES[page.slug].label}</Link>
                  </th>
                  <td data-label="Shown on">
                    <a href={page.path} target="_blank" rel="noreferrer">
                      {page.path}
                    </a>
                  </td>
                  <td data-label="Last saved" className="admin-wrap">
                    {page.updated_at
                      ? `${shopTimeText(page.updated_at)} by ${page.updated_by}`
                      : "Never: the starting text"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
