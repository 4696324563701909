import { redirect } from "react-router";
import { apiContext } from "../lib/api.server.ts";
import type { Route } from "./+types/logout";

/** Revokes the token with the API, drops the session cookie and goes home. */
export async function action({ context }: Route.ActionArgs) {
  const api = context.get(apiContext);
  if (api.signedIn) await api.call("logout");
  api.signOut();
  return redirect("/");
}

/** Logging out is a POST; someone who opens /logout directly is sent home. */
export function loader() {
  return redirect("/");
}
