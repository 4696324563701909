import "./zod-config.ts";
import { z } from "zod";

/** The largest row id (PostgreSQL's `integer`); a larger id is refused before any query. */
export const MAX_ID = 2_147_483_647;
/** The largest page number a listing accepts; a page past the last one is simply empty. */
export const MAX_PAGE = MAX_ID;

/** Text with a NUL byte: nobody types one, and PostgreSQL cannot store or compare it. */
export const hasNul = (value: string) => value.includes("\u0000");

const nulMessage = (label: string) => `The ${label} contains a character that is not allowed.`;

/**
 * A required text field: missing, null or blank gives `required`; another type says so; too long says the limit.
 * Blank means empty after trimming, and the value is kept trimmed.
 */
export function requiredText(label: string, required: string, max: number) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? required : `The ${label} must be text.`,
    })
    .trim()
    .min(1, required)
    .max(max, `The ${label} may not be greater than ${max} characters.`)
    .refine((value) => !hasNul(value), nulMessage(label));
}

/** The longest address SMTP can carry (RFC 5321: a 256-octet path less its angle brackets). */
export const EMAIL_MAX = 254;

/**
 * Exactly one email address, as every form that stores or mails to one takes it: trimmed, at most 254
 * characters, and in the plain `name@domain.tld` form zod's email check accepts. That form has no room for a
 * line break, a comma, a second address or a display name ("Ali <ali@example.pk>"), so nothing a shopper types
 * here can become a mail header or a second recipient. Each form passes its own wording.
 */
export function emailField(
  messages: { required: string; invalid: string },
  options: { lowerCase?: boolean } = {},
) {
  const text = requiredText("email", messages.required, EMAIL_MAX);
  return (options.lowerCase ? text.toLowerCase() : text).pipe(z.email(messages.invalid));
}

/** An optional text field; missing or null becomes "". */
export function optionalText(label: string, max: number) {
  return z.preprocess(
    (value) => (value === undefined || value === null ? "" : value),
    z
      .string({ error: `The ${label} must be text.` })
      .trim()
      .max(max, `The ${label} may not be greater than ${max} characters.`)
      .refine((value) => !hasNul(value), nulMessage(label)),
  );
}

/** A page number from a query string: blank means the first page. */
export function pageField() {
  return z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.coerce
      .number({ message: "The page must be a number." })
      .int("The page must be a whole number.")
      .min(1, "The page must be at least 1.")
      .max(MAX_PAGE, "The page is too large.")
      .default(1),
  );
}

/** Numbers from JSON, or numeric strings as HTML forms send them; blank counts as missing. */
function numeric(label: string) {
  return z.preprocess(
    (value) => {
      if (value === null || (typeof value === "string" && value.trim() === "")) return undefined;
      return typeof value === "string" ? Number(value) : value;
    },
    z.number({
      error: (issue) =>
        issue.input === undefined ? `The ${label} field is required.` : `The ${label} must be a number.`,
    }),
  );
}

/** A positive whole-number id. */
export function idField(label: string) {
  return numeric(label).pipe(
    z
      .number()
      .int(`The ${label} must be a whole number.`)
      .positive(`The ${label} must be a positive number.`)
      .max(MAX_ID, `The ${label} is too large.`),
  );
}

export function quantityField(max: number) {
  return numeric("quantity").pipe(
    z
      .number()
      .int("The quantity must be a whole number.")
      .min(1, "The quantity must be at least 1.")
      .max(max, `The quantity may not be greater than ${max}.`),
  );
}

/**
 * A field hidden from people (a honeypot): they leave it empty, form-filling robots often do not. Any text is
 * taken, so a filled one cannot be told from an empty one by the answer; the service drops the submission.
 */
export function honeypotField() {
  return z
    .preprocess(
      (value) => (value === undefined || value === null ? "" : value),
      z.string({ error: "The website must be text." }).max(1000, "The website is too long."),
    )
    .describe("Leave empty. Forms a person fills in never set it.");
}
