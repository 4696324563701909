import type { MailMessage } from "../../platform/mail.ts";
import { escapeHtml } from "../escape-html.ts";
import { mailButton, mailHtml } from "../mail/mail-layout.ts";
import { shopIdentity } from "../mail/shop-identity.ts";

const ROLE_WORDS = { staff: "a member of staff", owner: "an owner" } as const;

/**
 * The invitation email: who invited the address, to what, the link, how long it works, and that nothing happens
 * unless the mailbox's owner sets a password through it.
 */
export function staffInvitationEmail(
  invitation: { email: string; role: "staff" | "owner"; invitedBy: string },
  link: string,
  publicUrl: string,
) {
  const role = ROLE_WORDS[invitation.role];
  const text = [
    "Hello,",
    "",
    `${invitation.invitedBy} has invited ${invitation.email} to run the ${shopIdentity().name} shop as ${role}. Open this link to choose your password and accept:`,
    "",
    link,
    "",
    "The link works once, for 72 hours. If this address already has an account with us, accepting sets its new password and signs it out everywhere else.",
    "",
    "If you did not expect this, ignore this email: nothing changes unless the link is used.",
    `Questions? Reply to this email or visit ${publicUrl}/contact.`,
  ].join("\n");

  const html = mailHtml(`<h1 style="font-size:20px">You are invited to the shop's back office</h1>
<p>Hello,</p>
<p>${escapeHtml(invitation.invitedBy)} has invited ${escapeHtml(invitation.email)} to run the ${escapeHtml(shopIdentity().name)} shop as ${role}.</p>
${mailButton(escapeHtml(link), "Choose your password and accept")}
<p style="color:#57534e">Or paste this link into your browser: ${escapeHtml(link)}</p>
<p>The link works once, for 72 hours. If this address already has an account with us, accepting sets its new password and signs it out everywhere else.</p>
<p>If you did not expect this, ignore this email: nothing changes unless the link is used.</p>
<p><a href="${escapeHtml(publicUrl)}/contact">Contact us</a></p>`);

  return {
    to: invitation.email,
    subject: `You are invited to run the ${shopIdentity().name} shop`,
    text,
    html,
  } satisfies MailMessage;
}
