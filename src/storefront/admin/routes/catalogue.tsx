import { Link } from "react-router";
import { apiContext } from "../../lib/api.server.ts";
import { answerOrThrow } from "../admin-data.server.ts";
import { adminMeta } from "../admin-meta.ts";
import { CATALOGUE_SECTIONS, type CatalogueSection } from "../catalogue/catalogue-sections.ts";
import catalogueStyles from "../styles/catalogue.css?url";
// The back office's shared list styles (tables that become cards on phones, confirmations) live with the orders'.
import listStyles from "../styles/orders.css?url";
import type { Route } from "./+types/catalogue";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: listStyles },
  { rel: "stylesheet", href: catalogueStyles },
];

export const meta: Route.MetaFunction = () => adminMeta("Catalogue");

export async function loader({ context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const [categories, colours, sizes, tags, sliders] = await Promise.all([
    api.call("adminListCategories"),
    api.call("adminListColors"),
    api.call("adminListSizes"),
    api.call("adminListTags"),
    api.call("adminListSliders"),
  ]);
  const showing = answerOrThrow(sliders).data.filter((slide) => slide.showing).length;
  const counts: Record<CatalogueSection, string> = {
    categories: `${answerOrThrow(categories).data.length} categories`,
    colours: `${answerOrThrow(colours).data.length} colours`,
    sizes: `${answerOrThrow(sizes).data.length} sizes`,
    tags: `${answerOrThrow(tags).data.length} tags`,
    sliders: `${answerOrThrow(sliders).data.length} slides, ${showing} showing now`,
  };
  return { counts };
}

/** The catalogue's settings at a glance: one card per section, each leading to its screen. */
export default function AdminCatalogue({ loaderData }: Route.ComponentProps) {
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <div>
          <h1 className="admin-page__title">Catalogue</h1>
          <p className="admin-page__lead">
            What products are sorted and described by, and the home page's banner. Changes show in the shop at
            once.
          </p>
        </div>
      </div>
      <ul className="catalogue-overview">
        {CATALOGUE_SECTIONS.map((section) => (
          <li key={section.slug} className="admin-card catalogue-overview__card">
            <h2 className="admin-card__title">
              <Link to={`/admin/catalogue/${section.slug}`} prefetch="intent">
                {section.label}
              </Link>
            </h2>
            <p className="catalogue-overview__count">{loaderData.counts[section.slug]}</p>
            <p className="admin-page__lead">{section.lead}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
