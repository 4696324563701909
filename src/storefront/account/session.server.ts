import { createContext, type MiddlewareFunction, redirect } from "react-router";
import type { User } from "../../shared/contracts/account.ts";
import { apiContext } from "../lib/api.server.ts";
import { loginHref } from "./safe-redirect.ts";

/** The signed-in shopper, set by `requireUser` for the account pages' loaders and actions. */
export const userContext = createContext<User>();

function currentPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/**
 * Route middleware for pages that need a signed-in shopper (the spec's login guard). A guest goes to
 * /user-login?redirect=<this page>; so does a shopper whose session the API refuses (401) at any call of the page.
 */
export const requireUser: MiddlewareFunction<Response> = async ({ context, request }, next) => {
  const api = context.get(apiContext);
  const toLogin = () => redirect(loginHref(currentPath(request)));
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
