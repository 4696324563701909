import sanitizeHtml from "sanitize-html";

/**
 * The HTML a blog post's body may hold: what a product description may (paragraphs, line breaks, bold, italic,
 * underline, lists, links with rel="noopener noreferrer") plus headings and quotes. Scripts, handlers, styles,
 * images and frames are dropped, their text kept. Posts are stored through this and answered through it again, so
 * a row written around the back office is safe too; the post page sanitises once more before rendering it.
 */
const POST_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "h2",
    "h3",
    "blockquote",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "ul",
    "ol",
    "li",
    "span",
    "a",
  ],
  allowedAttributes: { a: ["href", "title"] },
  allowedSchemes: ["http", "https", "mailto"],
  transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }) },
};

export function sanitizePostBody(html: string): string {
  return sanitizeHtml(html, POST_HTML).trim();
}

/** A body's words as plain text (tags gone, entities read, spaces folded). */
export function postText(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|h2|h3|li|blockquote)>|<br\s*\/?>/gi, " "), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

const EXCERPT_LENGTH = 180;

/** The list's line for a post without an excerpt of its own: the body's first words, cut at a word. */
export function derivedExcerpt(html: string): string {
  const text = postText(html);
  if (text.length <= EXCERPT_LENGTH) return text;
  const cut = text.slice(0, EXCERPT_LENGTH);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > 80 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!?-]+$/, "")}…`;
}

/** Minutes to read, at about 200 words a minute; at least one. */
export function readingMinutes(html: string): number {
  const words = postText(html).split(" ").filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}
