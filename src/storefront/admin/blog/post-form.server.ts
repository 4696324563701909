import { data, redirect } from "react-router";
import type { ApiClient } from "../../lib/api.server.ts";
import { failureStatus, firstErrors } from "../../ui/forms/api-errors.ts";
import { type PostFailure, postBody, postFormValues } from "./post-values.ts";

/**
 * Saves the post form: a new post (no `id`) or a change to one, sent to the API as multipart with the cover.
 * Done, the post's page opens (303); refused, the form comes back with what was typed and each field's error.
 */
export async function savePost(api: ApiClient, form: FormData, id?: string) {
  const body = postBody(form);
  const answer = id
    ? await api.call("adminUpdatePost", { params: { id }, body })
    : await api.call("adminCreatePost", { body });
  if (answer.ok) return redirect(`/admin/posts/${answer.data.id}?done=${id ? "saved" : "created"}`, 303);
  const failure: PostFailure = {
    intent: "save",
    message: answer.data.message || "The post was not saved. Please try again.",
    errors: firstErrors(answer.data.errors),
    values: postFormValues(form),
  };
  return data(failure, { status: failureStatus(answer.status) });
}
