import { data, Form, Link, redirect } from "react-router";
import { formatRupees } from "../../../shared/money.ts";
import { apiContext } from "../../lib/api.server.ts";
import { failureStatus } from "../../ui/forms/api-errors.ts";
import { FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { reloadAfterSubmission, submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { Pagination } from "../../ui/pagination.tsx";
import { answerOrThrow, pageParam } from "../admin-data.server.ts";
import { adminMeta } from "../admin-meta.ts";
import { CouponFields } from "../coupons/coupon-fields.tsx";
import {
  COUPON_STATUS_NAMES,
  type CouponFormValues,
  couponBody,
  couponDates,
  couponFieldErrors,
  couponFormValues,
  couponGives,
  couponUses,
  EMPTY_COUPON,
} from "../coupons/coupon-values.ts";
import { listPageHref } from "../list-links.ts";
import { loadScopeOptions, resolveScope } from "../scope-picker.server.ts";
import type { ChosenProduct } from "../scope-values.ts";
import ordersStyles from "../styles/orders.css?url";
import type { Route } from "./+types/coupons";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];

export const meta: Route.MetaFunction = () => adminMeta("Discount codes");

export async function loader({ context, url }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const [answer, options] = await Promise.all([
    api.call("adminListCoupons", { query: { page: pageParam(url) } }),
    loadScopeOptions(api),
  ]);
  return {
    list: answerOrThrow(answer),
    options,
    href: url.pathname + url.search,
    created: url.searchParams.get("created"),
  };
}

interface Failure {
  message: string;
  errors: Record<string, string>;
  values: CouponFormValues;
  /** The products found in the form, named again. */
  products: ChosenProduct[];
}

/** Creates the code; done, the list reloads (303) and names it; refused, what was typed stays with each error. */
export async function action({ context, request }: Route.ActionArgs) {
  const values = couponFormValues(await readForm(request));
  const api = context.get(apiContext);
  const scope = await resolveScope(api, values);
  if (scope.error) {
    const failure: Failure = {
      message: "The code was not created: some products were not found.",
      errors: { scope_ids: scope.error },
      values,
      products: scope.products,
    };
    return data(failure, { status: 422 });
  }
  const answer = await api.call("adminCreateCoupon", { body: couponBody(values, scope.ids) });
  if (answer.ok) return redirect(`/admin/coupons?created=${encodeURIComponent(answer.data.code)}`, 303);
  const failure: Failure = {
    message: answer.data.message || "The code was not created. Please try again.",
    errors: couponFieldErrors(answer.data.errors),
    values,
    products: scope.products,
  };
  return data(failure, { status: failureStatus(answer.status) });
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    (failure, form): Failure => ({
      message: submissionMessage(failure, "The code was not created. Please try again."),
      errors: {},
      values: couponFormValues(form),
      products: [],
    }),
  );
}

export const shouldRevalidate = reloadAfterSubmission;

export default function AdminCoupons({ loaderData, actionData }: Route.ComponentProps) {
  const { list, options, created } = loaderData;
  const url = new URL(loaderData.href, "http://admin.invalid");
  const submitting = useSubmitting();

  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">Discount codes</h1>
        <Link to="/admin/delivery" className="button button--small button--outline">
          Delivery charges
        </Link>
      </div>
      <p className="admin-page__lead">
        A code takes a percent or an amount off, or the delivery, for the products it applies to. Shoppers
        enter it in their cart.
      </p>
      {created && <FormAlert kind="success">{`Code ${created} created.`}</FormAlert>}

      <section className="admin-card" aria-labelledby="codes-title">
        <h2 className="admin-card__title" id="codes-title">
          Codes ({list.meta.total.toLocaleString("en-US")})
        </h2>
        {list.data.length === 0 ? (
          <p className="admin-empty">No discount codes yet.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--cards">
              <caption className="visually-hidden">Discount codes, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">Gives</th>
                  <th scope="col">Runs</th>
                  <th scope="col">Uses</th>
                  <th scope="col">Status</th>
                  <th scope="col">Orders</th>
                  <th scope="col">Revenue</th>
                  <th scope="col">Discount given</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((coupon) => (
                  <tr key={coupon.id}>
                    <th scope="row" data-label="Code" className="admin-wrap">
                      <Link to={`/admin/coupons/${coupon.id}`}>{coupon.code}</Link>
                      {coupon.description && (
                        <span className="admin-orders-table__contact">{coupon.description}</span>
                      )}
                    </th>
                    <td data-label="Gives" className="admin-wrap">
                      {couponGives(coupon)}
                    </td>
                    <td data-label="Runs" className="admin-wrap">
                      {couponDates(coupon)}
                    </td>
                    <td data-label="Uses">{couponUses(coupon)}</td>
                    <td data-label="Status">{COUPON_STATUS_NAMES[coupon.status]}</td>
                    <td data-label="Orders" className="admin-num">
                      {coupon.usage.orders.toLocaleString("en-US")}
                    </td>
                    <td data-label="Revenue" className="admin-num">
                      {formatRupees(coupon.usage.revenue)}
                    </td>
                    <td data-label="Discount given" className="admin-num">
                      {formatRupees(coupon.usage.discount)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination meta={list.meta} hrefFor={(page) => listPageHref(url, page)} />
      </section>

      <section className="admin-card" aria-labelledby="create-title">
        <h2 className="admin-card__title" id="create-title">
          Create a code
        </h2>
        {actionData?.message && (
          <FormAlert kind="error" title="Not created">
            {actionData.message}
          </FormAlert>
        )}
        <Form method="post" className="form-stack admin-settings-form">
          <CouponFields
            values={actionData?.values ?? EMPTY_COUPON}
            errors={actionData?.errors ?? {}}
            options={options}
            products={actionData?.products ?? []}
          />
          <div>
            <button type="submit" className="button" disabled={submitting}>
              Create code
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}
