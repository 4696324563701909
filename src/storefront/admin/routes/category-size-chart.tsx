import { data, Link, redirect } from "react-router";
import { apiContext } from "../../lib/api.server.ts";
import { FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { answerOrThrow } from "../admin-data.server.ts";
import { adminMeta } from "../admin-meta.ts";
import { SizeChartEditor } from "../catalogue/size-chart-editor.tsx";
import {
  type ChartFailure,
  draftOf,
  readChartForm,
  sizeChartSubmission,
} from "../catalogue/size-chart-form.ts";
import catalogueStyles from "../styles/catalogue.css?url";
import type { Route } from "./+types/category-size-chart";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Size chart: ${loaderData.category.name}` : "Size chart");

const NOT_FOUND = "This category does not exist.";
const NOTICES: Record<string, string> = {
  "chart-saved": "The size chart was saved. Its products show it, unless they have their own.",
  "chart-removed": "The size chart was removed.",
};

/** The category's id from the address; anything else is no category. */
function categoryId(params: { id: string }): number {
  if (!/^[1-9]\d{0,9}$/.test(params.id)) throw data({ message: NOT_FOUND }, { status: 404 });
  return Number(params.id);
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const id = categoryId(params);
  const list = answerOrThrow(await context.get(apiContext).call("adminListCategories")).data;
  const category = list.find((row) => row.id === id);
  if (!category) throw data({ message: NOT_FOUND }, { status: 404 });
  // The chart its products show when it has none: the nearest category above with one.
  let inherited: { name: string } | null = null;
  for (let parent = category.parent_id; parent !== null && !inherited; ) {
    const above = list.find((row) => row.id === parent);
    if (!above) break;
    if (above.size_chart) inherited = { name: above.name };
    parent = above.parent_id;
  }
  return { category, inherited, notice: NOTICES[url.searchParams.get("notice") ?? ""] ?? null };
}

/** The editor's submissions: a changed grid comes back unsaved; Save and Remove go to the API. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const id = categoryId(params);
  const api = context.get(apiContext);
  const form = await readForm(request);
  const result = await sizeChartSubmission(form, (size_chart) =>
    api.call("adminUpdateCategory", { params: { id: String(id) }, body: { size_chart } }),
  );
  if (!result) throw data({ message: "This form is not known here." }, { status: 400 });
  if ("done" in result) {
    throw redirect(`/admin/catalogue/categories/${id}/size-chart?notice=${result.done}`, 303);
  }
  return data<ChartFailure>(result.failure, { status: result.status });
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    (failure, form): ChartFailure => ({
      ok: false,
      intent: "chart",
      message: submissionMessage(failure, "The size chart could not be saved. Please try again."),
      errors: [],
      draft: readChartForm(form),
    }),
  );
}

export default function CategorySizeChart({ loaderData, actionData }: Route.ComponentProps) {
  const { category, inherited, notice } = loaderData;
  const busy = useSubmitting();
  const failure = actionData && "draft" in actionData ? actionData : null;
  const draft = failure?.draft ?? draftOf(category.size_chart);
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <div>
          <p className="catalogue-crumbs">
            <Link to="/admin/catalogue">Catalogue</Link> <span aria-hidden="true">›</span>{" "}
            <Link to="/admin/catalogue/categories">Categories</Link> <span aria-hidden="true">›</span>
          </p>
          <h1 className="admin-page__title admin-wrap">Size chart: {category.name}</h1>
          <p className="admin-page__lead">
            Shown from the size choice on the pages of this category's products and its subcategories', unless
            a product has its own chart or a subcategory has its own.
          </p>
        </div>
      </div>
      {notice && !actionData && <FormAlert kind="success">{notice}</FormAlert>}
      <section className="admin-card" aria-label={`Size chart of ${category.name}`}>
        <SizeChartEditor
          key={JSON.stringify(draft)}
          draft={draft}
          saved={category.size_chart !== null}
          failure={failure}
          busy={busy}
          intro={
            category.size_chart
              ? "This category's chart."
              : inherited
                ? `No chart of its own yet: its products show the chart of ${inherited.name}.`
                : "No chart yet. Fill in the table and save it."
          }
        />
      </section>
    </div>
  );
}
