import { useEffect } from "react";
import { data, Form, Link, redirect, useRevalidator } from "react-router";
import {
  CATALOG_CSV_COLUMNS,
  CATALOG_CSV_MAX_BYTES,
  CATALOG_CSV_MAX_ROWS,
  CATALOG_CSV_MESSAGES,
} from "../../../shared/catalogue-csv.ts";
import type { CatalogueImportReport } from "../../../shared/contracts/catalogue-csv.ts";
import { type Job, jobUnderWay } from "../../../shared/contracts/jobs.ts";
import { apiContext } from "../../lib/api.server.ts";
import { failureStatus, formText } from "../../ui/forms/api-errors.ts";
import { FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { adminMeta } from "../admin-meta.ts";
import { CsvFileField, useCsvUpload } from "../csv-file-field.tsx";
import pageStyles from "../styles/products.css?url";
import type { Route } from "./+types/products-import";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = () => adminMeta("Import products");

/** Where the browser downloads the export: the API's CSV, with the back office's session cookie. */
export const CATALOGUE_CSV_URL = "/api/admin/catalogue/export.csv";

/** Rejected rows the page lists; the rest are counted (the CLI prints them all). */
const REJECTIONS_SHOWN = 500;

/** How often the page asks how far the import is, with JavaScript (without, it reloads itself as often). */
const POLL_SECONDS = 1;

type ImportAnswer = { ok: false; message: string };

/** The page of a job: its progress, then its report. */
const jobPage = (id: number) => `/admin/products/import?job=${id}`;

/** The job the address names (`?job=12`), as the API answers it; null when there is none (or no longer). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const id = url.searchParams.get("job");
  if (id === null || !/^\d{1,12}$/.test(id)) return { job: null, missing: id !== null };
  const answer = await context.get(apiContext).call("adminJob", { params: { id } });
  return answer.ok ? { job: answer.data, missing: false } : { job: null, missing: true };
}

/**
 * Starts the import as a job with the file as it came and shows the job's page (its progress, then its report),
 * or says why the file was refused as a whole. `intent=cancel` asks the job to stop.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await readForm(request);
  const api = context.get(apiContext);
  if (formText(form, "intent") === "cancel") {
    const id = formText(form, "job");
    if (!/^\d{1,12}$/.test(id)) throw data({ message: "This form cannot be handled." }, { status: 400 });
    const answer = await api.call("adminCancelJob", { params: { id } });
    if (answer.ok) return redirect(jobPage(answer.data.id), 303);
    return data(
      {
        ok: false,
        message: "The import could not be stopped: it is no longer there.",
      } satisfies ImportAnswer,
      {
        status: failureStatus(answer.status),
      },
    );
  }
  const file = form.get("file");
  const answer = await api.call("adminStartCatalogueImport", {
    body: {
      // A missing file goes as nothing (the client leaves it out), and the API says one is needed.
      file: (file instanceof File && file.size > 0 ? file : undefined) as File,
      dry_run: formText(form, "dry_run") === "on",
      strict: formText(form, "strict") === "on",
    },
  });
  if (answer.ok) return redirect(jobPage(answer.data.id), 303);
  const error = answer.data as { message?: string; errors?: Record<string, string[]> };
  const message =
    error.errors?.file?.[0] ?? error.message ?? "The file could not be imported. Please try again.";
  return data({ ok: false, message } satisfies ImportAnswer, { status: failureStatus(answer.status) });
}

/** No answer from the shop: the page stays, with the connection message. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    (failure): ImportAnswer => ({
      ok: false,
      message: submissionMessage(
        failure,
        "The import did not finish. Run it again: products already imported are reported as unchanged.",
      ),
    }),
  );
}

const number = (value: number) => value.toLocaleString("en-US");

/** Rows of the file with what the report says of each (a note, or why it was rejected). */
function RowTable({
  className,
  caption,
  heading,
  entries,
}: {
  className: string;
  caption: string;
  heading: string;
  entries: { row: number; handle: string; text: string }[];
}) {
  return (
    <div className="admin-table-wrap">
      <table className={`admin-table ${className}`}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="admin-num">
              Row
            </th>
            <th scope="col">Handle</th>
            <th scope="col">{heading}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={`${entry.row}-${entry.text}`}>
              <td className="admin-num">{entry.row}</td>
              <td>{entry.handle || "(none)"}</td>
              <td>{entry.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The colours, sizes and categories the import created (or would). */
function Created({ report }: { report: CatalogueImportReport }) {
  const { colours, sizes, categories } = report.created;
  const parts = [
    ["colours", colours],
    ["sizes", sizes],
    ["categories", categories],
  ].filter(([, list]) => list!.length > 0) as [string, string[]][];
  if (parts.length === 0) return null;
  return (
    <p className="admin-page__lead" data-testid="import-created">
      {`${report.dry_run ? "Would create" : "Created"}: ${parts.map(([what, list]) => `${what} ${list.join(", ")}`).join("; ")}.`}
    </p>
  );
}

function Report({ report }: { report: CatalogueImportReport }) {
  const { products, rows } = report;
  const shown = report.rejections.slice(0, REJECTIONS_SHOWN);
  return (
    <div className="admin-card admin-import-report">
      <FormAlert kind={products.rejected > 0 ? "error" : "success"} title={report.message} />
      <div className="admin-table-wrap">
        <table className="admin-table admin-import-counts">
          <caption>{report.dry_run ? "What the import would do" : "What the import did"}</caption>
          <thead>
            <tr>
              <th scope="col">Counted</th>
              <th scope="col" className="admin-num">
                Created
              </th>
              <th scope="col" className="admin-num">
                Updated
              </th>
              <th scope="col" className="admin-num">
                Unchanged
              </th>
              <th scope="col" className="admin-num">
                Rejected
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Products</th>
              <td className="admin-num" data-testid="products-created">
                {number(products.created)}
              </td>
              <td className="admin-num">{number(products.updated)}</td>
              <td className="admin-num">{number(products.unchanged)}</td>
              <td className="admin-num">{number(products.rejected)}</td>
            </tr>
            <tr>
              <th scope="row">Rows ({number(rows.total)} read)</th>
              <td className="admin-num">{number(rows.created)}</td>
              <td className="admin-num">{number(rows.updated)}</td>
              <td className="admin-num">{number(rows.unchanged)}</td>
              <td className="admin-num">{number(rows.rejected)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      {report.created_tags.length > 0 && (
        <p className="admin-page__lead">
          {report.dry_run ? "Tags the import would create" : "Tags created"}: {report.created_tags.join(", ")}
          .
        </p>
      )}
      <Created report={report} />
      {report.notes.length > 0 && (
        <RowTable
          className="admin-import-notes"
          caption="How rows not in the shop's own columns were read"
          heading="Note"
          entries={report.notes.slice(0, REJECTIONS_SHOWN).map((entry) => ({ ...entry, text: entry.note }))}
        />
      )}
      {shown.length > 0 && (
        <RowTable
          className="admin-import-rejections"
          caption={`Rejected rows: nothing of these products was saved. Fix the rows and import the file again.${
            report.rejections.length > shown.length
              ? ` The first ${number(shown.length)} of ${number(report.rejections.length)} are listed.`
              : ""
          }`}
          heading="Reason"
          entries={shown.map((entry) => ({ ...entry, text: entry.reason }))}
        />
      )}
    </div>
  );
}

/** A job under way: its progress bar, kept up to date, and Cancel; once ended, its report. */
function JobStatus({ job }: { job: Job }) {
  const revalidator = useRevalidator();
  const underWay = jobUnderWay(job.status);
  const { revalidate, state } = revalidator;
  const idle = state === "idle";
  useEffect(() => {
    if (!underWay || !idle) return;
    // Asked again a moment after each answer is shown (never two at once).
    const timer = window.setTimeout(() => {
      void revalidate();
    }, POLL_SECONDS * 1000);
    return () => window.clearTimeout(timer);
  }, [underWay, idle, revalidate]);
  const what = job.dry_run ? "Checking" : "Importing";
  if (underWay) {
    return (
      <div className="admin-card admin-import-job" data-testid="import-job">
        <noscript>
          <meta httpEquiv="refresh" content={String(POLL_SECONDS * 2)} />
        </noscript>
        <p role="status" id="import-progress-label">
          {job.total === 0
            ? `${what} ${job.file_name ?? "the file"}: reading it…`
            : `${what} ${job.file_name ?? "the file"}: ${number(job.done)} of ${number(job.total)} products…`}
          {job.cancel_requested && " Stopping after the batch under way…"}
        </p>
        <progress
          className="admin-import-progress"
          aria-labelledby="import-progress-label"
          max={job.total || undefined}
          value={job.total ? job.done : undefined}
        />
        {!job.cancel_requested && (
          <Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="job" value={job.id} />
            <button type="submit" className="button button--outline button--small">
              Cancel import
            </button>
          </Form>
        )}
        <p className="field__hint">
          You may leave this page: the import goes on, and this page shows its report when it is done.
        </p>
      </div>
    );
  }
  if (job.status === "failed") {
    return (
      <div className="admin-card admin-import-report">
        <FormAlert kind="error" title={job.error ?? "The import failed. Please import the file again."} />
      </div>
    );
  }
  return (
    <>
      {job.status === "cancelled" && !job.report && (
        <div className="admin-card admin-import-report">
          <FormAlert kind="error" title="The import was cancelled before it started: nothing was saved." />
        </div>
      )}
      {job.report && <Report report={job.report} />}
    </>
  );
}

export default function AdminProductsImport({ actionData, loaderData }: Route.ComponentProps) {
  const busy = useSubmitting();
  const upload = useCsvUpload(
    CATALOG_CSV_MAX_BYTES,
    CATALOG_CSV_MESSAGES.tooLarge,
    actionData?.ok === false ? actionData.message : null,
  );
  return (
    <section className="admin-page" aria-labelledby="admin-import-title">
      <div className="admin-page__head">
        <h1 className="admin-page__title" id="admin-import-title">
          Import products
        </h1>
        <div className="admin-page__actions">
          <a className="button button--outline button--small" href={CATALOGUE_CSV_URL} download>
            Export CSV
          </a>
          <Link to="/admin/products" className="button button--outline button--small">
            All products
          </Link>
        </div>
      </div>
      <p className="admin-page__lead">
        A CSV file with one row per variant, in the columns of Export CSV: products are found by their Handle
        and variants by colour and size, so importing the same file again changes nothing. Every product of
        the file is saved or refused as a whole, with the reason for each refused row. At most{" "}
        {CATALOG_CSV_MAX_BYTES / 1024 / 1024} MB and {number(CATALOG_CSV_MAX_ROWS)} rows.
      </p>

      <Form
        method="post"
        encType="multipart/form-data"
        className="admin-card admin-import-form"
        onSubmit={upload.checkSize}
        aria-label="Import a CSV file"
      >
        <CsvFileField id="import-file" label="CSV file" error={upload.error} onChange={upload.clear} />
        <label className="checkbox">
          <input type="checkbox" name="dry_run" defaultChecked={false} /> Check only: report what would
          change, save nothing
        </label>
        <label className="checkbox">
          <input type="checkbox" name="strict" defaultChecked={false} /> Only use the colours, sizes and
          categories the shop has
        </label>
        <div>
          <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
            {busy ? "Importing…" : "Import"}
          </button>
        </div>
        {busy && (
          <p className="field__hint" role="status">
            Importing… a large file takes a while; the report shows here when it is done.
          </p>
        )}
      </Form>

      {loaderData.missing && (
        <FormAlert
          kind="error"
          title="That import is no longer there. Import the file again to see its report."
        />
      )}
      {loaderData.job && <JobStatus job={loaderData.job} />}

      <details className="admin-card admin-import-columns">
        <summary>Columns</summary>
        <p>
          {CATALOG_CSV_COLUMNS.join(", ")}. Title, Category and Status go on a product's first row; its other
          rows may leave them blank. Option1 is the colour and Option2 the size, both by the shop's names.
          Prices are in rupees (1499 or 1499.50), the discount a whole percent of the product. Tags, colours,
          sizes and categories the shop does not have yet are created (unless you tick "Only use the colours,
          sizes and categories the shop has"). A Shopify product export imports as it is: its options, Default
          Title, Product Category or Type, and compare-at prices (the discount) are read as the report says. A
          new product is a draft unless its Status says otherwise.
        </p>
      </details>
    </section>
  );
}
