import { data, Form, Link, redirect } from "react-router";
import { apiContext } from "../../lib/api.server.ts";
import { failureStatus, formText } from "../../ui/forms/api-errors.ts";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { reloadAfterSubmission, submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { adminMeta } from "../admin-meta.ts";
import { SizeChartEditor } from "../catalogue/size-chart-editor.tsx";
import {
  CHART_INTENT_PREFIX,
  type ChartFailure,
  draftOf,
  readChartForm,
  sizeChartSubmission,
} from "../catalogue/size-chart-form.ts";
import { answerOf } from "../products/admin-api.server.ts";
import { type ImageFormFailure, ImageManager } from "../products/image-manager.tsx";
import { photoAction } from "../products/photo-actions.server.ts";
import { referenceLists, saveProduct } from "../products/product-form.server.ts";
import { ProductForm, type ProductFormFailure } from "../products/product-form.tsx";
import { readProductForm, valuesOf } from "../products/product-form-values.ts";
import { ProductHistory } from "../products/product-history.tsx";
import { StatusBadge } from "../products/status-badge.tsx";
import pageStyles from "../styles/products.css?url";
import type { Route } from "./+types/product";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Edit ${loaderData.product.title}` : "Product");

export const shouldRevalidate = reloadAfterSubmission;

const NOTICES: Record<string, string> = {
  created: "The product was created. Add its photos below.",
  saved: "Your changes were saved.",
  "photo-added": "The photo was added.",
  "photo-saved": "The photo was saved.",
  "photo-moved": "The photo was moved.",
  "photo-removed": "The photo was removed.",
  "chart-saved": "The size chart was saved.",
  "chart-removed": "The product's own size chart was removed.",
};

/** The product's id from the address; anything else is no product. */
function productId(params: { id: string }): number {
  if (!/^[1-9]\d{0,9}$/.test(params.id)) throw data({ message: "No Product Found" }, { status: 404 });
  return Number(params.id);
}

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const id = productId(params);
  const [product, lists] = await Promise.all([
    api.call("adminGetProduct", { params: { id: String(id) } }),
    referenceLists(api),
  ]);
  return {
    product: answerOf(product),
    lists,
    notice: NOTICES[url.searchParams.get("notice") ?? ""] ?? null,
  };
}

type ActionResult =
  | ProductFormFailure
  | ImageFormFailure
  | ChartFailure
  | { ok: false; intent: "delete"; message: string };

/** Saves the product, deletes (or archives) it, or changes its photos: each form says which by its intent. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const id = productId(params);
  const form = await readForm(request);
  const intent = formText(form, "intent");
  if (intent === "delete") {
    const answer = await api.call("adminDeleteProduct", { params: { id: String(id) } });
    if (answer.ok) throw redirect(`/admin/products?notice=${answer.data.outcome}`);
    return data<ActionResult>(
      { ok: false, intent: "delete", message: answer.data.message || "The product could not be deleted." },
      { status: failureStatus(answer.status) },
    );
  }
  if (intent.startsWith("image") || intent === "upload") {
    const result = await photoAction(api, id, intent, form);
    if ("notice" in result) throw redirect(`/admin/products/${id}?notice=${result.notice}#photos`);
    return data<ActionResult>(result.failure, { status: result.status });
  }
  const chart = await sizeChartSubmission(form, (size_chart) =>
    api.call("adminUpdateProduct", { params: { id: String(id) }, body: { size_chart } }),
  );
  if (chart && "done" in chart) throw redirect(`/admin/products/${id}?notice=${chart.done}#size-chart`);
  if (chart) return data<ActionResult>(chart.failure, { status: chart.status });
  const result = await saveProduct(api, form, id);
  if ("savedId" in result) throw redirect(`/admin/products/${id}?notice=saved`);
  return data<ActionResult>(result.failure, { status: result.status });
}

