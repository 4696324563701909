import { Form, Link } from "react-router";
import { PASSWORD_MIN } from "../../../shared/contracts/account.ts";
import { apiContext } from "../../lib/api.server.ts";
import { safeRedirect } from "../../lib/safe-redirect.ts";
import pageStyles from "../../styles/pages.css?url";
import { PageBanner } from "../../ui/breadcrumb.tsx";
import { formFields } from "../../ui/forms/api-errors.ts";
import { Field } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { shopNameOf } from "../../ui/site.ts";
import { authSubmissionFailed } from "../account/account-form-result.ts";
import { authenticate, redirectIfSignedIn } from "../account/auth.server.ts";
import { AccountBenefits, AuthPanel } from "../account/auth-panel.tsx";
import type { Route } from "./+types/register";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Register | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

const FIELDS = ["first_name", "last_name", "email", "password", "password_confirmation"] as const;
/** What a refused attempt fills back in (never the passwords). */
const KEPT = ["first_name", "last_name", "email"];

export async function loader({ context, url }: Route.LoaderArgs) {
  await redirectIfSignedIn(context.get(apiContext), url);
  // Only a page of this site is carried on (to the form and the other auth page's link), in its page form.
  return { redirect: safeRedirect(url.searchParams.get("redirect"), "") };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await readForm(request);
  const body = formFields(form, FIELDS);
  return authenticate(context.get(apiContext), { operation: "register", body }, form.get("redirect"), KEPT);
}

/** An attempt that gets no answer from the shop reads 'Login failed' with why, and keeps what was typed. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(request, serverAction, authSubmissionFailed(KEPT));
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  const redirectTo = loaderData.redirect;
  const loginHref = redirectTo ? `/user-login?redirect=${encodeURIComponent(redirectTo)}` : "/user-login";
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};

  return (
    <>
      <PageBanner title="Register" />
      <AuthPanel
        title="Create your account"
        intro="It takes a minute, and your cart comes with you."
        failure={actionData}
        aside={<AccountBenefits />}
      >
        <Form method="post" className="form-stack" aria-busy={submitting}>
          {redirectTo && <input type="hidden" name="redirect" value={redirectTo} />}
          <div className="form-row">
            <Field
              name="first_name"
              label="First Name"
              autoComplete="given-name"
              required
              defaultValue={values.first_name}
              error={errors.first_name}
            />
            <Field
              name="last_name"
              label="Last Name"
              autoComplete="family-name"
              required
              defaultValue={values.last_name}
              error={errors.last_name}
            />
          </div>
          <Field
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            required
            defaultValue={values.email}
            error={errors.email}
          />
          <Field
            name="password"
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            hint={`At least ${PASSWORD_MIN} characters.`}
            error={errors.password}
          />
          <Field
            name="password_confirmation"
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            required
            error={errors.password_confirmation}
          />
          <button type="submit" className="button button--block" disabled={submitting}>
            {submitting ? "Registering..." : "Register"}
          </button>
        </Form>
        <p className="auth-card__switch">
          Already have an account? <Link to={loginHref}>Log in</Link>
        </p>
      </AuthPanel>
    </>
  );
}
