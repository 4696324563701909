import { Form } from "react-router";
import { POST_BODY_MAX } from "../../../shared/contracts/blog.ts";
import { IMAGE_UPLOAD_ACCEPT } from "../../../shared/product-admin.ts";
import { Field } from "../../ui/forms/field.tsx";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { Choice, fieldProps } from "../form-fields.tsx";
import { RichTextEditor } from "../rich-text-editor.tsx";
import type { PostFormValues } from "./post-values.ts";

const STATUSES = { draft: "Draft (not shown)", published: "Published (shown from its publish time)" };

/** The post form (multipart, for the cover): its fields and the Save button, for a new post and for a change. */
export function PostForm(props: Parameters<typeof PostFields>[0]) {
  const submitting = useSubmitting();
  return (
    <Form method="post" encType="multipart/form-data" className="form-stack admin-settings-form">
      <input type="hidden" name="intent" value="save" />
      <PostFields {...props} />
      <div>
        <button type="submit" className="button" disabled={submitting}>
          Save post
        </button>
      </div>
    </Form>
  );
}

/**
 * A post's fields, for writing one and for changing it: plain inputs that post without JavaScript (the form is
 * multipart for the cover). The publish time is the shop's local time (Pakistan).
 */
export function PostFields({
  values,
  errors,
  cover,
}: {
  values: PostFormValues;
  errors: Record<string, string>;
  /** The post's cover now, when it has one. */
  cover?: string | null;
}) {
  const field = fieldProps("post", values, errors);
  return (
    <div className="form-stack">
      <Field {...field("title")} label="Title" required maxLength={150} />
      <Field
        {...field("slug")}
        label="Address"
        optional
        maxLength={120}
        hint="Shown as /blogs/your-address: lower-case letters, digits and hyphens. Left empty, it is made from the title."
      />
      <Field
        id="post-cover"
        name="cover"
        label="Cover photo"
        type="file"
        accept={IMAGE_UPLOAD_ACCEPT}
        optional
        error={errors.cover}
        hint={
          cover
            ? "Choose one only to replace the cover. JPEG, PNG or WebP, at most 10 MB."
            : "JPEG, PNG or WebP, at most 10 MB, at least 200 px each way; a wide 1600 x 600 cover is cut from it."
        }
      />
      {cover && (
        <div className="admin-post-cover">
          <img src={cover} alt="The post's cover now" width={400} height={150} />
          <label className="checkbox">
            <input type="checkbox" name="remove_cover" /> Remove the cover
          </label>
        </div>
      )}
      <RichTextEditor
        name="body_html"
        label="Body"
        hint="Paragraphs, headings, bold, italic, underline, lists, quotes and links are kept; anything else is removed when you save."
        headings
        quotes
        rows={16}
        defaultValue={values.body_html}
        error={errors.body_html}
        maxLength={POST_BODY_MAX}
      />
      <Field
        {...field("excerpt")}
        label="Excerpt"
        optional
        maxLength={300}
        hint="A line or two for the blog's list. Left empty, the post's first words are shown."
      />
      <div className="form-row">
        <Field
          {...field("category")}
          label="Category"
          optional
          maxLength={60}
          hint="For example Style guide or Bag care."
        />
        <Field
          {...field("tags")}
          label="Tags"
          optional
          maxLength={400}
          hint="Separated by commas, at most 10: leather, care tips."
        />
      </div>
      <Field
        {...field("author")}
        label="Author"
        optional
        maxLength={80}
        hint="Left empty, your name is shown."
      />
      <div className="form-row">
        <Choice
          name="status"
          label="Status"
          options={STATUSES}
          value={values.status}
          error={errors.status}
          idPrefix="post"
        />
        <Field
          {...field("publish_at")}
          label="Publish at (Pakistan time)"
          type="datetime-local"
          optional
          hint="A later time schedules the post; left empty, a published post is shown now."
        />
      </div>
    </div>
  );
}
