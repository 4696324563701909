import { data, Form, Link, redirect } from "react-router";
import { PASSWORD_MIN, PASSWORD_RESET_MESSAGES } from "../../../shared/contracts/account.ts";
import { apiContext } from "../../lib/api.server.ts";
import pageStyles from "../../styles/pages.css?url";
import { PageBanner } from "../../ui/breadcrumb.tsx";
import { failureStatus, firstErrors, formFields } from "../../ui/forms/api-errors.ts";
import { Field, FormAlert } from "../../ui/forms/field.tsx";
import { submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { shopNameOf } from "../../ui/site.ts";
import type { Route } from "./+types/reset-password";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Choose a new password | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

const FIELDS = ["token", "password", "password_confirmation"] as const;

/** The link from the email: `/reset-password?token=...`. The API judges the token when the form is sent. */
export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get("token") ?? "" };
}

interface ResetFailure {
  message: string;
  errors: Record<string, string>;
  /** The link itself was refused (unknown, used or expired): the shopper needs a new one. */
  linkRefused: boolean;
}

/** Success signs the shopper in (every other session is signed out by the API) and opens the dashboard. */
export async function action({ context, request }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const body = formFields(await request.formData(), FIELDS);
  const response = await api.call("resetPassword", { body });
  if (response.ok) {
    api.signIn(response.data.token);
    return redirect("/user-dashboard");
  }
  const errors = firstErrors(response.data.errors);
  const failure: ResetFailure = {
    message: response.data.message || "Something went wrong. Please try again.",
    errors,
    linkRefused: "token" in errors,
  };
  return data(failure, { status: failureStatus(response.status) });
}

/** A new password that gets no answer from the shop keeps the page (and the link), and says why. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    (failure): ResetFailure => ({
      message: submissionMessage(failure, "Something went wrong. Please try again."),
      errors: {},
      linkRefused: false,
    }),
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  const errors = actionData?.errors ?? {};
  return (
    <>
      <PageBanner title="Choose a new password" />
      <div className="container form-page form-page--narrow">
        <section className="auth-card" aria-labelledby="reset-title">
          <h2 id="reset-title" className="auth-card__title">
            Set your new password
          </h2>
          <p className="auth-card__intro">
            Once it is set you are signed in here, and signed out on every other device.
          </p>
          {!loaderData.token && !actionData && (
            <FormAlert kind="error" title="Password reset failed">
              {PASSWORD_RESET_MESSAGES.invalid} <Link to="/forgot-password">Ask for a new link</Link>
            </FormAlert>
          )}
          {actionData && (
            <FormAlert kind="error" title="Password reset failed">
              {actionData.message}{" "}
              {actionData.linkRefused && <Link to="/forgot-password">Ask for a new link</Link>}
            </FormAlert>
          )}
          <Form method="post" className="form-stack" aria-busy={submitting}>
            <input type="hidden" name="token" value={loaderData.token} />
            <Field
              name="password"
              label="New password"
              type="password"
              autoComplete="new-password"
              required
              hint={`At least ${PASSWORD_MIN} characters.`}
              error={errors.password}
            />
            <Field
              name="password_confirmation"
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              required
              error={errors.password_confirmation}
            />
            <button type="submit" className="button button--block" disabled={submitting}>
              {submitting ? "Saving..." : "Set new password"}
            </button>
          </Form>
          <p className="auth-card__switch">
            Link not working? <Link to="/forgot-password">Ask for a new one</Link>
          </p>
        </section>
      </div>
    </>
  );
}
