import { Form } from "react-router";
import {
  ISSUE_BODY_MAX,
  ISSUE_SUBJECT_MAX,
  type IssueProgress,
  type NewsletterIssue,
} from "../../../shared/contracts/newsletter-issues.ts";
import type { NewsletterIssueStatus } from "../../../shared/inbox.ts";
import { formText } from "../../ui/forms/api-errors.ts";
import { Field, FormAlert } from "../../ui/forms/field.tsx";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { RichTextEditor } from "../rich-text-editor.tsx";

export interface IssueValues {
  subject: string;
  html: string;
  text: string;
}

export const issueValues = (form: FormData): IssueValues => ({
  subject: formText(form, "subject"),
  html: formText(form, "html"),
  text: formText(form, "text"),
});

export const ISSUE_STATUS_NAMES: Record<NewsletterIssueStatus, string> = {
  draft: "Draft",
  sending: "Sending",
  sent: "Sent",
};

export const ISSUE_STATUS_BADGES: Record<NewsletterIssueStatus, string> = {
  draft: "admin-badge",
  sending: "admin-badge admin-badge--info",
  sent: "admin-badge admin-badge--success",
};

/** "120 of 300 sent, 2 failed": the progress or final report in one line. */
export function progressLine({ recipients, sent, failed, skipped, pending }: IssueProgress): string {
  const parts = [`${sent.toLocaleString("en-US")} of ${recipients.toLocaleString("en-US")} sent`];
  if (failed > 0) parts.push(`${failed.toLocaleString("en-US")} failed`);
  if (skipped > 0) parts.push(`${skipped.toLocaleString("en-US")} unsubscribed before their turn`);
  if (pending > 0) parts.push(`${pending.toLocaleString("en-US")} waiting`);
  return parts.join(", ");
}

/** The subject, HTML and text part of an issue, as written or as stored. */
export function IssueFields({
  values,
  errors,
}: {
  values: IssueValues | NewsletterIssue;
  errors: Record<string, string>;
}) {
  return (
    <>
      <Field
        name="subject"
        label="Subject"
        required
        maxLength={ISSUE_SUBJECT_MAX}
        defaultValue={values.subject}
        error={errors.subject}
      />
      <RichTextEditor
        name="html"
        label="Newsletter"
        hint="Paragraphs, headings, bold, italic, lists, links, quotes and rules are kept. Anything else (scripts, styles, images) is removed when the issue is saved."
        headings
        quotes
        rows={12}
        defaultValue={values.html}
        error={errors.html}
        maxLength={ISSUE_BODY_MAX}
      />
      <div className={`field${errors.text ? " field--invalid" : ""}`}>
        <label className="field__label" htmlFor="field-text">
          Text part <span className="field__optional">(optional)</span>
        </label>
        <textarea
          id="field-text"
          name="text"
          className="field__input"
          rows={6}
          maxLength={ISSUE_BODY_MAX}
          defaultValue={values.text}
          aria-describedby="field-text-hint"
        />
        <p className="field__hint" id="field-text-hint">
          For mail programs that show no HTML. Left empty, it is made from the newsletter.
        </p>
        {errors.text && <p className="field__error">{errors.text}</p>}
      </div>
    </>
  );
}

/** A card with the issue's form: a new draft (on the list) or the draft's changes (on its page, `intent` "save"). */
export function IssueForm({
  title,
  values,
  failure,
  intent,
}: {
  title: string;
  values: IssueValues | NewsletterIssue;
  failure: { message: string; errors: Record<string, string>; values: IssueValues } | undefined;
  intent?: string;
}) {
  const submitting = useSubmitting();
  return (
    <section className="admin-card" aria-labelledby="issue-form-title">
      <h2 className="admin-card__title" id="issue-form-title">
        {title}
      </h2>
      {failure && (
        <FormAlert kind="error" title="Not saved">
          {failure.message}
        </FormAlert>
      )}
      <Form method="post" className="form-stack">
        {intent && <input type="hidden" name="intent" value={intent} />}
        <IssueFields values={failure?.values ?? values} errors={failure?.errors ?? {}} />
        <div>
          <button type="submit" className="button" disabled={submitting}>
            {submitting ? "Saving..." : "Save draft"}
          </button>
        </div>
      </Form>
    </section>
  );
}
