import { data, Form, Link } from "react-router";
import { EMAIL_CHANGE_MESSAGES } from "../../../shared/contracts/account.ts";
import { apiContext } from "../../lib/api.server.ts";
import pageStyles from "../../styles/pages.css?url";
import { PageBanner } from "../../ui/breadcrumb.tsx";
import { failureStatus, firstErrors, formFields } from "../../ui/forms/api-errors.ts";
import { FormAlert } from "../../ui/forms/field.tsx";
import { submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { shopNameOf } from "../../ui/site.ts";
import type { Route } from "./+types/undo-email-change";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Undo an email change | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

/**
 * The link mailed to the old address when an account's login email changes: `/account/undo-email-change?token=…`.
 * Opening it changes nothing (mail scanners open links); the button does.
 */
export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get("token") ?? "" };
}

interface UndoResult {
  ok: boolean;
  message: string;
}

export async function action({ context, request }: Route.ActionArgs) {
  const response = await context
    .get(apiContext)
    .call("undoEmailChange", { body: formFields(await request.formData(), ["token"]) });
  if (response.ok) return { ok: true, message: response.data.message } satisfies UndoResult;
  const errors = firstErrors(response.data.errors);
  const result: UndoResult = {
    ok: false,
    message: errors.token ?? response.data.message ?? EMAIL_CHANGE_MESSAGES.invalid,
  };
  return data(result, { status: failureStatus(response.status) });
}

/** A press that gets no answer from the shop keeps the page (and the link), and says why. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    (failure): UndoResult => ({
      ok: false,
      message: submissionMessage(failure, "Something went wrong. Please try again."),
    }),
  );
}

export default function UndoEmailChange({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  return (
    <>
      <PageBanner title="Undo an email change" />
      <div className="container form-page form-page--narrow">
        <section className="auth-card" aria-labelledby="undo-title">
          <h2 id="undo-title" className="auth-card__title">
            Put your old email back
          </h2>
          {actionData?.ok ? (
            <>
              <FormAlert kind="success">{actionData.message}</FormAlert>
              <p className="auth-card__switch">
                <Link to="/forgot-password">Choose a new password</Link> ·{" "}
                <Link to="/user-login">Log in</Link>
              </p>
            </>
          ) : (
            <>
              <p className="auth-card__intro">
                If you did not change the email of your account, put the old one back: every session of the
                account is signed out, so whoever changed it loses access.
              </p>
              {!loaderData.token && !actionData && (
                <FormAlert kind="error" title="Undo failed">
                  {EMAIL_CHANGE_MESSAGES.invalid}
                </FormAlert>
              )}
              {actionData && (
                <FormAlert kind="error" title="Undo failed">
                  {actionData.message} <Link to="/contact">Contact us</Link>
                </FormAlert>
              )}
              <Form method="post" className="form-stack" aria-busy={submitting}>
                <input type="hidden" name="token" value={loaderData.token} />
                <button
                  type="submit"
                  className="button button--block"
                  disabled={submitting || !loaderData.token}
                >
                  {submitting ? "Putting it back..." : "Put my old email back"}
                </button>
              </Form>
            </>
          )}
        </section>
      </div>
    </>
  );
}
