import { data, Form, Link } from "react-router";
import {
  COLLECTION_OUTCOME_LABELS,
  type CollectionOutcome,
  PAYMENT_REPORT_COLUMNS,
  PAYMENT_REPORT_MAX_BYTES,
  PAYMENT_REPORT_MAX_ROWS,
  PAYMENT_REPORT_MESSAGES,
} from "../../../shared/cod-collections.ts";
import type {
  CodCollectionItem,
  CodCollectionsAnswer,
  PaymentReportAnswer,
} from "../../../shared/contracts/cod-collections.ts";
import { formatRupees } from "../../../shared/money.ts";
import { apiContext } from "../../lib/api.server.ts";
import { formatDate } from "../../ui/format.ts";
import { failureStatus, formText } from "../../ui/forms/api-errors.ts";
import { FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { adminMeta } from "../admin-meta.ts";
import { CsvFileField, useCsvUpload } from "../csv-file-field.tsx";
import type { Route } from "./+types/cash";

export const meta: Route.MetaFunction = () => adminMeta("Cash collected");

/** The couriers whose reports the form takes, as staff read them. */
const COURIERS = [
  { id: "leopards", name: "Leopards Courier" },
  { id: "postex", name: "PostEx" },
  { id: "own", name: "Own delivery or another courier" },
] as const;

export async function loader({ context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const [unpaid, mismatches] = await Promise.all([
    api.call("adminCodCollections", { query: { view: "unpaid" } }),
    api.call("adminCodCollections", { query: { view: "mismatches" } }),
  ]);
  if (!unpaid.ok) throw data({ message: unpaid.data.message }, { status: unpaid.status });
  if (!mismatches.ok) throw data({ message: mismatches.data.message }, { status: mismatches.status });
  return { unpaid: unpaid.data, mismatches: mismatches.data };
}

type UploadAnswer = { ok: true; report: PaymentReportAnswer } | { ok: false; message: string };

/** Sends the report to the API as it came; the answer is every row's outcome, or why the file was refused. */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await readForm(request);
  const file = form.get("file");
  const answer = await context.get(apiContext).call("adminUploadPaymentReport", {
    body: {
      // A missing file goes as nothing (the client leaves it out), and the API says one is needed.
      file: (file instanceof File && file.size > 0 ? file : undefined) as File,
      courier: formText(form, "courier") as (typeof COURIERS)[number]["id"],
    },
  });
  if (answer.ok) return { ok: true, report: answer.data } satisfies UploadAnswer;
  const error = answer.data as { message?: string; errors?: Record<string, string[]> };
  const message =
    error.errors?.file?.[0] ??
    error.errors?.courier?.[0] ??
    error.message ??
    "The report could not be read. Please try again.";
  return data({ ok: false, message } satisfies UploadAnswer, { status: failureStatus(answer.status) });
}

/** No answer from the shop: the page stays, with the connection message. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    (failure): UploadAnswer => ({
      ok: false,
      message: submissionMessage(
        failure,
        "The upload did not finish. Upload the report again: rows already recorded are not recorded twice.",
      ),
    }),
  );
}

const BADGES: Record<CollectionOutcome, string> = {
  recorded: "admin-badge--success",
  mismatch: "admin-badge--warning",
  duplicate: "admin-badge--info",
  conflict: "admin-badge--warning",
  not_due: "admin-badge--info",
  unknown: "admin-badge--danger",
  invalid: "admin-badge--danger",
};

const rupees = (amount: number | null) => (amount === null ? "" : formatRupees(amount));

const OrderLink = ({ number }: { number: string | null }) =>
  number ? <Link to={`/admin/orders/${number}`}>{number}</Link> : <>—</>;

function ReportRows({ report }: { report: PaymentReportAnswer }) {
  const failed = report.rows.some((row) => row.outcome !== "recorded");
  return (
    <div className="admin-card">
      <FormAlert kind={failed ? "error" : "success"} title={report.message} />
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption>Each row of the report</caption>
          <thead>
            <tr>
              <th scope="col" className="admin-num">
                Row
              </th>
              <th scope="col">Order</th>
              <th scope="col" className="admin-num">
                Amount
              </th>
              <th scope="col">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {report.rows.map((row) => (
              <tr key={row.row}>
                <td className="admin-num">{row.row}</td>
                <td className="admin-wrap">
                  <OrderLink number={row.order_number} />
                  {row.consignment_number && <span className="admin-sub">{row.consignment_number}</span>}
                </td>
                <td className="admin-num">
                  {rupees(row.amount)}
                  {row.expected !== null && row.expected !== row.amount && (
                    <span className="admin-sub">due {rupees(row.expected)}</span>
                  )}
                </td>
                <td className="admin-wrap">
                  <span className={`admin-badge ${BADGES[row.outcome]}`}>
                    {COLLECTION_OUTCOME_LABELS[row.outcome]}
                  </span>
                  <span className="admin-sub">{row.reason}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function OrdersList({
  id,
  title,
  empty,
  list,
  columns,
}: {
  id: string;
  title: string;
  empty: string;
  list: CodCollectionsAnswer;
  columns: { label: string; numeric?: boolean; cell: (item: CodCollectionItem) => string }[];
}) {
  return (
    <section className="admin-card" aria-labelledby={id}>
      <h2 id={id} className="admin-card__title">
        {title}
      </h2>
      {list.data.length === 0 ? (
        <p className="admin-empty">{empty}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                {columns.map((column) => (
                  <th key={column.label} scope="col" className={column.numeric ? "admin-num" : undefined}>
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.data.map((item) => (
                <tr key={item.order_number}>
                  <th scope="row" className="admin-wrap">
                    <OrderLink number={item.order_number} />
                    <span className="admin-sub">
                      {item.courier}
                      {item.consignment_number ? `, ${item.consignment_number}` : ""}
                    </span>
                  </th>
                  {columns.map((column) => (
                    <td key={column.label} className={column.numeric ? "admin-num" : "admin-wrap"}>
                      {column.cell(item)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.more && <p className="admin-page__lead">The first {list.data.length} are listed.</p>}
    </section>
  );
}

const days = (item: CodCollectionItem) =>
  item.days_since_delivery === null
    ? ""
    : `${item.days_since_delivery} ${item.days_since_delivery === 1 ? "day" : "days"}`;

export default function AdminCash({ loaderData, actionData }: Route.ComponentProps) {
  const { unpaid, mismatches } = loaderData;
  const busy = useSubmitting();
  const upload = useCsvUpload(
    PAYMENT_REPORT_MAX_BYTES,
    PAYMENT_REPORT_MESSAGES.tooLarge,
    actionData?.ok === false ? actionData.message : null,
  );
  return (
    <section className="admin-page" aria-labelledby="admin-cash-title">
      <div className="admin-page__head">
        <h1 className="admin-page__title" id="admin-cash-title">
          Cash collected
        </h1>
        <p className="admin-page__lead">
          Upload a courier's payment report to record the cash it paid over for each delivered order.
          Uploading the same report again records nothing twice; a row that cannot be matched changes nothing.
        </p>
      </div>

      <Form
        method="post"
        encType="multipart/form-data"
        className="admin-card admin-import-form"
        onSubmit={upload.checkSize}
        aria-label="Upload a payment report"
      >
        <div className="field">
          <label className="field__label" htmlFor="cash-courier">
            Courier
          </label>
          <select id="cash-courier" name="courier" className="field__input" defaultValue="leopards">
            {COURIERS.map((courier) => (
              <option key={courier.id} value={courier.id}>
                {courier.name}
              </option>
            ))}
          </select>
        </div>
        <CsvFileField
          id="cash-file"
          label="Payment report (CSV)"
          error={upload.error}
          onChange={upload.clear}
          hint={
            <>
              Columns: {PAYMENT_REPORT_COLUMNS.consignment[0]} (or {PAYMENT_REPORT_COLUMNS.order[0]}),{" "}
              {PAYMENT_REPORT_COLUMNS.amount[0]} in rupees, {PAYMENT_REPORT_COLUMNS.date[0]} (2026-11-28 or
              28/11/2026) and {PAYMENT_REPORT_COLUMNS.reference[0]}. At most{" "}
              {PAYMENT_REPORT_MAX_BYTES / 1024 / 1024} MB and{" "}
              {PAYMENT_REPORT_MAX_ROWS.toLocaleString("en-US")} rows.
            </>
          }
        />
        <div>
          <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
            {busy ? "Recording…" : "Record payments"}
          </button>
        </div>
      </Form>

      {actionData?.ok && <ReportRows report={actionData.report} />}

      <OrdersList
        id="cash-unpaid-title"
        title="Delivered, cash not received"
        empty="Every delivered order's cash has been recorded."
        list={unpaid}
        columns={[
          { label: "Due", numeric: true, cell: (item) => rupees(item.expected) },
          { label: "Since delivery", numeric: true, cell: days },
        ]}
      />
      <OrdersList
        id="cash-mismatch-title"
        title="Amounts that differ"
        empty="Every recorded payment matches the cash that was due."
        list={mismatches}
        columns={[
          { label: "Due", numeric: true, cell: (item) => rupees(item.expected) },
          { label: "Paid", numeric: true, cell: (item) => rupees(item.amount) },
          {
            label: "Reference",
            cell: (item) =>
              `${item.reference ?? ""}${item.collected_on ? `, ${formatDate(item.collected_on)}` : ""}`,
          },
        ]}
      />
    </section>
  );
}
