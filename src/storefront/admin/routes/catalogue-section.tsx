import { data, Link, useSearchParams } from "react-router";
import { apiContext } from "../../lib/api.server.ts";
import { formText } from "../../ui/forms/api-errors.ts";
import { FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { answerOrThrow } from "../admin-data.server.ts";
import { adminMeta } from "../admin-meta.ts";
import { catalogueAction } from "../catalogue/catalogue-actions.server.ts";
import {
  CATALOGUE_SECTIONS,
  type CatalogueFailure,
  DONE_NOTICES,
  isCatalogueSection,
} from "../catalogue/catalogue-sections.ts";
import { CategoriesSection } from "../catalogue/categories-section.tsx";
import { NamesSection } from "../catalogue/names-sections.tsx";
import { SlidersSection } from "../catalogue/sliders-section.tsx";
import catalogueStyles from "../styles/catalogue.css?url";
// The back office's shared list styles (tables that become cards on phones, confirmations) live with the orders'.
import listStyles from "../styles/orders.css?url";
import type { Route } from "./+types/catalogue-section";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: listStyles },
  { rel: "stylesheet", href: catalogueStyles },
];

export const meta: Route.MetaFunction = ({ params }) =>
  adminMeta(CATALOGUE_SECTIONS.find((section) => section.slug === params.section)?.label ?? "Catalogue");

function sectionOf(value: string | undefined) {
  if (!isCatalogueSection(value)) throw data({ message: "This page does not exist." }, { status: 404 });
  return value;
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const section = sectionOf(params.section);
  if (section === "categories")
    return { section, categories: answerOrThrow(await api.call("adminListCategories")).data };
  if (section === "colours")
    return { section, colours: answerOrThrow(await api.call("adminListColors")).data };
  if (section === "sizes") return { section, sizes: answerOrThrow(await api.call("adminListSizes")).data };
  if (section === "tags") return { section, tags: answerOrThrow(await api.call("adminListTags")).data };
  return { section, sliders: answerOrThrow(await api.call("adminListSliders")).data };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const section = sectionOf(params.section);
  const form = await readForm(request);
  return catalogueAction(context.get(apiContext), section, form, `/admin/catalogue/${section}`);
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    (failure, form): CatalogueFailure => ({
      intent: formText(form, "intent"),
      id: formText(form, "id"),
      message: submissionMessage(failure, "The change could not be made. Please try again."),
      errors: {},
      values: {},
    }),
  );
}

export default function AdminCatalogueSection({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useSubmitting();
  const [url] = useSearchParams();
  const section = CATALOGUE_SECTIONS.find((item) => item.slug === loaderData.section)!;
  const failure = actionData && "intent" in actionData ? (actionData as CatalogueFailure) : undefined;
  const editId = failure?.intent === "update" ? failure.id : (url.get("edit") ?? "");
  const done = DONE_NOTICES[url.get("done") ?? ""];
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <div>
          <p className="catalogue-crumbs">
            <Link to="/admin/catalogue">Catalogue</Link> <span aria-hidden="true">›</span>
          </p>
          <h1 className="admin-page__title">{section.label}</h1>
          <p className="admin-page__lead">{section.lead}</p>
        </div>
      </div>
      {done && !failure && <FormAlert kind="success">{done}</FormAlert>}
      {loaderData.categories && (
        <CategoriesSection
          categories={loaderData.categories}
          editId={editId}
          actionData={failure}
          busy={busy}
        />
      )}
      {loaderData.colours && (
        <NamesSection
          kind="colours"
          rows={loaderData.colours}
          editId={editId}
          actionData={failure}
          busy={busy}
        />
      )}
      {loaderData.sizes && (
        <NamesSection kind="sizes" rows={loaderData.sizes} editId={editId} actionData={failure} busy={busy} />
      )}
      {loaderData.tags && (
        <NamesSection kind="tags" rows={loaderData.tags} editId={editId} actionData={failure} busy={busy} />
      )}
      {loaderData.sliders && (
        <SlidersSection slides={loaderData.sliders} editId={editId} actionData={failure} busy={busy} />
      )}
    </div>
  );
}
