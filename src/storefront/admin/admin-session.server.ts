import { createContext, data, type MiddlewareFunction, redirect } from "react-router";
import type { AdminSession } from "../../shared/contracts/admin.ts";
import { apiContext } from "../lib/api.server.ts";
import { loginHref, pagePath } from "../lib/safe-redirect.ts";

/** The signed-in staff member or owner, set by `requireStaff` for every back-office page's loader and action. */
export const adminSessionContext = createContext<AdminSession>();

/**
 * What a signed-in customer sees instead of a back-office page, with status 403. Thrown by the middleware, it is
 * shown by the root's error page, in the shop's own header and footer.
 */
export interface BackOfficeRefusal {
  title: string;
  message: string;
}

/** The two-factor pages, with where to come back to afterwards (docs/decisions/0039-staff-two-factor.md). */
export const twoFactorVerifyHref = (path: string) =>
  `/admin/two-factor/verify?redirect=${encodeURIComponent(path)}`;
export const twoFactorSetupHref = (path: string) => `/admin/two-factor?redirect=${encodeURIComponent(path)}`;

/**
 * Route middleware of the back-office layout (`/admin/...`), the API's own check asked through the typed client
 * (`GET /api/admin/session`): a guest, or a session the API refuses at any call of the page (expired, idle,
 * disabled), goes to /user-login and comes back afterwards; a customer gets a 403 page; a member whose second
 * factor is due goes to the code page, or to the set-up the owner requires, and comes back afterwards; staff and
 * owners go on.
 */
export const requireStaff: MiddlewareFunction<Response> = async ({ context, url }, next) => {
  const api = context.get(apiContext);
  const toLogin = () => redirect(loginHref(pagePath(url)));
  api.onSignedOut(() => {
    throw toLogin();
  });
  if (!api.signedIn) throw toLogin();
  const session = await api.call("adminSession");
  if (session.ok) {
    context.set(adminSessionContext, session.data);
    return next();
  }
  if (session.status === 401) throw toLogin();
  if (session.status === 403) {
    const twoFactor = await api.call("adminTwoFactorStatus");
    if (twoFactor.ok && twoFactor.data.session === "code_needed")
      throw redirect(twoFactorVerifyHref(pagePath(url)));
    if (twoFactor.ok && twoFactor.data.session === "setup_needed")
      throw redirect(twoFactorSetupHref(pagePath(url)));
    throw data<BackOfficeRefusal>({ title: "Staff only", message: session.data.message }, { status: 403 });
  }
  throw new Response("The back office is unavailable. Please try again in a moment.", { status: 503 });
};