/** No answer from the shop: the product form stays as typed; a photo form says so where it was sent. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(request, serverAction, (failure, form): ActionResult => {
    const message = submissionMessage(failure, "That did not work. Please try again.");
    const intent = formText(form, "intent");
    if (intent === "delete") return { ok: false, intent, message };
    if (intent.startsWith(CHART_INTENT_PREFIX)) {
      return { ok: false, intent: "chart", message, errors: [], draft: readChartForm(form) };
    }
    if (intent === "upload") {
      return { ok: false, intent, target: formText(form, "color_id") || "none", message, errors: {} };
    }
    if (intent === "image-save" || intent === "image-move" || intent === "image-remove") {
      return { ok: false, intent, target: formText(form, "image_id"), message, errors: {} };
    }
    return { ok: false, intent: "save", message, errors: {}, values: readProductForm(form) };
  });
}

export default function AdminProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, lists, notice } = loaderData;
  const saving = useSubmitting("save");
  const deleting = useSubmitting("delete");
  const photoBusy = [
    useSubmitting("upload"),
    useSubmitting("image-save"),
    useSubmitting("image-move"),
    useSubmitting("image-remove"),
  ].some(Boolean);
  const chartBusy = [
    useSubmitting("chart-save"),
    useSubmitting("chart-delete"),
    useSubmitting("chart-add-row"),
    useSubmitting("chart-add-column"),
  ].some(Boolean);
  const productFailure = actionData && "values" in actionData ? actionData : null;
  const chartFailure = actionData?.intent === "chart" ? actionData : null;
  const chartDraft = chartFailure?.draft ?? draftOf(product.size_chart);
  const imageFailure = actionData && "target" in actionData ? actionData : null;
  const deleteFailure = actionData?.intent === "delete" ? actionData.message : null;
  const values = productFailure?.values ?? valuesOf(product);

  return (
    <section className="admin-page" aria-labelledby="admin-product-title">
      <div className="admin-page__head">
        <div>
          <h1 className="admin-page__title admin-wrap" id="admin-product-title">
            {product.title}
          </h1>
          <p className="admin-page__lead">
            <StatusBadge status={product.status} />{" "}
            {product.status === "active" ? (
              <Link to={`/product/${product.slug}`}>View in the shop</Link>
            ) : (
              <span>Not in the shop</span>
            )}
          </p>
        </div>
        <Link to="/admin/products" className="button button--outline button--small">
          All products
        </Link>
      </div>
      {notice && !actionData && (
        <p className="form-alert" role="status">
          {notice}
        </p>
      )}

      <ProductForm
        key={`${product.updated_at}|${productFailure ? JSON.stringify(productFailure.values) : ""}`}
        values={values}
        lists={lists}
        errors={productFailure?.errors ?? {}}
        failure={productFailure?.intent === "save" ? productFailure.message : null}
        submitLabel="Save changes"
        busy={saving}
        savedVariants={product.variants}
      />

      <ImageManager product={product} failure={imageFailure} busy={photoBusy} />

      <section className="admin-card" id="size-chart" aria-labelledby="product-size-chart-title">
        <h2 className="admin-card__title" id="product-size-chart-title">
          Size chart
        </h2>
        <SizeChartEditor
          key={`${product.updated_at}|${JSON.stringify(chartDraft)}`}
          draft={chartDraft}
          saved={product.size_chart !== null}
          failure={chartFailure}
          busy={chartBusy}
          intro={
            product.size_chart
              ? "This product's own chart, shown instead of its category's."
              : "Without a chart of its own, the product shows its category's chart (set under Catalogue → Categories), if it has one. Save one here to give it its own."
          }
        />
      </section>

      {product.old_slugs.length > 0 && (
        <section className="admin-card" aria-labelledby="product-old-slugs-title">
          <h2 className="admin-card__title" id="product-old-slugs-title">
            Old addresses
          </h2>
          <p className="field__hint">These earlier addresses redirect to the current one.</p>
          <ul className="admin-old-slugs">
            {product.old_slugs.map((slug) => (
              <li key={slug}>/product/{slug}</li>
            ))}
          </ul>
        </section>
      )}

      <ProductHistory entries={product.history} />

      <section className="admin-card admin-danger-zone" aria-labelledby="product-delete-title">
        <h2 className="admin-card__title" id="product-delete-title">
          {product.has_orders ? "Archive this product" : "Delete this product"}
        </h2>
        <p>
          {product.has_orders
            ? "This product has been ordered, so it is kept for those orders: archiving takes it off sale and its page says it is no longer available."
            : "Nobody has ordered this product: deleting it removes it, its variants and its photos for good."}
        </p>
        {deleteFailure && (
          <p className="field__error" role="alert">
            {deleteFailure}
          </p>
        )}
        {product.status === "archived" && product.has_orders ? (
          <p className="field__hint">It is archived. Set its status to Active above to sell it again.</p>
        ) : (
          <details className="admin-confirm">
            <summary className="button button--small button--outline admin-danger">
              {product.has_orders ? "Archive product..." : "Delete product..."}
            </summary>
            <Form method="post" className="admin-confirm__body">
              <p>
                {product.has_orders ? "Archive" : "Delete"} <strong>{product.title}</strong>?
              </p>
              <button
                type="submit"
                name="intent"
                value="delete"
                className="button button--small admin-danger-button"
                disabled={deleting}
              >
                {deleting ? "Working..." : product.has_orders ? "Yes, archive it" : "Yes, delete it"}
              </button>
            </Form>
          </details>
        )}
      </section>
    </section>
  );
}
