import { data, Form, Link } from "react-router";
import { apiContext } from "../../lib/api.server.ts";
import pageStyles from "../../styles/pages.css?url";
import { PageBanner } from "../../ui/breadcrumb.tsx";
import { failureStatus, firstErrors, formText } from "../../ui/forms/api-errors.ts";
import { Field, FormAlert } from "../../ui/forms/field.tsx";
import { submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { shopNameOf } from "../../ui/site.ts";
import type { Route } from "./+types/forgot-password";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Forgot password | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

interface ForgotResult {
  sent: boolean;
  message: string;
  errors: Record<string, string>;
  email: string;
}

/** The API answers the same whether or not an account has the address, and so does this page. */
export async function action({ context, request }: Route.ActionArgs) {
  const email = formText(await request.formData(), "email");
  const response = await context.get(apiContext).call("requestPasswordReset", { body: { email } });
  const result: ForgotResult = {
    sent: response.ok,
    message: response.data.message || "Something went wrong. Please try again.",
    errors: response.ok ? {} : firstErrors(response.data.errors),
    email,
  };
  return data(result, { status: response.ok ? 200 : failureStatus(response.status) });
}

/** A request that gets no answer from the shop keeps the page and the address, and says why. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    (failure, form): ForgotResult => ({
      sent: false,
      message: submissionMessage(failure, "Something went wrong. Please try again."),
      errors: {},
      email: formText(form, "email"),
    }),
  );
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const submitting = useSubmitting();
  return (
    <>
      <PageBanner title="Forgot password" />
      <div className="container form-page form-page--narrow">
        <section className="auth-card" aria-labelledby="forgot-title">
          <h2 id="forgot-title" className="auth-card__title">
            Reset your password
          </h2>
          <p className="auth-card__intro">
            Enter the email address of your account and we will send you a link to choose a new password.
          </p>
          {actionData && (
            <FormAlert kind={actionData.sent ? "success" : "error"}>{actionData.message}</FormAlert>
          )}
          <Form method="post" className="form-stack" aria-busy={submitting}>
            <Field
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              required
              defaultValue={actionData?.email}
              error={actionData?.errors.email}
            />
            <button type="submit" className="button button--block" disabled={submitting}>
              {submitting ? "Sending..." : "Send reset link"}
            </button>
          </Form>
          <p className="auth-card__switch">
            Remembered it? <Link to="/user-login">Back to login</Link>
          </p>
        </section>
      </div>
    </>
  );
}
