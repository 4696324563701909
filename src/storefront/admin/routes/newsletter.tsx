import { data } from "react-router";
import { CONFIRMATION_LINK_DAYS, SUBSCRIBER_CSV_COLUMNS } from "../../../shared/newsletter.ts";
import { apiContext } from "../../lib/api.server.ts";
import { FormAlert } from "../../ui/forms/field.tsx";
import { adminMeta } from "../admin-meta.ts";
import type { Route } from "./+types/newsletter";

export const meta: Route.MetaFunction = () => adminMeta("Newsletter");

/** Where the browser downloads the export: the API's CSV, with the back office's session cookie. */
export const SUBSCRIBERS_CSV_URL = "/api/admin/newsletter/subscribers.csv";

/** The list's counts (owner only: a staff member who opens the address gets the API's refusal, with its status). */
export async function loader({ context }: Route.LoaderArgs) {
  const counts = await context.get(apiContext).call("newsletterSubscriberCounts");
  if (counts.ok) return { counts: counts.data, refusal: null };
  return data(
    {
      counts: null,
      refusal: counts.data.message || "The newsletter list could not be read. Please try again.",
    },
    { status: counts.status >= 400 ? counts.status : 503 },
  );
}

const number = new Intl.NumberFormat("en-PK");

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  const { counts, refusal } = loaderData;
  return (
    <section className="admin-page" aria-labelledby="admin-newsletter-title">
      <div className="admin-page__head">
        <h1 className="admin-page__title" id="admin-newsletter-title">
          Newsletter
        </h1>
        {counts && (
          <a className="button" href={SUBSCRIBERS_CSV_URL} download>
            Download CSV
          </a>
        )}
      </div>
      <p className="admin-page__lead">
        Addresses join from the Subscribe form in the shop's footer and are on the list once they open the
        link we mail them (it works for {CONFIRMATION_LINK_DAYS} days). Every newsletter mail carries a
        one-click unsubscribe link.
      </p>
      {refusal && <FormAlert kind="error">{refusal}</FormAlert>}
      {counts && (
        <div className="admin-card">
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption>Sign-ups by state</caption>
              <thead>
                <tr>
                  <th scope="col">State</th>
                  <th scope="col" className="admin-num">
                    Addresses
                  </th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">Confirmed (get the newsletter)</th>
                  <td className="admin-num" data-testid="count-confirmed">
                    {number.format(counts.confirmed)}
                  </td>
                </tr>
                <tr>
                  <th scope="row">Waiting for confirmation</th>
                  <td className="admin-num">{number.format(counts.pending)}</td>
                </tr>
                <tr>
                  <th scope="row">Unsubscribed</th>
                  <td className="admin-num">{number.format(counts.unsubscribed)}</td>
                </tr>
              </tbody>
            </table>
          </div>
        </div>
      )}
      {counts && (
        <p className="admin-page__lead">
          Download CSV gives the confirmed addresses, oldest first, with these columns:{" "}
          {SUBSCRIBER_CSV_COLUMNS.join(", ")}. Each download is recorded in the audit log. Mail sent from
          another service must carry each subscriber's unsubscribe link.
        </p>
      )}
    </section>
  );
}
