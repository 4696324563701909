import { formText } from "../../ui/forms/api-errors.ts";
import { type SubmissionFailure, submissionMessage } from "../../ui/forms/submission.ts";

/** What a refusal without a message of its own says on the login, register and account pages. */
export const ACCOUNT_FALLBACK_MESSAGE = "Something went wrong. Please try again.";

/** What the login and register pages show after a refused attempt. */
export interface AuthFailure {
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
}

/** The outcome of the account details page's profile or password form. */
export interface AccountFormResult {
  intent: "profile" | "password";
  ok: boolean;
  message: string;
  errors: Record<string, string>;
}

function failureMessage(failure: SubmissionFailure): string {
  return submissionMessage(failure, ACCOUNT_FALLBACK_MESSAGE);
}

/** A login or register attempt that got no answer from the shop: the message, and the typed values to keep. */
export function authSubmissionFailed(keep: readonly string[]) {
  return (failure: SubmissionFailure, form: FormData): AuthFailure => ({
    message: failureMessage(failure),
    errors: {},
    values: Object.fromEntries(keep.map((field) => [field, formText(form, field)])),
  });
}

/** A profile or password change that got no answer from the shop. */
export function accountSubmissionFailed(failure: SubmissionFailure, form: FormData): AccountFormResult {
  return {
    intent: formText(form, "intent") === "password" ? "password" : "profile",
    ok: false,
    message: failureMessage(failure),
    errors: {},
  };
}
