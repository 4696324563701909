import { data } from "react-router";

/** What HTML forms send; anything else posted to a page is not a form. */
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * The submitted form of a page's action. A body sent as another content type is refused with 415, and one that
 * cannot be read as a form (a broken multipart body) with 400, so neither reaches the action as an error.
 */
export async function readForm(request: Request): Promise<FormData> {
  if (!FORM_TYPES.test(request.headers.get("content-type") ?? "")) {
    throw data({ message: "This page accepts only form submissions." }, { status: 415 });
  }
  try {
    return await request.formData();
  } catch {
    throw data({ message: "The submitted form could not be read." }, { status: 400 });
  }
}
