/**
 * The HTML document around a mail's body, in the look of the shop's other mails: one column, system fonts. The
 * caller escapes everything it puts in `body` (api/escape-html.ts).
 */
export function mailHtml(body: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c1917;max-width:560px;margin:auto">
${body}
</body></html>`;
}

/** A link styled as a button. `href` and `label` are escaped by the caller. */
export function mailButton(href: string, label: string): string {
  return `<p><a href="${href}" style="display:inline-block;padding:10px 18px;background:#1c1917;color:#fff;border-radius:6px;text-decoration:none">${label}</a></p>`;
}
