import { useRef } from "react";
import { useHydrated } from "../../ui/hooks.ts";

const TOOLS = [
  { label: "Heading", open: "<h2>", close: "</h2>", only: "post" },
  { label: "Bold", open: "<strong>", close: "</strong>" },
  { label: "Italic", open: "<em>", close: "</em>" },
  { label: "Paragraph", open: "<p>", close: "</p>" },
  { label: "List", open: "<ul>\n  <li>", close: "</li>\n</ul>" },
  { label: "Quote", open: "<blockquote>", close: "</blockquote>", only: "post" },
  { label: "Link", open: '<a href="https://">', close: "</a>" },
] as const;

/** What the editor edits: a product's description (under the price), or a blog post's body (headings and quotes too). */
const KINDS = {
  description: {
    name: "description",
    label: "Description",
    hint: "Paragraphs, line breaks, bold, italic, underline, lists and links are kept; anything else is removed when you save. Shown on the product page under the price.",
    rows: 8,
  },
  post: {
    name: "body_html",
    label: "Body",
    hint: "Paragraphs, headings, bold, italic, underline, lists, quotes and links are kept; anything else is removed when you save.",
    rows: 16,
  },
} as const;

/**
 * The description as HTML in a text area (works without JavaScript). With JavaScript a small toolbar wraps the
 * selected text in the tags the shop keeps; the API keeps only those (paragraphs, line breaks, bold, italic,
 * underline, lists, links) and drops everything else.
 */
export function DescriptionEditor({
  defaultValue,
  error,
  maxLength,
  kind = "description",
}: {
  defaultValue: string;
  error: string | undefined;
  maxLength: number;
  kind?: keyof typeof KINDS;
}) {
  const { name, label, hint, rows } = KINDS[kind];
  const id = `field-${name}`;
  const hydrated = useHydrated();
  const area = useRef<HTMLTextAreaElement>(null);

  const wrap = (open: string, close: string) => {
    const field = area.current;
    if (!field) return;
    const { selectionStart: start, selectionEnd: end, value } = field;
    field.setRangeText(`${open}${value.slice(start, end)}${close}`, start, end, "select");
    field.focus();
  };

  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label className="field__label" htmlFor={id}>
        {label} <span className="field__optional">(HTML)</span>
      </label>
      {hydrated && (
        <div
          className="admin-toolbar"
          role="toolbar"
          aria-label={`Format the ${label.toLowerCase()}`}
          aria-controls={id}
        >
          {TOOLS.filter((tool) => !("only" in tool) || tool.only === kind).map((tool) => (
            <button
              key={tool.label}
              type="button"
              className="button button--small button--outline"
              onClick={() => wrap(tool.open, tool.close)}
            >
              {tool.label}
            </button>
          ))}
        </div>
      )}
      <textarea
        id={id}
        name={name}
        ref={area}
        className="field__input admin-description"
        rows={rows}
        maxLength={maxLength}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
      />
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
