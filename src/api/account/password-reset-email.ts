import type { MailMessage } from "../../platform/mail.ts";
import { escapeHtml } from "../escape-html.ts";
import { mailButton, mailHtml } from "../mail/mail-layout.ts";
import { shopIdentity } from "../mail/shop-identity.ts";

/** The reset email: the link, how long it works, and what to do if the shopper did not ask for it. */
export function passwordResetEmail(
  to: { email: string; firstName: string },
  link: string,
  publicUrl: string,
) {
  const text = [
    `Hi ${to.firstName},`,
    "",
    `We received a request to reset the password of your ${shopIdentity().name} account. Open this link to choose a new one:`,
    "",
    link,
    "",
    "The link works once, for one hour. Setting a new password signs you out everywhere else.",
    "",
    "If you did not ask for this, ignore this email: your password stays as it is.",
    `Questions? Reply to this email or visit ${publicUrl}/contact.`,
  ].join("\n");

  const html = mailHtml(`<h1 style="font-size:20px">Reset your password</h1>
<p>Hi ${escapeHtml(to.firstName)},</p>
<p>We received a request to reset the password of your ${escapeHtml(shopIdentity().name)} account.</p>
${mailButton(escapeHtml(link), "Choose a new password")}
<p style="color:#57534e">Or paste this link into your browser: ${escapeHtml(link)}</p>
<p>The link works once, for one hour. Setting a new password signs you out everywhere else.</p>
<p>If you did not ask for this, ignore this email: your password stays as it is.</p>
<p><a href="${escapeHtml(publicUrl)}/contact">Contact us</a></p>`);

  return {
    to: to.email,
    subject: `Reset your ${shopIdentity().name} password`,
    text,
    html,
  } satisfies MailMessage;
}
