import { dictionary } from "@zxcvbn-ts/language-common";
import { ValidationFailed } from "../errors.ts";

export const COMMON_PASSWORD =
  "This password is one of the most common leaked passwords, which attackers try first. Please choose another.";

/**
 * The 49,000 most common passwords of published leaks, as zxcvbn-ts ships them (`@zxcvbn-ts/language-common`,
 * no network at run time). Compared without case and surrounding spaces, so "Password123" is caught too. Built on
 * first use: a process that never sets a password never pays for it.
 */
let common: ReadonlySet<string> | undefined;

const canonical = (password: string) => password.normalize("NFKC").trim().toLowerCase();

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].map(canonical));
  return common.has(canonical(password));
}

/** Refuses a common password with a 422 on `field`, saying why (registration, reset, change, invitations). */
export function refuseCommonPassword(password: string, field = "password"): void {
  if (isCommonPassword(password)) throw ValidationFailed.field(field, COMMON_PASSWORD);
}
