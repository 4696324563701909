import sanitizeHtml from "sanitize-html";
import { DESCRIPTION_HTML } from "../../catalogue/description-html.ts";

/**
 * The HTML a newsletter issue may hold: what a product description may (catalogue/description-html.ts, the same
 * sanitiser), and headings, quotes and rules. Applied when a draft is saved, so what is previewed, tested and sent
 * is what was stored.
 */
const NEWSLETTER_HTML: sanitizeHtml.IOptions = {
  ...DESCRIPTION_HTML,
  allowedTags: [...(DESCRIPTION_HTML.allowedTags || []), "h2", "h3", "blockquote", "hr"],
};

export function sanitizeNewsletterHtml(html: string): string {
  return sanitizeHtml(html, NEWSLETTER_HTML).trim();
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X"))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/**
 * The text part of sanitised newsletter HTML: a blank line between blocks, "- " before list items, a link as its
 * words and its address in brackets, every tag dropped and entities decoded.
 */
export function newsletterText(html: string): string {
  const linked = html.replace(
    /<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
    (_match, href: string, words: string) => (words.trim() === href ? href : `${words} (${href})`),
  );
  const text = linked
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<hr\s*\/?>/gi, "\n\n----\n\n")
    .replace(/<li[^>]*>/gi, "\n- ")
    .replace(/<\/(p|h2|h3|blockquote|ul|ol)>/gi, "\n\n")
    .replace(/<[^>]+>/g, "");
  return decodeEntities(text)
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
