import type { MailMessage } from "../../platform/mail.ts";
import { escapeHtml } from "../escape-html.ts";
import { mailHtml } from "../mail/mail-layout.ts";
import { shopIdentity } from "../mail/shop-identity.ts";

/**
 * The mails that tell an account holder about something done to their account: a sign-in code while it is under
 * attack, a changed login email (to the old address, with the link that undoes it) and a changed password.
 */
interface Recipient {
  email: string;
  firstName: string;
}

function notice(to: Recipient, subject: string, heading: string, paragraphs: string[], publicUrl: string) {
  const text = [
    `Hi ${to.firstName},`,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    `Questions? ${publicUrl}/contact`,
  ].join("\n");
  const html = mailHtml(`<h1 style="font-size:20px">${escapeHtml(heading)}</h1>
<p>Hi ${escapeHtml(to.firstName)},</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
<p><a href="${escapeHtml(publicUrl)}/contact">Contact us</a></p>`);
  return { to: to.email, subject, text, html } satisfies MailMessage;
}

export function signInCodeEmail(to: Recipient, code: string, failures: number, publicUrl: string) {
  return notice(
    to,
    `Your ${shopIdentity().name} sign-in code`,
    "Someone is trying to sign in to your account",
    [
      `There have been ${failures} or more failed attempts to sign in to your ${shopIdentity().name} account in the last hour, so for now signing in also needs this code:`,
      code,
      "It works once, for 30 minutes. Whoever does not have this mailbox cannot sign in, even with your password.",
      `If these attempts were not you, nothing more is needed; if you think someone knows your password, choose a new one: ${publicUrl}/forgot-password`,
    ],
    publicUrl,
  );
}

export function emailChangedEmail(to: Recipient, newEmail: string, undoLink: string, publicUrl: string) {
  return notice(
    to,
    `The email of your ${shopIdentity().name} account was changed`,
    "Your login email was changed",
    [
      `The email you sign in with was changed from ${to.email} to ${newEmail}. From now on, mail about the account goes to the new address.`,
      `If you did not make this change, open this link within 7 days to put ${to.email} back and sign out every session:`,
      undoLink,
      "If it was you, you need not do anything.",
    ],
    publicUrl,
  );
}

export function passwordChangedEmail(to: Recipient, publicUrl: string) {
  return notice(
    to,
    `The password of your ${shopIdentity().name} account was changed`,
    "Your password was changed",
    [
      `The password of your ${shopIdentity().name} account was just changed, and every other session was signed out.`,
      `If you did not make this change, choose a new password now (${publicUrl}/forgot-password) and tell us.`,
      "If it was you, you need not do anything.",
    ],
    publicUrl,
  );
}
