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
import { CampaignFields, CampaignMarkers } from "../campaigns/campaign-fields.tsx";
import {
  CAMPAIGN_STATE_BADGES,
  CAMPAIGN_STATE_NAMES,
  type CampaignFormValues,
  campaignBody,
  campaignCovers,
  campaignDates,
  campaignFormValues,
  campaignFormValuesOf,
  campaignGives,
} from "../campaigns/campaign-values.ts";
import { couponFieldErrors } from "../coupons/coupon-values.ts";
import { loadChosenProducts, loadScopeOptions, resolveScope } from "../scope-picker.server.ts";
import type { ChosenProduct } from "../scope-values.ts";
import type { Route } from "./+types/campaign";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Sale ${loaderData.campaign.name}` : "Sale");

const DONE = {
  saved: "The sale is saved: prices follow at once.",
  paused: "The sale is paused: prices are back to the products' own.",
  active: "The sale is resumed.",
} as const;

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const campaign = answerOrThrow(await api.call("adminGetCampaign", { params: { id: params.id } }));
  const [trail, options, products] = await Promise.all([
    loadAuditTrail(api, "campaign", campaign.id),
    loadScopeOptions(api),
    campaign.scope === "products" ? loadChosenProducts(api, campaign.scope_ids) : [],
  ]);
  const done = url.searchParams.get("done");
  return {
    campaign,
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
  values: CampaignFormValues;
  /** The products found in the form, named again. */
  products: ChosenProduct[];
}

/** The whole form saves every field; the pause or resume button sends the status alone. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = formText(form, "intent");
  const values = campaignFormValues(form);
  const api = context.get(apiContext);
  if (intent === "status") {
    const status = formText(form, "status") === "paused" ? "paused" : "active";
    const answer = await api.call("adminUpdateCampaign", { params: { id: params.id }, body: { status } });
    if (answer.ok) return redirect(`/admin/campaigns/${answer.data.id}?done=${status}`, 303);
    const failure: Failure = {
      intent,
      message: answer.data.message || "The sale was not changed. Please try again.",
      errors: {},
      values,
      products: [],
    };
    return data(failure, { status: failureStatus(answer.status) });
  }
  const scope = await resolveScope(api, values);
  if (scope.error) {
    const failure: Failure = {
      intent,
      message: "The sale was not saved: some products were not found.",
      errors: { scope_ids: scope.error },
      values,
      products: scope.products,
    };
    return data(failure, { status: 422 });
  }
  const answer = await api.call("adminUpdateCampaign", {
    params: { id: params.id },
    body: campaignBody(values, scope.ids),
  });
  if (answer.ok) return redirect(`/admin/campaigns/${answer.data.id}?done=saved`, 303);
  const failure: Failure = {
    intent,
    message: answer.data.message || "The sale was not saved. Please try again.",
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
      message: submissionMessage(failure, "The sale was not saved. Please try again."),
      errors: {},
      values: campaignFormValues(form),
      products: [],
    }),
  );
}

export const shouldRevalidate = reloadAfterSubmission;

export default function AdminCampaign({ loaderData, actionData }: Route.ComponentProps) {
  const { campaign, trail, options, products, done } = loaderData;
  const submitting = useSubmitting();
  const editing = actionData?.intent === "update" ? actionData : undefined;
  const paused = campaign.status === "paused";

  return (
    <div className="admin-page">
      <Link to="/admin/campaigns" className="back-link">
        <ChevronLeftIcon size={16} /> Sales
      </Link>
      <div className="admin-page__head">
        <h1 className="admin-page__title">{campaign.name}</h1>
        {campaign.state !== "ended" && (
          <Form method="post">
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="status" value={paused ? "active" : "paused"} />
            <button type="submit" className="button button--small button--outline" disabled={submitting}>
              {paused ? "Resume sale" : "Pause sale"}
            </button>
          </Form>
        )}
      </div>
      {done && <FormAlert kind="success">{done}</FormAlert>}
      {actionData?.message && (
        <FormAlert kind="error" title="Not saved">
          {actionData.message}
        </FormAlert>
      )}

      <section className="admin-card" aria-labelledby="standing-title">
        <h2 className="admin-card__title" id="standing-title">
          Where it stands
        </h2>
        <dl className="admin-dl">
          <dt>Status</dt>
          <dd>
            <span className={CAMPAIGN_STATE_BADGES[campaign.state]}>
              {CAMPAIGN_STATE_NAMES[campaign.state]}
            </span>
            <CampaignMarkers campaign={campaign} />
          </dd>
          <dt>Gives</dt>
          <dd>{campaignGives(campaign)}</dd>
          <dt>Applies to</dt>
          <dd>{campaignCovers(campaign, options, products)}</dd>
          <dt>Runs</dt>
          <dd>{campaignDates(campaign)}</dd>
          <dt>Orders</dt>
          <dd>{campaign.usage.orders.toLocaleString("en-US")}</dd>
          <dt>Revenue</dt>
          <dd>{formatRupees(campaign.usage.revenue)}</dd>
          <dt>Discount given</dt>
          <dd>{formatRupees(campaign.usage.discount)}</dd>
        </dl>
      </section>

      <section className="admin-card" aria-labelledby="edit-title">
        <h2 className="admin-card__title" id="edit-title">
          Change the sale
        </h2>
        <Form method="post" className="form-stack admin-settings-form">
          <input type="hidden" name="intent" value="update" />
          <CampaignFields
            values={editing?.values ?? campaignFormValuesOf(campaign, products)}
            errors={editing?.errors ?? {}}
            options={options}
            products={editing?.products.length ? [...products, ...editing.products] : products}
          />
          <div>
            <button type="submit" className="button" disabled={submitting}>
              Save sale
            </button>
          </div>
        </Form>
      </section>

      <AuditTrail trail={trail} title="Audit log" />
    </div>
  );
}
