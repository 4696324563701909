import { data, Form, Link, redirect } from "react-router";
import { CONTENT_PAGES, isPageSlug, PAGE_LIMITS } from "../../../shared/contracts/shop-details.ts";
import { apiContext } from "../../lib/api.server.ts";
import pageStyles from "../../styles/pages.css?url";
import { failureStatus, firstErrors, formFields } from "../../ui/forms/api-errors.ts";
import { Field, FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { reloadAfterSubmission, submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { RichText } from "../../ui/rich-text.tsx";
import { answerOrThrow } from "../admin-data.server.ts";
import { adminMeta } from "../admin-meta.ts";
import { RichTextEditor } from "../rich-text-editor.tsx";
import type { Route } from "./+types/content-page";

/**
 * One content page to edit (decision 0066): its title, its text as HTML with a preview of what the shop will show
 * (sanitised by the API, nothing saved), and what search engines show. Staff and owners; works without JavaScript.
 */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = ({ params }) =>
  adminMeta(isPageSlug(params.slug) ? CONTENT_PAGES[params.slug].label : "Page not found");

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const page = answerOrThrow(
    await context.get(apiContext).call("adminContentPage", { params: { slug: params.slug } }),
  );
  return { page, saved: url.searchParams.get("done") === "saved" };
}

const FIELDS = ["title", "body_html", "seo_title", "seo_description"] as const;
type Values = Record<(typeof FIELDS)[number], string>;

interface Outcome {
  message: string;
  errors: Record<string, string>;
  values: Values;
  /** The text as the shop would show it, after Preview. */
  preview?: string;
}

const NOT_SAVED = "The page was not saved. Please try again.";

export async function action({ context, params, request }: Route.ActionArgs) {
  const form = await readForm(request);
  const values = formFields(form, FIELDS);
  const api = context.get(apiContext);
  const slug = { slug: params.slug };
  const preview = form.get("intent") === "preview";
  const answer = preview
    ? await api.call("adminPreviewContentPage", { params: slug, body: { body_html: values.body_html } })
    : await api.call("adminUpdateContentPage", { params: slug, body: values });
  if (answer.ok && !preview) return redirect(`/admin/pages/${params.slug}?done=saved`, 303);
  const outcome: Outcome = answer.ok
    ? { message: "", errors: {}, values, preview: answer.data.body_html }
    : {
        message: answer.data.message || NOT_SAVED,
        errors: firstErrors(answer.data.errors),
        values,
      };
  return data(outcome, { status: answer.ok ? 200 : failureStatus(answer.status) });
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    (failure, form): Outcome => ({
      message: submissionMessage(failure, NOT_SAVED),
      errors: {},
      values: formFields(form, FIELDS),
    }),
  );
}

export const shouldRevalidate = reloadAfterSubmission;

export default function AdminContentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, saved } = loaderData;
  const submitting = useSubmitting();
  const shown: Values = actionData?.values ?? page;
  const errors = actionData?.errors ?? {};
  const label = CONTENT_PAGES[page.slug].label;
  // A new key for each answer puts what was sent back in the fields (uncontrolled inputs keep their first value).
  const formKey = JSON.stringify(actionData?.values ?? null);

  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">{label}</h1>
        <Link to="/admin/pages" className="button button--outline button--small">
          All pages
        </Link>
      </div>
      <p className="admin-page__lead">
        Shown on{" "}
        <a href={page.path} target="_blank" rel="noreferrer">
          {page.path}
        </a>
        . {page.updated_at ? "" : "Nobody has saved it yet: it shows the shop's starting text."}
      </p>
      {saved && <FormAlert kind="success">The page is saved; the shop shows it now.</FormAlert>}
      {actionData?.message && (
        <FormAlert kind="error" title="Not saved">
          {actionData.message}
        </FormAlert>
      )}

      <section className="admin-card" aria-labelledby="page-edit-title">
        <h2 className="admin-card__title" id="page-edit-title">
          Text
        </h2>
        <Form method="post" className="form-stack admin-settings-form" key={formKey}>
          <Field
            name="title"
            label="Title"
            required
            maxLength={PAGE_LIMITS.title}
            defaultValue={shown.title}
            error={errors.title}
          />
          <RichTextEditor
            name="body_html"
            label="Text"
            hint="Paragraphs, headings, lists, bold, italic, quotes and links are kept; anything else is removed when you save. Preview shows what the shop will show."
            defaultValue={shown.body_html}
            error={errors.body_html}
            maxLength={PAGE_LIMITS.body}
            headings
            rows={16}
          />
          <Field
            name="seo_title"
            label="Search title"
            optional
            maxLength={PAGE_LIMITS.seoTitle}
            hint="What search engines show as the title; empty uses the page's title."
            defaultValue={shown.seo_title}
            error={errors.seo_title}
          />
          <Field
            name="seo_description"
            label="Search description"
            optional
            maxLength={PAGE_LIMITS.seoDescription}
            hint="The line or two search engines show under the title."
            defaultValue={shown.seo_description}
            error={errors.seo_description}
          />
          <div className="admin-button-row">
            <button
              type="submit"
              name="intent"
              value="preview"
              className="button button--outline"
              disabled={submitting}
            >
              Preview
            </button>
            <button type="submit" name="intent" value="save" className="button" disabled={submitting}>
              Save page
            </button>
          </div>
        </Form>
      </section>

      <section className="admin-card" aria-labelledby="page-preview-title">
        <h2 className="admin-card__title" id="page-preview-title">
          {actionData?.preview === undefined ? "As the shop shows it now" : "Preview (not saved yet)"}
        </h2>
        <h3 className="content-section__title">{shown.title}</h3>
        <RichText html={actionData?.preview ?? page.body_html} />
      </section>
    </div>
  );
}
