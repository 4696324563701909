import { data, Form, redirect } from "react-router";
import { apiContext } from "../../lib/api.server.ts";
import { failureStatus, formText } from "../../ui/forms/api-errors.ts";
import { FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { reloadAfterSubmission, submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { Pagination } from "../../ui/pagination.tsx";
import { answerOrThrow, pageParam } from "../admin-data.server.ts";
import { adminMeta } from "../admin-meta.ts";
import { CampaignFields } from "../campaigns/campaign-fields.tsx";
import {
  CAMPAIGN_STATE_NAMES,
  type CampaignFormValues,
  campaignBody,
  campaignCovers,
  campaignDates,
  campaignFormValues,
} from "../campaigns/campaign-values.ts";
import { couponFieldErrors } from "../coupons/coupon-values.ts";
import { listPageHref } from "../list-links.ts";
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
  const list = answerOrThrow(await api.call("adminListCampaigns", { query: { page: pageParam(url) } }));
  const done = url.searchParams.get("done");
  return {
    list,
    href: url.pathname + url.search,
    done: done && done in DONE ? DONE[done as keyof typeof DONE] : null,
  };
}

interface Failure {
  intent: string;
  message: string;
  errors: Record<string, string>;
  values: CampaignFormValues;
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
    };
    return data(failure, { status: failureStatus(answer.status) });
  }
  const answer = await api.call("adminCreateCampaign", { body: campaignBody(values) });
  if (answer.ok) return redirect("/admin/campaigns?done=created", 303);
  const failure: Failure = {
    intent,
    message: answer.data.message || "The sale was not created. Please try again.",
    errors: couponFieldErrors(answer.data.errors),
    values,
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
    }),
  );
}

export const shouldRevalidate = reloadAfterSubmission;

const EMPTY: CampaignFormValues = {
  name: "",
  percent: "",
  scope: "all",
  scope_ids: "",
  starts_at: "",
  ends_at: "",
};

export default function AdminCampaigns({ loaderData, actionData }: Route.ComponentProps) {
  const { list, done } = loaderData;
  const url = new URL(loaderData.href, "http://admin.invalid");
  const submitting = useSubmitting();
  const creating = actionData?.intent === "create" ? actionData : undefined;

  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">Sales</h1>
      </div>
      <p className="admin-page__lead">
        A sale takes a percent off everything or chosen categories, products or tags, from its start to its
        end (Pakistan time). Shoppers get the better of a product's own discount and the sale's; prices change
        on their own at the start and the end.
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
                  <th scope="col">Off</th>
                  <th scope="col">Applies to</th>
                  <th scope="col">Runs</th>
                  <th scope="col">Status</th>
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
                        {campaign.name}
                      </th>
                      <td data-label="Off" className="admin-num">{`${campaign.percent}%`}</td>
                      <td data-label="Applies to" className="admin-wrap">
                        {campaignCovers(campaign)}
                      </td>
                      <td data-label="Runs" className="admin-wrap">
                        {campaignDates(campaign)}
                      </td>
                      <td data-label="Status">{CAMPAIGN_STATE_NAMES[campaign.state]}</td>
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
                            >
                              {paused ? `Resume ${campaign.name}` : `Pause ${campaign.name}`}
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
        <Form method="post" className="form-stack admin-settings-form">
          <input type="hidden" name="intent" value="create" />
          <CampaignFields values={creating?.values ?? EMPTY} errors={creating?.errors ?? {}} />
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
