import { escapeHtml } from "../escape-html.ts";
import { type ShopIdentity, shopIdentity } from "./shop-identity.ts";

/**
 * The HTML document around a mail's body, in the look of the shop's other mails: one column, system fonts, the
 * shop's name above and its address, phone and email below, from the shop's details when the mail is composed
 * (`shopIdentity`, decision 0066). The caller escapes everything it puts in `body` (api/escape-html.ts).
 */
export function mailHtml(body: string, identity: ShopIdentity = shopIdentity()): string {
  const name = escapeHtml(identity.name);
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c1917;max-width:560px;margin:auto">
<p style="font-size:18px;font-weight:700;margin:16px 0">${name}</p>
${body}
<p style="margin-top:32px;padding-top:12px;border-top:1px solid #e7e5e4;font-size:12px;color:#57534e">${name} · ${escapeHtml(identity.address)}<br>${escapeHtml(identity.phone)} · <a href="mailto:${escapeHtml(identity.email)}" style="color:#57534e">${escapeHtml(identity.email)}</a></p>
</body></html>`;
}

/** A link styled as a button. `href` and `label` are escaped by the caller. */
export function mailButton(href: string, label: string): string {
  return `<p><a href="${href}" style="display:inline-block;padding:10px 18px;background:#1c1917;color:#fff;border-radius:6px;text-decoration:none">${label}</a></p>`;
}
