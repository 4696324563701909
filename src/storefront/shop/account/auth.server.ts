import { data, redirect } from "react-router";
import type { LoginFields, RegisterFields } from "../../../shared/contracts/account.ts";
import type { ApiClient } from "../../lib/api.server.ts";
import { safeRedirect } from "../../lib/safe-redirect.ts";
import { failureStatus, firstErrors } from "../../ui/forms/api-errors.ts";
import { ACCOUNT_FALLBACK_MESSAGE, type AuthFailure } from "./account-form-result.ts";

/**
 * Sends the login or register call. On success the token goes into the httpOnly session cookie and the shopper
 * goes to the safe `redirect` target (or the dashboard); on failure the page gets the message and the first
 * error per field, with the status the API gave.
 */
export async function authenticate(
  api: ApiClient,
  attempt: { operation: "login"; body: LoginFields } | { operation: "register"; body: RegisterFields },
  redirectTo: FormDataEntryValue | null,
  keep: string[],
) {
  const body: Record<string, string> = attempt.body;
  const response =
    attempt.operation === "login"
      ? await api.call("login", { body: attempt.body })
      : await api.call("register", { body: attempt.body });
  if (response.ok) {
    api.signIn(response.data.token);
    return redirect(safeRedirect(redirectTo));
  }
  const failure: AuthFailure = {
    message: response.data.message || ACCOUNT_FALLBACK_MESSAGE,
    errors: firstErrors(response.data.errors),
    values: Object.fromEntries(keep.map((field) => [field, body[field] ?? ""])),
  };
  return data(failure, { status: failureStatus(response.status) });
}

/** A shopper who is already signed in has no business on the login or register page. */
export async function redirectIfSignedIn(api: ApiClient, url: URL): Promise<void> {
  if (await api.user()) throw redirect(safeRedirect(url.searchParams.get("redirect")));
}
