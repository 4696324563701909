import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { FormAlert } from "../../ui/forms/field.tsx";
import type { CatalogueFailure } from "./catalogue-sections.ts";

/** What a section's forms need: the failure of this form (if it was the one refused) and whether it is posting. */
export interface FormState {
  failure: CatalogueFailure | undefined;
  busy: boolean;
}

/** The failure of the `intent` form (for a row's edit form: of that row), else nothing. */
export function failureOf(
  actionData: CatalogueFailure | undefined,
  intent: string,
  id = "",
): CatalogueFailure | undefined {
  return actionData && actionData.intent === intent && (id === "" || actionData.id === id)
    ? actionData
    : undefined;
}

/**
 * A card with one form: "Add a …" (intent create) or "Edit …" (intent update, with a Cancel link back to the
 * list). The edit card is where `?edit=<id>` leads (`#edit`), so its heading takes the focus target.
 */
export function SectionForm({
  title,
  intent,
  id,
  failure,
  busy,
  submitLabel,
  multipart = false,
  children,
}: {
  title: string;
  intent: "create" | "update";
  id?: number;
  failure: CatalogueFailure | undefined;
  busy: boolean;
  submitLabel: string;
  multipart?: boolean;
  children: ReactNode;
}) {
  const headingId = `${intent}-title`;
  // A change redirects to `?done=…`: a new address empties the form for the next one.
  const { search } = useLocation();
  return (
    <section
      className="admin-card catalogue-form"
      aria-labelledby={headingId}
      id={intent === "update" ? "edit" : undefined}
    >
      <h2 id={headingId} className="admin-card__title" tabIndex={-1}>
        {title}
      </h2>
      <Form
        method="post"
        className="form-stack"
        preventScrollReset
        encType={multipart ? "multipart/form-data" : undefined}
        key={`${intent}-${id ?? ""}-${search}`}
      >
        {failure && <FormAlert kind="error">{failure.message}</FormAlert>}
        <input type="hidden" name="intent" value={intent} />
        {id !== undefined && <input type="hidden" name="id" value={id} />}
        {children}
        <div className="admin-form-actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? "Saving..." : submitLabel}
          </button>
          {intent === "update" && (
            <Link to="." className="button button--outline">
              Cancel
            </Link>
          )}
        </div>
      </Form>
    </section>
  );
}
