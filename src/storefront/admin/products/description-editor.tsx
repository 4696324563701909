import { useRef } from "react";
import { useHydrated } from "../../ui/hooks.ts";

const TOOLS = [
  { label: "Bold", open: "<strong>", close: "</strong>" },
  { label: "Italic", open: "<em>", close: "</em>" },
  { label: "Paragraph", open: "<p>", close: "</p>" },
  { label: "List", open: "<ul>\n  <li>", close: "</li>\n</ul>" },
  { label: "Link", open: '<a href="https://">', close: "</a>" },
] as const;

/**
 * The description as HTML in a text area (works without JavaScript). With JavaScript a small toolbar wraps the
 * selected text in the tags the shop keeps; the API keeps only those (paragraphs, line breaks, bold, italic,
 * underline, lists, links) and drops everything else.
 */
export function DescriptionEditor({
  defaultValue,
  error,
  maxLength,
}: {
  defaultValue: string;
  error: string | undefined;
  maxLength: number;
}) {
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
      <label className="field__label" htmlFor="field-description">
        Description <span className="field__optional">(HTML)</span>
      </label>
      {hydrated && (
        <div
          className="admin-toolbar"
          role="toolbar"
          aria-label="Format the description"
          aria-controls="field-description"
        >
          {TOOLS.map((tool) => (
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
        id="field-description"
        name="description"
        ref={area}
        className="field__input admin-description"
        rows={8}
        maxLength={maxLength}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={`field-description-hint${error ? " field-description-error" : ""}`}
      />
      <p className="field__hint" id="field-description-hint">
        Paragraphs, line breaks, bold, italic, underline, lists and links are kept; anything else is removed
        when you save. Shown on the product page under the price.
      </p>
      {error && (
        <p className="field__error" id="field-description-error">
          {error}
        </p>
      )}
    </div>
  );
}
