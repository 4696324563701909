import { data, redirect } from "react-router";
import type { TwoFactorStatus } from "../../../shared/contracts/two-factor.ts";
import type { ApiClient } from "../../lib/api.server.ts";
import { loginHref, pagePath, safeRedirect } from "../../lib/safe-redirect.ts";
import type { BackOfficeRefusal } from "../admin-session.server.ts";

/**
 * The guard of the two-factor pages, which sit outside the back-office layout (whose guard sends a session that
 * owes its code here): a guest goes to the login page and comes back; a customer gets the 403 page; staff and
 * owners get their two-factor state, whatever it is.
 */
export async function requireTwoFactorStatus(api: ApiClient, url: URL): Promise<TwoFactorStatus> {
  const toLogin = () => redirect(loginHref(pagePath(url)));
  api.onSignedOut(() => {
    throw toLogin();
  });
  if (!api.signedIn) throw toLogin();
  const answer = await api.call("adminTwoFactorStatus");
  if (answer.ok) return answer.data;
  if (answer.status === 401) throw toLogin();
  if (answer.status === 403) {
    throw data<BackOfficeRefusal>({ title: "Staff only", message: answer.data.message }, { status: 403 });
  }
  throw new Response("The back office is unavailable. Please try again in a moment.", { status: 503 });
}

/** Where the member goes once the second factor is done: the back-office page they asked for, or the dashboard. */
export const afterTwoFactor = (target: FormDataEntryValue | string | null) => safeRedirect(target, "/admin");
