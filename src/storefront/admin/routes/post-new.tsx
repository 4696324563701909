import { Link } from "react-router";
import { apiContext } from "../../lib/api.server.ts";
import { FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { ChevronLeftIcon } from "../../ui/icons.tsx";
import { adminMeta } from "../admin-meta.ts";
import { postClientAction } from "../blog/post-client-action.ts";
import { PostForm } from "../blog/post-fields.tsx";
import { savePost } from "../blog/post-form.server.ts";
import { EMPTY_POST } from "../blog/post-values.ts";
import type { Route } from "./+types/post-new";

export const meta: Route.MetaFunction = () => adminMeta("Write a post");

export async function action({ context, request }: Route.ActionArgs) {
  return savePost(context.get(apiContext), await readForm(request));
}

export const clientAction = (args: Route.ClientActionArgs) => postClientAction(args);

export default function AdminPostNew({ actionData }: Route.ComponentProps) {
  return (
    <div className="admin-page">
      <Link to="/admin/posts" className="back-link">
        <ChevronLeftIcon size={16} /> Blog posts
      </Link>
      <div className="admin-page__head">
        <h1 className="admin-page__title">Write a post</h1>
      </div>
      {actionData?.message && (
        <FormAlert kind="error" title="Not saved">
          {actionData.message}
        </FormAlert>
      )}
      <section className="admin-card">
        <PostForm values={actionData?.values ?? EMPTY_POST} errors={actionData?.errors ?? {}} />
      </section>
    </div>
  );
}
