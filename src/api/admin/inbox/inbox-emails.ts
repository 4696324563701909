import type { MailMessage } from "../../../platform/mail.ts";
import { escapeHtml } from "../../escape-html.ts";
import { mailHtml } from "../../mail/mail-layout.ts";
import { shopIdentity } from "../../mail/shop-identity.ts";

interface Original {
  id: number;
  name: string;
  subject: string;
  message: string;
  email: string;
  created_at: string;
  mail_message_id: string | null;
}

/** "Re: <subject>" as mail clients write it: never "Re: Re: …". */
export function replySubject(subject: string): string {
  if (subject === "") return `Re: Your message to ${shopIdentity().name}`;
  return /^re:/i.test(subject) ? subject : `Re: ${subject}`;
}

/**
 * The shop's answer to a contact message: to the sender, Reply-To the shop's inbox, with the sender's message quoted
 * below, and In-Reply-To and References naming the shop's copy of the message (decision 0062), so both sides'
 * mail clients keep the conversation in one thread.
 */
export function contactReplyEmail(
  original: Original,
  reply: { body: string; replyId: number },
  shopEmail: string,
): MailMessage & { reference: string } {
  const sent = new Date(original.created_at).toUTCString();
  const quoted = original.message
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  const text = [
    reply.body,
    "",
    `${shopIdentity().name} customer care`,
    "",
    `On ${sent}, ${original.name} wrote:`,
    quoted,
  ].join("\n");
  const html = mailHtml(`<p style="white-space:pre-wrap">${escapeHtml(reply.body)}</p>
<p>${escapeHtml(shopIdentity().name)} customer care</p>
<p style="color:#57534e">On ${escapeHtml(sent)}, ${escapeHtml(original.name)} wrote:</p>
<blockquote style="margin:0;padding-left:12px;border-left:3px solid #d6d3d1;color:#57534e;white-space:pre-wrap">${escapeHtml(original.message)}</blockquote>`);
  const thread = original.mail_message_id
    ? { "In-Reply-To": original.mail_message_id, References: original.mail_message_id }
    : undefined;
  return {
    to: original.email,
    replyTo: shopEmail,
    subject: replySubject(original.subject),
    text,
    html,
    headers: thread,
    reference: `contact-reply:${original.id}:${reply.replyId}`,
  };
}
