import { createContext, type MiddlewareFunction, redirect } from "react-router";
import type { User } from "../../../shared/contracts/account.ts";
import { apiContext } from "../../lib/api.server.ts";
import { loginHref, pagePath } from "../../lib/safe-redirect.ts";

/** The signed-in shopper, set by `requireUser` for the account pages' loaders and actions. */
export const userContext = createContext<User>();

/**
 * Route middleware for pages that need a signed-in shopper (the spec's login guard). A guest goes to
 * /user-login?redirect=<this page>; so does a shopper whose session the API refuses (401) at any call of the page.
 * The target is the page's own address (`url`, which React Router gives without its data-request details), not
 * the request's: after a client-side click the request is `/my-account.data?_routes=…`.
 */
export const requireUser: MiddlewareFunction<Response> = async ({ context, url }, next) => {
  const api = context.get(apiContext);
  const toLogin = () => redirect(loginHref(pagePath(url)));
  api.onSignedOut(() => {
    throw toLogin();
  });
  const user = await api.user();
  // No user and the session still held: the API could not answer, which is not the shopper's doing.
  if (!user)
    throw api.signedIn ? new Response("The account service is unavailable.", { status: 503 }) : toLogin();
  context.set(userContext, user);
  return next();
};
