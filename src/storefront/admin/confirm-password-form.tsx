import type { ReactNode } from "react";
import { Form } from "react-router";
import { Field, FormAlert } from "../ui/forms/field.tsx";
import { useSubmitting } from "../ui/forms/use-submitting.ts";

/** What a sensitive action's form shows after a submission: a confirmation, or why it was refused. */
export interface SensitiveActionResult {
  intent: string;
  ok: boolean;
  message: string;
  errors: Record<string, string>;
}

/**
 * A sensitive back-office action (disabling an account, changing staff): the person's own password asked again
 * beside the button. A plain form POST with an `intent`, so it works before JavaScript has loaded.
 */
export function ConfirmPasswordForm({
  intent,
  legend,
  button,
  busy,
  danger = false,
  result,
  children,
}: {
  intent: string;
  legend: string;
  button: string;
  busy: string;
  danger?: boolean;
  result: SensitiveActionResult | undefined;
  children?: ReactNode;
}) {
  const submitting = useSubmitting(intent);
  const mine = result?.intent === intent ? result : undefined;
  return (
    <Form method="post" className="admin-confirm" preventScrollReset>
      <fieldset className="admin-confirm__fieldset">
        <legend className="admin-confirm__legend">{legend}</legend>
        {mine && !mine.ok && <FormAlert kind="error">{mine.message}</FormAlert>}
        <input type="hidden" name="intent" value={intent} />
        {children}
        <Field
          name="current_password"
          id={`${intent}-password`}
          label="Your password"
          type="password"
          autoComplete="current-password"
          required
          hint="Asked again for this change."
          error={mine?.errors.current_password}
        />
        <button type="submit" className={`button${danger ? " button--danger" : ""}`} disabled={submitting}>
          {submitting ? busy : button}
        </button>
      </fieldset>
    </Form>
  );
}
