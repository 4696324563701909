import { z } from "zod";
import { currentPasswordField } from "./admin.ts";
import { optionalText, requiredText } from "./fields.ts";

/**
 * Two-factor sign-in for the back office (docs/decisions/0039-staff-two-factor.md): an authenticator app's
 * six-digit code (TOTP, RFC 6238) after the password, or one of ten single-use recovery codes.
 */

export const TWO_FACTOR_MESSAGES = {
  codeRequired: "Enter the 6-digit code from your authenticator app.",
  codeOrRecoveryRequired: "Enter the 6-digit code from your authenticator app, or a recovery code.",
  wrongCode: "That code is not right. Check your authenticator app and try again.",
  reusedCode: "That code has already been used. Wait for your app to show the next one.",
  disableNeedsProof:
    "Enter a code from your authenticator app, or your password, to turn two-factor sign-in off.",
} as const;

/** Where a back-office session stands with the second factor. */
export const TWO_FACTOR_SESSION_STATES = ["complete", "code_needed", "setup_needed"] as const;
export type TwoFactorSessionState = (typeof TWO_FACTOR_SESSION_STATES)[number];

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean().describe("Whether two-factor sign-in is on for your account."),
  enabled_at: z.string().nullable(),
  required: z.boolean().describe("Whether the owner requires two-factor sign-in of every staff member."),
  session: z
    .enum(TWO_FACTOR_SESSION_STATES)
    .describe(
      '"complete": this session may use the back office; "code_needed": enter a code (POST /api/admin/two-factor/verify); "setup_needed": the owner requires two-factor sign-in and your account has none yet (POST /api/admin/two-factor/setup).',
    ),
  recovery_codes_left: z
    .number()
    .int()
    .describe("Unused recovery codes (0 while two-factor sign-in is off)."),
});
export type TwoFactorStatus = z.output<typeof twoFactorStatusSchema>;

export const twoFactorSetupSchema = z.object({
  otpauth_uri: z
    .string()
    .describe("The otpauth:// address an authenticator app takes (what the QR code holds)."),
  secret: z
    .string()
    .describe("The key in base32, for typing into an app by hand; shown only until the set-up is confirmed."),
  qr_svg: z.string().describe("The QR code of `otpauth_uri` as an SVG document."),
});
export type TwoFactorSetup = z.output<typeof twoFactorSetupSchema>;

/** A code as typed: spaces and dashes are allowed (apps show "123 456"; recovery codes are "abcde-fghij"). */
const codeField = (required: string) => requiredText("code", required, 40);

export const twoFactorCodeSchema = z.object({ code: codeField(TWO_FACTOR_MESSAGES.codeRequired) });

export const twoFactorVerifySchema = z.object({
  code: codeField(TWO_FACTOR_MESSAGES.codeOrRecoveryRequired).describe(
    "The 6-digit code of the authenticator app, or one of the recovery codes (each works once).",
  ),
});

export const recoveryCodesSchema = z.object({
  recovery_codes: z
    .array(z.string())
    .describe(
      "Ten single-use codes for when the phone is lost. Shown this once: only their hashes are kept.",
    ),
});

/** Turning it off asks for proof: a current code, or the password. */
export const twoFactorDisableSchema = z
  .object({
    code: optionalText("code", 40),
    current_password: z.preprocess(
      (value) => (value === "" ? undefined : value),
      currentPasswordField.optional(),
    ),
  })
  .refine((value) => value.code !== "" || value.current_password !== undefined, {
    message: TWO_FACTOR_MESSAGES.disableNeedsProof,
    path: ["code"],
  });

/** One back-office account's two-factor state, for the owner's staff screen. */
export const staffTwoFactorSchema = z.object({
  user_id: z.number().int(),
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
});

export const twoFactorPolicySchema = z.object({
  required: z.boolean().describe("Whether every staff member and owner must use two-factor sign-in."),
  updated_at: z.string().nullable(),
  staff: z.array(staffTwoFactorSchema).describe("Each staff member's and owner's two-factor state."),
});
export type TwoFactorPolicy = z.output<typeof twoFactorPolicySchema>;

export const updateTwoFactorPolicySchema = z.object({
  required: z.preprocess(
    (value) => (value === "true" || value === "on" ? true : value === "false" ? false : value),
    z.boolean({ error: "Choose whether two-factor sign-in is required." }),
  ),
  current_password: currentPasswordField,
});
