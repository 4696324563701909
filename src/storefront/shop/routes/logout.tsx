import { redirect } from "react-router";
import { apiContext } from "../../lib/api.server.ts";
import { CONNECTION_FAILED, SOMETHING_WENT_WRONG, submitOrFail } from "../../ui/forms/submission.ts";
import type { LogoutFailure } from "../../ui/logout-button.tsx";
import type { Route } from "./+types/logout";

/** Revokes the token with the API, drops the session cookie and goes home. */
export async function action({ context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  if (api.signedIn) await api.call("logout");
  api.signOut();
  return redirect("/");
}

/** A logout that gets no answer from the shop leaves the shopper where they were, with a toast. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    ({ noResponse }): LogoutFailure => ({ message: noResponse ? CONNECTION_FAILED : SOMETHING_WENT_WRONG }),
  );
}

/** Logging out is a POST; someone who opens /logout directly is sent home. */
export function loader() {
  return redirect("/");
}
