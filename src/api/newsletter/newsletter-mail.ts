import type { MailMessage } from "../../platform/mail.ts";
import { CONFIRMATION_LINK_DAYS } from "../../shared/newsletter.ts";
import { escapeHtml } from "../escape-html.ts";
import { mailButton, mailHtml } from "../mail/mail-layout.ts";
import { shopIdentity } from "../mail/shop-identity.ts";

/** Who a newsletter mail goes to: the address and the token its unsubscribe links carry. */
export interface NewsletterRecipient {
  email: string;
  unsubscribe_token: string;
}

/** The page an unsubscribe link opens (and, per RFC 8058, where a mail client posts a one-click unsubscribe). */
export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
}

/**
 * Every mail sent to the newsletter list goes through here: it adds the unsubscribe link to the text and the
 * HTML, and the `List-Unsubscribe` and `List-Unsubscribe-Post` headers (RFC 2369 and RFC 8058) with which mail
 * clients offer their own one-click Unsubscribe. `content.html` is the body's HTML, already escaped.
 */
export function newsletterMail(
  recipient: NewsletterRecipient,
  content: { subject: string; text: string; html: string; reference?: string },
  publicUrl: string,
): MailMessage & { reference?: string } {
  const unsubscribe = unsubscribeUrl(publicUrl, recipient.unsubscribe_token);
  const why = `You get this email because ${recipient.email} was signed up for the ${shopIdentity().name} newsletter.`;
  return {
    to: recipient.email,
    subject: content.subject,
    text: `${content.text}\n\n${why}\nUnsubscribe with one click: ${unsubscribe}`,
    html: mailHtml(`${content.html}
<hr>
<p style="font-size:13px;color:#57534e">${escapeHtml(why)} <a href="${escapeHtml(unsubscribe)}">Unsubscribe</a></p>`),
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
    ...(content.reference ? { reference: content.reference } : {}),
  };
}

/** The double opt-in mail: the link that confirms the sign-up, and what happens if the reader did not ask. */
export function confirmationMail(recipient: NewsletterRecipient, confirmUrl: string, publicUrl: string) {
  const text = [
    "Hello,",
    "",
    `Please confirm that you would like the ${shopIdentity().name} newsletter (new collections, offers and styling ideas) at this address:`,
    "",
    confirmUrl,
    "",
    `The link works for ${CONFIRMATION_LINK_DAYS} days. If you did not sign up, ignore this email: you will not get our newsletter.`,
  ].join("\n");
  const html = `<h1 style="font-size:20px">Confirm your subscription</h1>
<p>Hello,</p>
<p>Please confirm that you would like the ${escapeHtml(shopIdentity().name)} newsletter (new collections, offers and styling ideas) at this address.</p>
${mailButton(escapeHtml(confirmUrl), "Confirm my subscription")}
<p style="color:#57534e">Or paste this link into your browser: ${escapeHtml(confirmUrl)}</p>
<p>The link works for ${CONFIRMATION_LINK_DAYS} days. If you did not sign up, ignore this email: you will not get our newsletter.</p>`;
  return newsletterMail(
    recipient,
    {
      subject: `Please confirm your ${shopIdentity().name} newsletter subscription`,
      text,
      html,
      reference: "newsletter-confirmation",
    },
    publicUrl,
  );
}
