import type { ReactNode } from "react";
import { FormAlert } from "../../ui/forms/field.tsx";
import type { AuthFailure } from "./account-form-result.ts";

/** The login and register card: its heading, the refusal (as text) above the form, and the form. */
export function AuthPanel({
  title,
  intro,
  failure,
  children,
  aside,
}: {
  title: string;
  intro: string;
  failure: AuthFailure | undefined;
  children: ReactNode;
  aside: ReactNode;
}) {
  return (
    <div className="container auth-layout">
      <section className="auth-card" aria-labelledby="auth-title">
        <h2 id="auth-title" className="auth-card__title">
          {title}
        </h2>
        <p className="auth-card__intro">{intro}</p>
        {failure && (
          <FormAlert kind="error" title="Login failed">
            {failure.message}
          </FormAlert>
        )}
        {children}
      </section>
      <aside className="auth-aside">{aside}</aside>
    </div>
  );
}

/** Why an account is worth having, beside the login and register forms. */
export function AccountBenefits() {
  return (
    <>
      <h2 className="auth-aside__title">Your account</h2>
      <ul className="auth-aside__list">
        <li>Follow every order from confirmation to your door.</li>
        <li>Check out faster with your details filled in.</li>
        <li>Your cart is kept when you sign in on another device.</li>
      </ul>
    </>
  );
}
