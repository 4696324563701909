import { data, Form, Link, redirect } from "react-router";
import { apiContext } from "../../lib/api.server.ts";
import { formatDateTime } from "../../ui/format.ts";
import { failureStatus, formText } from "../../ui/forms/api-errors.ts";
import { FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { reloadAfterSubmission } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { ChevronLeftIcon } from "../../ui/icons.tsx";
import { answerOrThrow } from "../admin-data.server.ts";
import { adminMeta } from "../admin-meta.ts";
import { loadAuditTrail } from "../audit-trail.server.ts";
import { AuditTrail } from "../audit-trail.tsx";
import { postClientAction } from "../blog/post-client-action.ts";
import { PostForm } from "../blog/post-fields.tsx";
import { savePost } from "../blog/post-form.server.ts";
import {
  POST_STATE_BADGES,
  POST_STATE_NAMES,
  type PostFailure,
  postFormValues,
  postFormValuesOf,
} from "../blog/post-values.ts";
import type { Route } from "./+types/post";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Post ${loaderData.post.title}` : "Post");

const DONE = {
  created: "The post is saved.",
  saved: "The post is saved.",
} as const;

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const post = answerOrThrow(await api.call("adminGetPost", { params: { id: params.id } }));
  const trail = await loadAuditTrail(api, "post", post.id);
  const done = url.searchParams.get("done");
  return {
    post,
    trail,
    confirmDelete: url.searchParams.get("confirm") === "delete",
    done: done && done in DONE ? DONE[done as keyof typeof DONE] : null,
  };
}

/** Saves the whole form, or deletes the post once the delete is confirmed. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const form = await readForm(request);
  if (formText(form, "intent") !== "delete") return savePost(api, form, params.id);
  const answer = await api.call("adminDeletePost", { params: { id: params.id } });
  if (answer.ok) return redirect("/admin/posts?done=deleted", 303);
  const failure: PostFailure = {
    intent: "delete",
    message: answer.data.message || "The post was not deleted. Please try again.",
    errors: {},
    values: postFormValues(form),
  };
  return data(failure, { status: failureStatus(answer.status) });
}

export const clientAction = (args: Route.ClientActionArgs) => postClientAction(args);

export const shouldRevalidate = reloadAfterSubmission;

export default function AdminPost({ loaderData, actionData }: Route.ComponentProps) {
  const { post, trail, confirmDelete, done } = loaderData;
  const submitting = useSubmitting();
  const editing = actionData?.intent === "save" ? actionData : undefined;
  return (
    <div className="admin-page">
      <Link to="/admin/posts" className="back-link">
        <ChevronLeftIcon size={16} /> Blog posts
      </Link>
      <div className="admin-page__head">
        <h1 className="admin-page__title">{post.title}</h1>
        {!confirmDelete && (
          <Link to="?confirm=delete" className="button button--small button--outline">
            Delete post
          </Link>
        )}
      </div>
      {done && <FormAlert kind="success">{done}</FormAlert>}
      {actionData?.message && (
        <FormAlert kind="error" title="Not saved">
          {actionData.message}
        </FormAlert>
      )}
      {confirmDelete && (
        <section className="admin-card" aria-labelledby="delete-title">
          <h2 className="admin-card__title" id="delete-title">
            Delete this post?
          </h2>
          <p>
            “{post.title}” and its cover are removed for good, and its address stops working. This cannot be
            undone.
          </p>
          <Form method="post" className="form-row">
            <input type="hidden" name="intent" value="delete" />
            <button type="submit" className="button button--danger" disabled={submitting}>
              Delete for good
            </button>
            <Link to="." className="button button--outline">
              Keep it
            </Link>
          </Form>
        </section>
      )}

      <section className="admin-card" aria-labelledby="standing-title">
        <h2 className="admin-card__title" id="standing-title">
          Where it stands
        </h2>
        <dl className="admin-dl">
          <dt>Status</dt>
          <dd>
            <span className={POST_STATE_BADGES[post.state]}>{POST_STATE_NAMES[post.state]}</span>
          </dd>
          <dt>Publish time</dt>
          <dd>{post.publish_at ? formatDateTime(post.publish_at) : "Not set"}</dd>
          <dt>Address</dt>
          <dd>
            {post.state === "published" ? (
              <Link to={`/blogs/${post.slug}`}>/blogs/{post.slug}</Link>
            ) : (
              `/blogs/${post.slug}`
            )}
          </dd>
          <dt>Written by</dt>
          <dd>{post.created_by}</dd>
        </dl>
      </section>

      <section className="admin-card" aria-labelledby="edit-title">
        <h2 className="admin-card__title" id="edit-title">
          Change the post
        </h2>
        <PostForm
          values={editing?.values ?? postFormValuesOf(post)}
          errors={editing?.errors ?? {}}
          cover={post.cover_image}
        />
      </section>

      <AuditTrail trail={trail} title="Audit log" />
    </div>
  );
}
