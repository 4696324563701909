import type { AdminColor, AdminSize, AdminTag } from "../../../shared/contracts/admin-catalogue.ts";
import { Field } from "../../ui/forms/field.tsx";
import type { CatalogueFailure } from "./catalogue-sections.ts";
import { RowActions } from "./row-actions.tsx";
import { failureOf, SectionForm } from "./section-form.tsx";

type Kind = "colours" | "sizes" | "tags";
type Row = (AdminColor | AdminSize | AdminTag) & { code?: string; variants?: number };

const WORDS: Record<Kind, { one: string; title: string; hint?: string }> = {
  colours: { one: "colour", title: "Colours by name" },
  sizes: { one: "size", title: "Sizes in the order shoppers see them", hint: "S, M, L… or One Size" },
  tags: { one: "tag", title: "Tags by name" },
};

function NameFields({
  kind,
  row,
  failure,
  prefix,
}: {
  kind: Kind;
  row?: Row | undefined;
  failure: CatalogueFailure | undefined;
  prefix: string;
}) {
  const values = failure?.values;
  return (
    <>
      <Field
        name="name"
        id={`${prefix}-name`}
        label="Name"
        required
        maxLength={kind === "sizes" ? 30 : 50}
        hint={WORDS[kind].hint}
        defaultValue={values?.name ?? row?.name ?? ""}
        error={failure?.errors.name}
      />
      {kind === "colours" && (
        <div className="catalogue-swatch-field">
          <Field
            name="code"
            id={`${prefix}-code`}
            label="Swatch"
            type="color"
            required
            hint="Pick the colour, or type its code (like #1f2a44) where the browser offers it."
            defaultValue={values?.code ?? row?.code ?? "#000000"}
            error={failure?.errors.code}
          />
        </div>
      )}
    </>
  );
}

/** Colours, sizes or tags: the list with each row's use, an edit card (`?edit=<id>`) and an add card. */
export function NamesSection({
  kind,
  rows,
  editId,
  actionData,
  busy,
}: {
  kind: Kind;
  rows: Row[];
  editId: string;
  actionData: CatalogueFailure | undefined;
  busy: boolean;
}) {
  const { one, title } = WORDS[kind];
  const editing = rows.find((row) => String(row.id) === editId);
  const create = failureOf(actionData, "create");
  const update = editing ? failureOf(actionData, "update", String(editing.id)) : undefined;
  const rowFailure = actionData && ["delete", "move"].includes(actionData.intent) ? actionData : undefined;
  return (
    <>
      {editing && (
        <SectionForm
          title={`Edit “${editing.name}”`}
          intent="update"
          id={editing.id}
          failure={update}
          busy={busy}
          submitLabel={`Save ${one}`}
        >
          <NameFields kind={kind} row={editing} failure={update} prefix="edit" />
        </SectionForm>
      )}
      <section className="admin-card" aria-labelledby="list-title">
        <h2 id="list-title" className="admin-card__title">
          {title}
        </h2>
        {rowFailure && (
          <p className="form-alert form-alert--error" role="alert">
            {rowFailure.message}
          </p>
        )}
        {rows.length === 0 ? (
          <p>None yet.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--cards catalogue-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  {kind !== "tags" && (
                    <th scope="col" className="admin-num">
                      Variants
                    </th>
                  )}
                  <th scope="col" className="admin-num">
                    Products
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => (
                  <tr key={row.id} id={`row-${row.id}`}>
                    <th scope="row" className="admin-wrap" data-label="Name">
                      <span>
                        {row.code && (
                          <>
                            <span
                              className="catalogue-swatch"
                              style={{ background: row.code }}
                              aria-hidden="true"
                            />{" "}
                          </>
                        )}
                        {row.name}
                        {row.code && <span className="admin-sub">{row.code}</span>}
                      </span>
                    </th>
                    {kind !== "tags" && (
                      <td data-label="Variants" className="admin-num">
                        {(row.variants ?? 0).toLocaleString("en-US")}
                      </td>
                    )}
                    <td data-label="Products" className="admin-num">
                      {row.products.toLocaleString("en-US")}
                    </td>
                    <td>
                      <RowActions
                        id={row.id}
                        name={row.name}
                        ordered={kind === "sizes"}
                        first={index === 0}
                        last={index === rows.length - 1}
                        busy={busy}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <SectionForm
        title={`Add a ${one}`}
        intent="create"
        failure={create}
        busy={busy}
        submitLabel={`Add ${one}`}
      >
        <NameFields kind={kind} failure={create} prefix="new" />
      </SectionForm>
    </>
  );
}
