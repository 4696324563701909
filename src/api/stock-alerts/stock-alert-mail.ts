import type { MailMessage } from "../../platform/mail.ts";
import { escapeHtml } from "../escape-html.ts";
import { mailButton, mailHtml } from "../mail/mail-layout.ts";
import { shopIdentity } from "../mail/shop-identity.ts";
import type { AlertedVariant } from "./stock-alerts.repository.ts";

/**
 * The product page with the alert's colour and size chosen, as the storefront's `variantHref` writes it: `size` is
 * the page's size option, which is the variant's id.
 */
export function restockedUrl(publicUrl: string, variant: AlertedVariant): string {
  const query = new URLSearchParams({ color: String(variant.color_id), size: String(variant.variant_id) });
  return `${publicUrl}/product/${encodeURIComponent(variant.slug)}?${query}`;
}

/** "It's back": the one mail an alert sends. */
export function restockedMail(
  email: string,
  variant: AlertedVariant,
  publicUrl: string,
  alertId: number,
): MailMessage & { reference: string } {
  const link = restockedUrl(publicUrl, variant);
  const what = `${variant.product_title} in ${variant.color_name}, size ${variant.size_name}`;
  const oneShot =
    "You asked us to tell you once, so this is the only email about it: there is nothing to unsubscribe from. Ask again on the product page if it sells out before you get yours.";
  const text = [
    "Hello,",
    "",
    `Good news: ${what} is back in stock at ${shopIdentity().name}.`,
    "",
    "It may not stay long. Get yours here:",
    link,
    "",
    oneShot,
  ].join("\n");
  const html = `<h1 style="font-size:20px">It's back in stock</h1>
<p>Hello,</p>
<p>Good news: <strong>${escapeHtml(variant.product_title)}</strong> in ${escapeHtml(variant.color_name)}, size ${escapeHtml(variant.size_name)} is back in stock at ${escapeHtml(shopIdentity().name)}. It may not stay long.</p>
${mailButton(escapeHtml(link), "Get yours")}
<p style="color:#57534e">Or paste this link into your browser: ${escapeHtml(link)}</p>
<p style="font-size:13px;color:#57534e">${escapeHtml(oneShot)}</p>`;
  return {
    to: email,
    subject: `Back in stock: ${variant.product_title} (${variant.color_name}, ${variant.size_name})`,
    text,
    html: mailHtml(html),
    reference: `stock-alert-${alertId}`,
  };
}
