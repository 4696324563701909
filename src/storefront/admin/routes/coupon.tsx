import { data, Form, Link, redirect } from "react-router";
import { formatRupees } from "../../../shared/money.ts";
import { apiContext } from "../../lib/api.server.ts";
import { failureStatus, formText } from "../../ui/forms/api-errors.ts";
import { FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { reloadAfterSubmission, submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { ChevronLeftIcon } from "../../ui/icons.tsx";
import { answerOrThrow } from "../admin-data.server.ts";
import { adminMeta } from "../admin-meta.ts";
import { loadAuditTrail } from "../audit-trail.server.ts";
import { AuditTrail } from "../audit-trail.tsx";
import { CouponFields } from "../coupons/coupon-fields.tsx";
import {
  COUPON_STATUS_NAMES,
  type CouponFormValues,
  couponBody,
  couponDates,
  couponFieldErrors,
  couponFormValues,
  couponFormValuesOf,
  couponGives,
  couponUses,
} from "../coupons/coupon-values.ts";
import {
  loadChosenProducts,
  loadScopeOptions,
  type ResolvedScope,
  resolveScope,
} from "../scope-picker.server.ts";
import { type ChosenProduct, scopeWords } from "../scope-values.ts";
import type { Route } from "./+types/coupon";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Code ${loaderData.coupon.code}` : "Discount code");

const DONE = {
  saved: "The code is saved.",
  paused: "The code is paused: shoppers cannot use it until you resume it.",
  active: "The code is active again.",
} as const;

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const coupon = answerOrThrow(await api.call("adminGetCoupon", { params: { id: params.id } }));
  const [trail, options, products] = await Promise.all([
    loadAuditTrail(api, "coupon", coupon.id),
    loadScopeOptions(api),
    coupon.scope === "products" ? loadChosenProducts(api, coupon.scope_ids) : [],
  ]);
  const done = url.searchParams.get("done");
  return {
    coupon,
    trail,
    options,
    products,
    done: done && done in DONE ? DONE[done as keyof typeof DONE] : null,
  };
}

interface Failure {
  intent: string;
  message: string;
  errors: Record<string, string>;
  values: CouponFormValues;
  /** The products found in the form, named again. */
  products: ChosenProduct[];
}

/** The whole form saves every field; the pause or resume button sends the status alone. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = formText(form, "intent");
  const values = couponFormValues(form);
  const status = values.status === "paused" ? "paused" : "active";
  const api = context.get(apiContext);
  const scope: ResolvedScope =
    intent === "status" ? { ids: [], products: [] } : await resolveScope(api, values);
  if (scope.error) {
    const failure: Failure = {
      intent,
      message: "The code was not saved: some products were not found.",
      errors: { scope_ids: scope.error },
      values,
      products: scope.products,
    };
    return data(failure, { status: 422 });
  }
  const answer = await api.call("adminUpdateCoupon", {
    params: { id: params.id },
    body: intent === "status" ? { status } : couponBody(values, scope.ids),
  });
  if (answer.ok) {
    return redirect(`/admin/coupons/${answer.data.id}?done=${intent === "status" ? status : "saved"}`, 303);
  }
  const failure: Failure = {
    intent,
    message: answer.data.message || "The code was not saved. Please try again.",
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
      intent: formText(form, "intent"),
      message: submissionMessage(failure, "The code was not saved. Please try again."),
      errors: {},
      values: couponFormValues(form),
      products: [],
    }),
  );
}

export const shouldRevalidate = reloadAfterSubmission;

export default function AdminCoupon({ loaderData, actionData }: Route.ComponentProps) {
  const { coupon, trail, options, products, done } = loaderData;
  const submitting = useSubmitting();
  const editing = actionData?.intent === "update" ? actionData : undefined;
  const paused = coupon.status === "paused";

  return (
    <div className="admin-page">
      <Link to="/admin/coupons" className="back-link">
        <ChevronLeftIcon size={16} /> Discount codes
      </Link>
      <div className="admin-page__head">
        <h1 className="admin-page__title">Code {coupon.code}</h1>
        <Form method="post">
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="status" value={paused ? "active" : "paused"} />
          <button type="submit" className="button button--small button--outline" disabled={submitting}>
            {paused ? "Resume code" : "Pause code"}
          </button>
        </Form>
      </div>
      {done && <FormAlert kind="success">{done}</FormAlert>}
      {actionData?.message && (
        <FormAlert kind="error" title="Not saved">
          {actionData.message}
        </FormAlert>
      )}

      <section className="admin-card" aria-labelledby="usage-title">
        <h2 className="admin-card__title" id="usage-title">
          Usage
        </h2>
        <dl className="admin-dl">
          <dt>Gives</dt>
          <dd>{couponGives(coupon)}</dd>
          <dt>Applies to</dt>
          <dd>{scopeWords(coupon.scope, coupon.scope_ids, options, products)}</dd>
          <dt>Runs</dt>
          <dd>{couponDates(coupon)}</dd>
          <dt>Status</dt>
          <dd>{COUPON_STATUS_NAMES[coupon.status]}</dd>
          <dt>Uses</dt>
          <dd>{couponUses(coupon)}</dd>
          <dt>Orders</dt>
          <dd>{coupon.usage.orders.toLocaleString("en-US")}</dd>
          <dt>Revenue</dt>
          <dd>{formatRupees(coupon.usage.revenue)}</dd>
          <dt>Discount given</dt>
          <dd>{formatRupees(coupon.usage.discount)}</dd>
        </dl>
      </section>

      <section className="admin-card" aria-labelledby="edit-title">
        <h2 className="admin-card__title" id="edit-title">
          Change the code
        </h2>
        {coupon.uses > 0 && (
          <p className="admin-page__lead">
            The code itself cannot change now that orders have used it; everything else can.
          </p>
        )}
        <Form method="post" className="form-stack admin-settings-form">
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="status" value={coupon.status} />
          <CouponFields
            values={editing?.values ?? couponFormValuesOf(coupon, products)}
            errors={editing?.errors ?? {}}
            options={options}
            products={editing?.products.length ? [...products, ...editing.products] : products}
          />
          <div>
            <button type="submit" className="button" disabled={submitting}>
              Save code
            </button>
          </div>
        </Form>
      </section>

      <AuditTrail trail={trail} title="Audit log" />
    </div>
  );
}
