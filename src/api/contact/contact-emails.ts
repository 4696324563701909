import type { MailMessage } from "../../platform/mail.ts";
import type { ContactMessageInput } from "../../shared/contracts/contact.ts";
import { escapeHtml } from "../escape-html.ts";
import { mailHtml } from "../mail/mail-layout.ts";
import { shopIdentity } from "../mail/shop-identity.ts";

type Message = Pick<ContactMessageInput, "name" | "email" | "subject" | "message">;

/**
 * The message as the shop's inbox gets it: from the shop's own sender, with Reply-To the shopper, so answering
 * it is one click. Every value the shopper typed is escaped in the HTML part.
 */
export function contactMessageEmail(
  message: Message,
  details: { id: number; shopEmail: string; sentAt: Date; accountId: number | null; messageId: string },
): MailMessage & { reference: string } {
  const subject = message.subject || "(no subject)";
  const facts = [
    `From: ${message.name} <${message.email}>`,
    `Subject: ${subject}`,
    `Sent: ${details.sentAt.toISOString()}`,
    details.accountId === null
      ? "Account: none (sent as a guest)"
      : `Account: #${details.accountId} (signed in)`,
  ];
  const text = [
    "A message from the contact form. Reply to this email to answer the sender.",
    "",
    ...facts,
    "",
    message.message,
  ].join("\n");
  const html = mailHtml(`<h1 style="font-size:20px">Contact form: ${escapeHtml(subject)}</h1>
<p style="color:#57534e">Reply to this email to answer the sender.</p>
<p>${facts.map(escapeHtml).join("<br>")}</p>
<hr>
<p style="white-space:pre-wrap">${escapeHtml(message.message)}</p>`);
  return {
    to: details.shopEmail,
    replyTo: message.email,
    subject: `Contact form: ${subject} (from ${message.name})`,
    text,
    html,
    headers: { "Message-ID": details.messageId },
    reference: `contact-message:${details.id}`,
  };
}

/**
 * The acknowledgement to the sender. It repeats nothing they wrote except their name, so the form cannot be used
 * to deliver someone else's text to a third party's inbox; replies go to the shop's inbox.
 */
export function contactAcknowledgementEmail(
  message: Pick<Message, "name" | "email">,
  details: { id: number; shopEmail: string; publicUrl: string },
): MailMessage & { reference: string } {
  const lookupUrl = `${details.publicUrl}/order-lookup`;
  const text = [
    `Hi ${message.name},`,
    "",
    `Thank you for writing to ${shopIdentity().name}. We have received your message and will reply to this address within one working day.`,
    "",
    `Asking about an order? You can follow it at ${lookupUrl} with your order number and email address.`,
    "",
    "If you did not write to us, you can ignore this email.",
    "",
    `${shopIdentity().name} customer care`,
  ].join("\n");
  const html = mailHtml(`<h1 style="font-size:20px">We have received your message</h1>
<p>Hi ${escapeHtml(message.name)},</p>
<p>Thank you for writing to ${escapeHtml(shopIdentity().name)}. We have received your message and will reply to this address within one working day.</p>
<p>Asking about an order? <a href="${escapeHtml(lookupUrl)}">Follow your order</a> with your order number and email address.</p>
<p style="color:#57534e">If you did not write to us, you can ignore this email.</p>
<p>${escapeHtml(shopIdentity().name)} customer care</p>`);
  return {
    to: message.email,
    replyTo: details.shopEmail,
    subject: "We have received your message",
    text,
    html,
    reference: `contact-message:${details.id}`,
  };
}
