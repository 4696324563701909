import { data, Form, redirect } from "react-router";
import { PASSWORD_MIN } from "../../../shared/contracts/account.ts";
import { STAFF_INVITATION_MESSAGES } from "../../../shared/contracts/admin.ts";
import { apiContext } from "../../lib/api.server.ts";
import pageStyles from "../../styles/pages.css?url";
import { PageBanner } from "../../ui/breadcrumb.tsx";
import { formatDateTime } from "../../ui/format.ts";
import { failureStatus, firstErrors, formFields } from "../../ui/forms/api-errors.ts";
import { Field, FormAlert } from "../../ui/forms/field.tsx";
import { submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { SHOP_NAME } from "../../ui/site.ts";
import type { Route } from "./+types/staff-invitation";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `Join the shop's staff | ${SHOP_NAME}` },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: Route.HeadersFunction = () => ({ "X-Robots-Tag": "noindex, nofollow" });

const FIELDS = ["token", "first_name", "last_name", "password", "password_confirmation"] as const;

const ROLE_WORDS = { staff: "a member of staff", owner: "an owner" } as const;

/**
 * The invitation email's link: `/staff-invitation?token=...`, for someone signed out (docs/decisions/0040). The
 * API says what the link is for, or why it cannot be used; the token itself is judged again when the form is sent.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  if (!token) return { token, invitation: null, refused: STAFF_INVITATION_MESSAGES.invalid };
  const answer = await context.get(apiContext).call("staffInvitation", { body: { token } });
  if (answer.ok) return { token, invitation: answer.data, refused: null };
  if (answer.status >= 500) throw data({ message: answer.data.message }, { status: answer.status });
  return data(
    { token, invitation: null, refused: answer.data.message },
    { status: failureStatus(answer.status) },
  );
}

interface AcceptFailure {
  message: string;
  errors: Record<string, string>;
  /** The link itself was refused (unknown, used, withdrawn or expired): only a new invitation helps. */
  linkRefused: boolean;
}

/** Success signs the invitee in (every other session of the account is signed out by the API) and opens /admin. */
export async function action({ context, request }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const body = formFields(await request.formData(), FIELDS);
  const answer = await api.call("acceptStaffInvitation", { body });
  if (answer.ok) {
    api.signIn(answer.data.token);
    return redirect("/admin");
  }
  const errors = firstErrors(answer.data.errors);
  const failure: AcceptFailure = {
    message: answer.data.message || "Something went wrong. Please try again.",
    errors,
    linkRefused: "token" in errors,
  };
  return data(failure, { status: failureStatus(answer.status) });
}

/** A password that gets no answer from the shop keeps the page (and the link), and says why. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    (failure): AcceptFailure => ({
      message: submissionMessage(failure, "Something went wrong. Please try again."),
      errors: {},
      linkRefused: false,
    }),
  );
}

export default function StaffInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  const { invitation } = loaderData;
  const errors = actionData?.errors ?? {};
  const refused = actionData?.linkRefused ? actionData.message : loaderData.refused;
  return (
    <>
      <PageBanner title="Join the shop's staff" />
      <div className="container form-page form-page--narrow">
        <section className="auth-card" aria-labelledby="invitation-title">
          <h2 id="invitation-title" className="auth-card__title">
            {invitation ? "Choose your password" : "This invitation cannot be used"}
          </h2>
          {refused && (
            <FormAlert kind="error" title="Invitation not accepted">
              {refused}
            </FormAlert>
          )}
          {invitation && !refused && (
            <>
              <p className="auth-card__intro">
                You are invited to run the shop as {ROLE_WORDS[invitation.role]}, as{" "}
                <strong>{invitation.email}</strong>.{" "}
                {invitation.has_account
                  ? "This address already has an account: the password you choose here becomes its password, and it is signed out everywhere else."
                  : "Choose your name and a password for your new account."}{" "}
                The link works until {formatDateTime(invitation.expires_at)}.
              </p>
              {actionData && !actionData.linkRefused && (
                <FormAlert kind="error" title="Invitation not accepted">
                  {actionData.message}
                </FormAlert>
              )}
              <Form method="post" className="form-stack" aria-busy={submitting}>
                <input type="hidden" name="token" value={loaderData.token} />
                {!invitation.has_account && (
                  <div className="form-row">
                    <Field
                      name="first_name"
                      label="First name"
                      autoComplete="given-name"
                      required
                      error={errors.first_name}
                    />
                    <Field
                      name="last_name"
                      label="Last name"
                      autoComplete="family-name"
                      required
                      error={errors.last_name}
                    />
                  </div>
                )}
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
                  {submitting ? "Saving..." : "Set password and join"}
                </button>
              </Form>
            </>
          )}
        </section>
      </div>
    </>
  );
}
