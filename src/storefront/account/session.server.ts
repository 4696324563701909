import { createContext, type MiddlewareFunction, redirect } from "react-router";
import type { User } from "../../shared/contracts/account.ts";
import { type ApiClient, apiContext } from "../lib/api.server.ts";
import { signOutCookie } from "../lib/session.server.ts";
import { loginHref } from "./safe-redirect.ts";

/** The signed-in shopper, set by `requireUser` for the account pages' loaders and actions. */
export const userContext = createContext<User>();

function currentPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/**
 * The answer to an API 401: the token is gone or revoked, so the session cookie is dropped and the shopper is
 * sent to log in, coming back to this page afterwards.
 */
export function signedOut(api: ApiClient, request: Request): Response {
  api.setCookie(signOutCookie(request));
  return redirect(loginHref(currentPath(request)));
}

/**
 * Route middleware for pages that need a signed-in shopper (the spec's login guard). A guest goes to
 * /user-login?redirect=<this page>; a token the API refuses is cleared the same way.
 */
export const requireUser: MiddlewareFunction<Response> = async ({ context, request }, next) => {
  const api = context.get(apiContext);
  if (!api.token) throw redirect(loginHref(currentPath(request)));
  const user = await api.get<User>("/user");
  if (user.status === 401) throw signedOut(api, request);
  if (!user.ok) throw new Response("The account service is unavailable.", { status: 503 });
  context.set(userContext, user.data);
  return next();
};
