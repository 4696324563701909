import { useRef } from "react";
import { useHydrated } from "../ui/hooks.ts";

const TOOLS = [
  { label: "Heading", open: "<h2>", close: "</h2>", offer: "headings" },
  { label: "Bold", open: "<strong>", close: "</strong>" },
  { label: "Italic", open: "<em>", close: "</em>" },
  { label: "Paragraph", open: "<p>", close: "</p>" },
  { label: "List", open: "<ul>\n  <li>", close: "</li>\n</ul>" },
  { label: "Quote", open: "<blockquote>", close: "</blockquote>", offer: "quotes" },
  { label: "Link", open: '<a href="https://">', close: "</a>" },
] as const;

/**
 * Rich text as HTML in a text area (works without JavaScript): a product's description, a content page's text, a
 * blog post's body.
 * With JavaScript a small toolbar wraps the selected text in the tags the shop keeps; the API keeps only those
 * (paragraphs, line breaks, bold, italic, underline, lists and links, and headings on a content page) and drops
 * everything else.
 */
export function RichTextEditor({
  name,
  label,
  hint,
  defaultValue,
  error,
  maxLength,
  headings = false,
  quotes = false,
  rows = 8,
}: {
  name: string;
  label: string;
  hint: string;
  defaultValue: string;
  error: string | undefined;
  maxLength: number;
  /** Offers the Heading tool (content pages keep headings; descriptions do not). */
  headings?: boolean;
  /** Offers the Quote tool (a blog post keeps quotes). */
  quotes?: boolean;
  rows?: number;
}) {
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
          {TOOLS.filter((tool) => !("offer" in tool) || { headings, quotes }[tool.offer]).map((tool) => (
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
