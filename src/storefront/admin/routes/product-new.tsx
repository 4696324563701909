import { data, Link, redirect } from "react-router";
import { apiContext } from "../../lib/api.server.ts";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { adminMeta } from "../admin-meta.ts";
import { referenceLists, saveProduct } from "../products/product-form.server.ts";
import { ProductForm, type ProductFormFailure } from "../products/product-form.tsx";
import { EMPTY_PRODUCT_FORM, readProductForm } from "../products/product-form-values.ts";
import pageStyles from "../styles/products.css?url";
import type { Route } from "./+types/product-new";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = () => adminMeta("Add product");

export async function loader({ context }: Route.LoaderArgs) {
  return { lists: await referenceLists(context.get(apiContext)) };
}

/** Creates the product, then opens it for its photos; a refusal comes back with every field's message. */
export async function action({ context, request }: Route.ActionArgs) {
  const result = await saveProduct(context.get(apiContext), await readForm(request), null);
  if ("savedId" in result) throw redirect(`/admin/products/${result.savedId}?notice=created`);
  return data(result.failure, { status: result.status });
}

/** No answer from the shop: the form stays as typed, with the connection message. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    (failure, form): ProductFormFailure => ({
      ok: false,
      intent: "save",
      message: submissionMessage(failure, "The product could not be saved. Please try again."),
      errors: {},
      values: readProductForm(form),
    }),
  );
}

export default function AdminProductNew({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useSubmitting("save");
  const values = actionData?.values ?? EMPTY_PRODUCT_FORM;
  return (
    <section className="admin-page" aria-labelledby="admin-product-new-title">
      <div className="admin-page__head">
        <h1 className="admin-page__title" id="admin-product-new-title">
          Add product
        </h1>
        <Link to="/admin/products" className="button button--outline button--small">
          All products
        </Link>
      </div>
      <p className="admin-page__lead">
        Photos are added once the product is saved. A new product is a draft until you make it active.
      </p>
      <ProductForm
        // A refused save or a redrawn grid starts the form again from what was sent.
        key={JSON.stringify(values)}
        values={values}
        lists={loaderData.lists}
        errors={actionData?.errors ?? {}}
        failure={actionData?.intent === "save" ? actionData.message : null}
        submitLabel="Create product"
        busy={busy}
      />
    </section>
  );
}
