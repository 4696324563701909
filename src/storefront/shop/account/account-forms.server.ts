import { data } from "react-router";
import type { ApiClient } from "../../lib/api.server.ts";
import { failureStatus, firstErrors, formFields, formText } from "../../ui/forms/api-errors.ts";
import { ACCOUNT_FALLBACK_MESSAGE, type AccountFormResult } from "./account-form-result.ts";

const PROFILE_FIELDS = ["first_name", "last_name", "email", "phone", "current_password"] as const;
const PASSWORD_FIELDS = ["current_password", "password", "password_confirmation"] as const;

/**
 * The account details page's two forms, told apart by `intent`: the profile (POST /update-profile) and the
 * password (POST /password/update). A 401 signs the shopper out (the page's login guard); other refusals come
 * back to the form.
 */
export async function updateAccount(api: ApiClient, form: FormData) {
  const intent = formText(form, "intent") === "password" ? "password" : "profile";
  const response =
    intent === "password"
      ? await api.call("updatePassword", { body: formFields(form, PASSWORD_FIELDS) })
      : await api.call("updateProfile", { body: formFields(form, PROFILE_FIELDS) });
  if (response.ok) {
    const result: AccountFormResult = {
      intent,
      ok: true,
      message: intent === "password" ? "Your password has been changed." : "Your profile has been updated.",
      errors: {},
    };
    return result;
  }
  const result: AccountFormResult = {
    intent,
    ok: false,
    message: response.data.message || ACCOUNT_FALLBACK_MESSAGE,
    errors: firstErrors(response.data.errors),
  };
  return data(result, { status: failureStatus(response.status) });
}
