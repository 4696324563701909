import { data, Form, Link, redirect } from "react-router";
import { formatRupees } from "../../../shared/money.ts";
import { apiContext } from "../../lib/api.server.ts";
import { failureStatus, formText } from "../../ui/forms/api-errors.ts";
import { FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { reloadAfterSubmission, submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { Pagination } from "../../ui/pagination.tsx";
import { answerOrThrow, pageParam } from "../admin-data.server.ts";
import { adminMeta } from "../admin-meta.ts";
import { CampaignFields, CampaignMarkers } from "../campaigns/campaign-fields.tsx";
import {
  CAMPAIGN_STATE_BADGES,
  CAMPAIGN_STATE_NAMES,
  type CampaignFormValues,
  campaignBody,
  campaignCovers,
  campaignDates,
  campaignFormValues,
  campaignGives,
  EMPTY_CAMPAIGN,
} from "../campaigns/campaign-values.ts";
import { couponFieldErrors } from "../coupons/coupon-values.ts";
import { listPageHref } from "../list-links.ts";
import { loadChosenProducts, loadScopeOptions, resolveScope } from "../scope-picker.server.ts";
import type { ChosenProduct } from "../scope-values.ts";
import ordersStyles from "../styles/orders.css?url";
import type { Route } from "./+types/campaigns";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];

export const meta: Route.MetaFunction = () => adminMeta("Sales");

const DONE = {
  created: "The sale is saved: prices follow at its start and go back at its end.",
  paused: "The sale is paused: prices are back to the products' own.",
  active: "The sale is resumed.",
} as const;

export async function loader({ context, url }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const [answer, options] = await Promise.all([
    api.call("adminListCampaigns", { query: { page: pageParam(url) } }),
    loadScopeOptions(api),
  ]);
  const list = answerOrThrow(answer);
  // The products the listed sales are for, named.
  const products = await loadChosenProducts(
    api,
    list.data.flatMap((campaign) => (campaign.scope === "products" ? campaign.scope_ids : [])),
  );
  const done = url.searchParams.get("done");
  return {
    list,
    options,
    products,
    href: url.pathname + url.search,
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

/** Creates a sale, or pauses or resumes one (its button sends the status alone); done, the list reloads (303). */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = formText(form, "intent");
  const values = campaignFormValues(form);
  const api = context.get(apiContext);
  if (intent === "status") {
    const status = formText(form, "status") === "paused" ? "paused" : "active";
    const answer = await api.call("adminUpdateCampaign", {
      params: { id: formText(form, "id") },
      body: { status },
    });
    if (answer.ok) return redirect(`/admin/campaigns?done=${status}`, 303);
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
      message: "The sale was not created: some products were not found.",
      errors: { scope_ids: scope.error },
      values,
      products: scope.products,
    };
    return data(failure, { status: 422 });
  }
  const answer = await api.call("adminCreateCampaign", { body: campaignBody(values, scope.ids) });
  if (answer.ok) return redirect("/admin/campaigns?done=created", 303);
  const failure: Failure = {
    intent,
    message: answer.data.message || "The sale was not created. Please try again.",
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

export default function AdminCampaigns({ loaderData, actionData }: Route.ComponentProps) {
  const { list, options, products, done } = loaderData;
  const url = new URL(loaderData.href, "http://admin.invalid");
  const submitting = useSubmitting();
  const creating = actionData?.intent === "create" ? actionData : undefined;

  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">Sales</h1>
      </div>
      <p className="admin-page__lead">
        A sale takes a percent off, or sets a fixed price, for everything or chosen categories, products or
        tags, from its start to its end (Pakistan time). Shoppers get the better of a product's own discount
        and the sale's; prices change on their own at the start and the end. Open a sale to change it.
      </p>
      {done && <FormAlert kind="success">{done}</FormAlert>}
      {actionData?.intent === "status" && actionData.message && (
        <FormAlert kind="error" title="Not changed">
          {actionData.message}
        </FormAlert>
      )}

      <section className="admin-card" aria-labelledby="sales-title">
        <h2 className="admin-card__title" id="sales-title">
          Sales ({list.meta.total.toLocaleString("en-US")})
        </h2>
        {list.data.length === 0 ? (
          <p className="admin-empty">No sales yet.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--cards">
              <caption className="visually-hidden">Sales, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Gives</th>
                  <th scope="col">Runs</th>
                  <th scope="col">Status</th>
                  <th scope="col">Orders</th>
                  <th scope="col">Revenue</th>
                  <th scope="col">Discount given</th>
                  <th scope="col">
                    <span className="visually-hidden">Pause or resume</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((campaign) => {
                  const paused = campaign.status === "paused";
                  return (
                    <tr key={campaign.id}>
                      <th scope="row" data-label="Name" className="admin-wrap">
                        <span>
                          <Link to={`/admin/campaigns/${campaign.id}`}>{campaign.name}</Link>
                          <span className="admin-sub">{campaignCovers(campaign, options, products)}</span>
                          <CampaignMarkers campaign={campaign} />
                        </span>
                      </th>
                      <td data-label="Gives" className="admin-num">
                        {campaignGives(campaign)}
                      </td>
                      <td data-label="Runs" className="admin-wrap">
                        {campaignDates(campaign)}
                      </td>
                      <td data-label="Status">
                        <span className={CAMPAIGN_STATE_BADGES[campaign.state]}>
                          {CAMPAIGN_STATE_NAMES[campaign.state]}
                        </span>
                      </td>
                      <td data-label="Orders" className="admin-num">
                        {campaign.usage.orders.toLocaleString("en-US")}
                      </td>
                      <td data-label="Revenue" className="admin-num">
                        {formatRupees(campaign.usage.revenue)}
                      </td>
                      <td data-label="Discount given" className="admin-num">
                        {formatRupees(campaign.usage.discount)}
                      </td>
                      <td>
                        {campaign.state !== "ended" && (
                          <Form method="post">
                            <input type="hidden" name="intent" value="status" />
                            <input type="hidden" name="id" value={campaign.id} />
                            <input type="hidden" name="status" value={paused ? "active" : "paused"} />
                            <button
                              type="submit"
                              className="button button--small button--outline"
                              disabled={submitting}
                              aria-label={paused ? `Resume ${campaign.name}` : `Pause ${campaign.name}`}
                            >
                              {paused ? "Resume" : "Pause"}
                            </button>
                          </Form>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        <Pagination meta={list.meta} hrefFor={(page) => listPageHref(url, page)} />
      </section>

      <section className="admin-card" aria-labelledby="create-title">
        <h2 className="admin-card__title" id="create-title">
          Create a sale
        </h2>
        {creating?.message && (
          <FormAlert kind="error" title="Not created">
            {creating.message}
          </FormAlert>
        )}
        {/* A new address (the sale created) starts the form afresh; a refusal keeps what was typed. */}
        <Form method="post" className="form-stack admin-settings-form" key={loaderData.href}>
          <input type="hidden" name="intent" value="create" />
          <CampaignFields
            values={creating?.values ?? EMPTY_CAMPAIGN}
            errors={creating?.errors ?? {}}
            options={options}
            products={creating?.products ?? []}
          />
          <div>
            <button type="submit" className="button" disabled={submitting}>
              Create sale
            </button>
          </div>
        </Form>
      </section>
    </div>
  );
}
