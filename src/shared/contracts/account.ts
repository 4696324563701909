import { z } from "zod";
import { emailField, optionalText, requiredText } from "./fields.ts";

export const PASSWORD_MIN = 8;
const PASSWORD_MAX = 200;

/** The register, profile and password-reset forms' wording for the one email rule (fields.ts). */
export const ACCOUNT_EMAIL_MESSAGES = {
  required: "The email field is required.",
  invalid: "The email must be a valid email address.",
} as const;

/** Accounts are found by email, so it is kept in lower case. */
const email = emailField(ACCOUNT_EMAIL_MESSAGES, { lowerCase: true });

export const newPassword = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? "The password field is required."
        : "The password must be text.",
  })
  .min(1, "The password field is required.")
  .min(PASSWORD_MIN, `The password must be at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `The password may not be greater than ${PASSWORD_MAX} characters.`);

const name = (label: string) => requiredText(label, `The ${label} field is required.`, 100);

export const registerSchema = z
  .object({
    first_name: name("first name"),
    last_name: name("last name"),
    email,
    password: newPassword,
    password_confirmation: z.string({ error: "The password confirmation field is required." }),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ["password_confirmation"],
    message: "The password confirmation does not match.",
  });

/**
 * What signing in to an account under attack says (docs/decisions/0041-account-protection.md): after many failed
 * sign-ins from anywhere, the account also needs a one-time code mailed to it, whoever asks and whatever password
 * they typed, so the answer tells an attacker nothing.
 */
export const SIGN_IN_CODE_MESSAGES = {
  needed:
    "For your safety, signing in to this account now also needs a code. If the account exists, we have emailed one to it: enter it with your password.",
  wrong: "This code is not right or has expired. Use the newest code we emailed you.",
} as const;

export const loginSchema = z.object({
  email: requiredText("email", "The email field is required.", 255).toLowerCase(),
  password: z
    .string({ error: "The password field is required." })
    .min(1, "The password field is required.")
    .max(PASSWORD_MAX, "These credentials do not match our records."),
  /** The one-time code mailed to an account under attack; not needed otherwise. */
  code: z
    .string({ error: SIGN_IN_CODE_MESSAGES.wrong })
    .trim()
    .max(20, SIGN_IN_CODE_MESSAGES.wrong)
    .optional(),
});

export const updateProfileSchema = z.object({
  first_name: name("first name"),
  last_name: name("last name"),
  email,
  phone: optionalText("phone", 30),
  /** Needed to change the login email (a stolen session must not move the account to another mailbox). */
  current_password: z.string({ error: "The current password must be text." }).max(PASSWORD_MAX).optional(),
});

/** What changing the login email and undoing it answer. */
export const EMAIL_CHANGE_MESSAGES = {
  passwordNeeded: "Enter your current password to change your email.",
  passwordWrong: "The current password is incorrect.",
  undone:
    "Your old email is back, and every session of the account has been signed out. If you did not make the change, someone may know your password: choose a new one.",
  invalid: "This link is not valid.",
  used: "This link has already been used.",
  expired: "This link has expired. Contact us and we will help you get your account back.",
  taken:
    "Your old email now belongs to another account, so it cannot be put back. Contact us and we will help.",
} as const;

export const undoEmailChangeSchema = z.object({
  token: requiredText("token", EMAIL_CHANGE_MESSAGES.invalid, 200),
});

export const updatePasswordSchema = z
  .object({
    current_password: z
      .string({ error: "The current password field is required." })
      .min(1, "The current password field is required.")
      .max(PASSWORD_MAX, "The current password is incorrect."),
    password: newPassword,
    password_confirmation: z.string({ error: "The password confirmation field is required." }),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ["password_confirmation"],
    message: "The password confirmation does not match.",
  });

/** What signing in (or resetting the password of) an account the shop has disabled answers. */
export const ACCOUNT_DISABLED =
  "This account has been disabled. Please contact us if you think this is a mistake.";

/** What the password reset answers (the spec has no such flow). */
export const PASSWORD_RESET_MESSAGES = {
  /** The one answer to "Forgot password?", whether or not an account has the address. */
  sent: "If an account exists for that email, we have sent it a link to reset the password. The link works for one hour.",
  invalid: "This password reset link is not valid. Please ask for a new one.",
  used: "This password reset link has already been used. Please ask for a new one.",
  expired: "This password reset link has expired. Please ask for a new one.",
} as const;

/** "Forgot password?": the address the reset link goes to, if an account has it. */
export const forgotPasswordSchema = z.object({ email });

/** The reset link's token and the new password, under the same rules as registering. */
export const resetPasswordSchema = z
  .object({
    token: requiredText("token", PASSWORD_RESET_MESSAGES.invalid, 200),
    password: newPassword,
    password_confirmation: z.string({ error: "The password confirmation field is required." }),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ["password_confirmation"],
    message: "The password confirmation does not match.",
  });

/** The fields of the login and register forms, as the forms send them. */
export type LoginFields = z.input<typeof loginSchema>;
export type RegisterFields = z.input<typeof registerSchema>;

export type RegisterInput = z.output<typeof registerSchema>;
export type LoginInput = z.output<typeof loginSchema>;
export type UpdateProfileInput = z.output<typeof updateProfileSchema>;
export type UpdatePasswordInput = z.output<typeof updatePasswordSchema>;
export type ForgotPasswordInput = z.output<typeof forgotPasswordSchema>;
export type ResetPasswordInput = z.output<typeof resetPasswordSchema>;
export type ResetPasswordFields = z.input<typeof resetPasswordSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  image: z.string().nullable().describe("A path; the storefront shows a default avatar when null."),
  created_at: z.string(),
});

export const authResultSchema = z.object({
  token: z.string().describe("Send as `Authorization: Bearer <token>`."),
  user: userSchema,
});

export type User = z.output<typeof userSchema>;
export type AuthResult = z.output<typeof authResultSchema>;
