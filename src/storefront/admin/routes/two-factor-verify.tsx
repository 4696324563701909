import { data, Form, redirect } from "react-router";
import { apiContext } from "../../lib/api.server.ts";
import pageStyles from "../../styles/pages.css?url";
import shopStyles from "../../styles/shop.css?url";
import { failureStatus, firstErrors, formText } from "../../ui/forms/api-errors.ts";
import { Field, FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import type { LayoutHandle } from "../../ui/site.ts";
import { adminMeta } from "../admin-meta.ts";
import { twoFactorSetupHref } from "../admin-session.server.ts";
import adminStyles from "../styles/admin.css?url";
import twoFactorStyles from "../styles/two-factor.css?url";
import { TwoFactorFrame } from "../two-factor/two-factor-frame.tsx";
import { afterTwoFactor, requireTwoFactorStatus } from "../two-factor/two-factor-session.server.ts";
import type { Route } from "./+types/two-factor-verify";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: shopStyles },
  { rel: "stylesheet", href: pageStyles },
  { rel: "stylesheet", href: adminStyles },
  { rel: "stylesheet", href: twoFactorStyles },
];

export const handle: LayoutHandle = { showHeader: false, showFooter: false };

export const meta: Route.MetaFunction = () => adminMeta("Enter your code");

export const headers: Route.HeadersFunction = () => ({ "X-Robots-Tag": "noindex, nofollow" });

interface VerifyFailure {
  message: string;
  errors: Record<string, string>;
}

/** Only a session that owes its code stays here; any other goes where it was going (or to the set-up). */
export async function loader({ context, url }: Route.LoaderArgs) {
  const status = await requireTwoFactorStatus(context.get(apiContext), url);
  const target = afterTwoFactor(url.searchParams.get("redirect"));
  if (status.session === "setup_needed") throw redirect(twoFactorSetupHref(target));
  if (status.session === "complete") throw redirect(target);
  return { redirect: url.searchParams.get("redirect") ? target : "" };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await readForm(request);
  const answer = await context
    .get(apiContext)
    .call("adminTwoFactorVerify", { body: { code: formText(form, "code") } });
  if (answer.ok) return redirect(afterTwoFactor(form.get("redirect")));
  return data<VerifyFailure>(
    { message: answer.data.message, errors: firstErrors(answer.data.errors) },
    { status: failureStatus(answer.status) },
  );
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    (failure): VerifyFailure => ({
      message: submissionMessage(failure, "The code could not be checked. Please try again."),
      errors: {},
    }),
  );
}

/** The second step of signing in to the back office: the authenticator app's code, or a recovery code. */
export default function TwoFactorVerify({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  const fieldError = actionData?.errors.code;
  return (
    <TwoFactorFrame
      title="Enter your code"
      lead="Your account uses two-factor sign-in. Open your authenticator app and enter the 6-digit code it shows for this shop."
    >
      <section className="admin-card" aria-labelledby="verify-title">
        <h2 id="verify-title" className="admin-card__title">
          Authentication code
        </h2>
        <Form method="post" className="form-stack" aria-busy={submitting}>
          {actionData && !fieldError && <FormAlert kind="error">{actionData.message}</FormAlert>}
          {loaderData.redirect && <input type="hidden" name="redirect" value={loaderData.redirect} />}
          <Field
            name="code"
            label="6-digit code or recovery code"
            className="two-factor__code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={40}
            autoFocus
            hint="Lost your phone? Enter one of the recovery codes you saved when you set this up; each works once."
            error={fieldError}
          />
          <button type="submit" className="button" disabled={submitting}>
            {submitting ? "Checking..." : "Verify and continue"}
          </button>
        </Form>
      </section>
    </TwoFactorFrame>
  );
}
