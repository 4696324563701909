import { Form, Link } from "react-router";
import { apiContext } from "../../lib/api.server.ts";
import { safeRedirect } from "../../lib/safe-redirect.ts";
import pageStyles from "../../styles/pages.css?url";
import { PageBanner } from "../../ui/breadcrumb.tsx";
import { formText } from "../../ui/forms/api-errors.ts";
import { Field } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { shopNameOf } from "../../ui/site.ts";
import { authSubmissionFailed } from "../account/account-form-result.ts";
import { authenticate, redirectIfSignedIn } from "../account/auth.server.ts";
import { AccountBenefits, AuthPanel } from "../account/auth-panel.tsx";
import type { Route } from "./+types/login";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Login | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ context, url }: Route.LoaderArgs) {
  await redirectIfSignedIn(context.get(apiContext), url);
  // Only a page of this site is carried on (to the form and the other auth page's link), in its page form.
  return { redirect: safeRedirect(url.searchParams.get("redirect"), "") };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await readForm(request);
  const code = formText(form, "code").trim();
  const credentials = {
    email: formText(form, "email"),
    password: formText(form, "password"),
    ...(code ? { code } : {}),
  };
  return authenticate(
    context.get(apiContext),
    { operation: "login", body: credentials },
    form.get("redirect"),
    ["email", "code"],
  );
}

/** An attempt that gets no answer from the shop reads 'Login failed' with why, and keeps what was typed. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(request, serverAction, authSubmissionFailed(["email", "code"]));
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  const redirectTo = loaderData.redirect;
  const registerHref = redirectTo
    ? `/user-register?redirect=${encodeURIComponent(redirectTo)}`
    : "/user-register";
  const errors = actionData?.errors ?? {};
  // An account under attack also needs the code mailed to it (the API asks for it; docs/decisions/0041).
  const askCode = Boolean(errors.code || actionData?.values.code);

  return (
    <>
      <PageBanner title="Login" />
      <AuthPanel
        title="Welcome back"
        intro="Log in to check out faster and follow your orders."
        failure={actionData}
        aside={<AccountBenefits />}
      >
        <Form method="post" className="form-stack" aria-busy={submitting}>
          {redirectTo && <input type="hidden" name="redirect" value={redirectTo} />}
          <Field
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            required
            defaultValue={actionData?.values.email}
            error={errors.email}
          />
          <Field
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            error={errors.password}
          />
          {askCode && (
            <Field
              name="code"
              label="Sign-in code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              hint="The 6-digit code we emailed to this account."
              defaultValue={actionData?.values.code}
              error={errors.code}
            />
          )}
          <div className="auth-card__row">
            <label className="checkbox">
              <input type="checkbox" name="remember" />
              <span>Remember me</span>
            </label>
            <Link to="/forgot-password" className="forgot-link">
              Forgot Password?
            </Link>
          </div>
          <button type="submit" className="button button--block" disabled={submitting}>
            {submitting ? "Logging in..." : "Login"}
          </button>
        </Form>
        <p className="auth-card__switch">
          New here? <Link to={registerHref}>Create an account</Link>
        </p>
      </AuthPanel>
    </>
  );
}
