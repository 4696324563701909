import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { PASSWORD_MIN } from "../../../shared/contracts/account.ts";
import { apiContext } from "../../lib/api.server.ts";
import { Field, FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { shopNameOf } from "../../ui/site.ts";
import { type AccountFormResult, accountSubmissionFailed } from "../account/account-form-result.ts";
import { updateAccount } from "../account/account-forms.server.ts";
import type { AccountHandle } from "../account/account-handle.ts";
import { userContext } from "../account/session.server.ts";
import type { Route } from "./+types/my-account";

export const handle: AccountHandle = { accountTitle: "Account details" };

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Account details | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

export function loader({ context }: Route.LoaderArgs) {
  return { user: context.get(userContext) };
}

export async function action({ context, request }: Route.ActionArgs) {
  return updateAccount(context.get(apiContext), await readForm(request));
}

/** A save that gets no answer from the shop shows 'Profile update failed' (or 'Password update failed') and why. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(request, serverAction, accountSubmissionFailed);
}

export default function MyAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { user } = loaderData;
  const profile = actionData?.intent === "profile" ? actionData : undefined;
  const password = actionData?.intent === "password" ? actionData : undefined;
  const savingProfile = useSubmitting("profile");
  const savingPassword = useSubmitting("password");
  const passwordForm = useRef<HTMLFormElement>(null);

  // A changed password is not left sitting in the fields.
  useEffect(() => {
    if (password?.ok) passwordForm.current?.reset();
  }, [password]);

  return (
    <div className="account-stack">
      <section className="account-card" aria-labelledby="profile-title">
        <h2 id="profile-title" className="account-card__title">
          Profile
        </h2>
        <Outcome result={profile} failureTitle="Profile update failed" />
        {/* The key makes the fields show the saved values after the page's data reloads. */}
        <Form
          method="post"
          preventScrollReset
          className="form-stack"
          key={`${user.first_name}|${user.last_name}|${user.email}|${user.phone}`}
        >
          <input type="hidden" name="intent" value="profile" />
          <div className="form-row">
            <Field
              name="first_name"
              label="First Name"
              autoComplete="given-name"
              required
              defaultValue={user.first_name}
              error={profile?.errors.first_name}
            />
            <Field
              name="last_name"
              label="Last Name"
              autoComplete="family-name"
              required
              defaultValue={user.last_name}
              error={profile?.errors.last_name}
            />
          </div>
          <div className="form-row">
            <Field
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              required
              defaultValue={user.email}
              error={profile?.errors.email}
            />
            <Field
              name="phone"
              label="Phone"
              type="tel"
              autoComplete="tel"
              optional
              defaultValue={user.phone ?? ""}
              error={profile?.errors.phone}
            />
          </div>
          <Field
            name="current_password"
            id="profile-current-password"
            label="Your password"
            type="password"
            autoComplete="current-password"
            optional
            hint="Needed only to change your email. We will tell your old address, with a link to undo the change."
            error={profile?.errors.current_password}
          />
          <button type="submit" className="button" disabled={savingProfile}>
            {savingProfile ? "Saving..." : "Save changes"}
          </button>
        </Form>
      </section>
      <section className="account-card" aria-labelledby="password-title">
        <h2 id="password-title" className="account-card__title">
          Change password
        </h2>
        <Outcome result={password} failureTitle="Password update failed" />
        <Form method="post" preventScrollReset className="form-stack" ref={passwordForm}>
          <input type="hidden" name="intent" value="password" />
          <Field
            name="current_password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            error={password?.errors.current_password}
          />
          <div className="form-row">
            <Field
              name="password"
              label="New password"
              type="password"
              autoComplete="new-password"
              required
              hint={`At least ${PASSWORD_MIN} characters.`}
              error={password?.errors.password}
            />
            <Field
              name="password_confirmation"
              label="Confirm new password"
              type="password"
              autoComplete="new-password"
              required
              error={password?.errors.password_confirmation}
            />
          </div>
          <button type="submit" className="button" disabled={savingPassword}>
            {savingPassword ? "Saving..." : "Change password"}
          </button>
        </Form>
      </section>
    </div>
  );
}

function Outcome({ result, failureTitle }: { result: AccountFormResult | undefined; failureTitle: string }) {
  if (!result) return null;
  return result.ok ? (
    <FormAlert kind="success">{result.message}</FormAlert>
  ) : (
    <FormAlert kind="error" title={failureTitle}>
      {result.message}
    </FormAlert>
  );
}
