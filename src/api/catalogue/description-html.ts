import sanitizeHtml from "sanitize-html";

/**
 * The HTML a product description may hold: paragraphs, line breaks, bold, italic, underline, lists and links
 * (http, https or mailto, opened with rel="noopener noreferrer"). Everything else (scripts, handlers, styles,
 * images, frames) is dropped, its text kept. The back office stores descriptions through this, and the catalogue
 * applies it again when it answers them, so a row written around the back office is safe too.
 */
export const DESCRIPTION_HTML: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "ul", "ol", "li", "span", "a"],
  allowedAttributes: { a: ["href", "title"] },
  allowedSchemes: ["http", "https", "mailto"],
  transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }) },
};

export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, DESCRIPTION_HTML).trim();
}

/**
 * The HTML of a content page (About, Terms, Privacy and their sections; decision 0066): a description's tags and
 * headings, quotes and horizontal rules, so a policy can have its sections. The same rules otherwise.
 */
const PAGE_HTML: sanitizeHtml.IOptions = {
  ...DESCRIPTION_HTML,
  allowedTags: [...(DESCRIPTION_HTML.allowedTags || []), "h2", "h3", "h4", "blockquote", "hr"],
};

export function sanitizePageHtml(html: string): string {
  return sanitizeHtml(html, PAGE_HTML).trim();
}
