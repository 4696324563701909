import type { CSSProperties } from "react";
import { Link } from "react-router";
import type { AdminCategory } from "../../../shared/contracts/admin-catalogue.ts";
import { Field } from "../../ui/forms/field.tsx";
import type { CatalogueFailure } from "./catalogue-sections.ts";
import { RowActions } from "./row-actions.tsx";
import { failureOf, SectionForm } from "./section-form.tsx";

/** "— — Evening Bags": a category's name indented by its depth, for the parent choice. */
const indented = (category: AdminCategory) => `${"— ".repeat(category.depth)}${category.name}`;

function CategoryFields({
  categories,
  editing,
  failure,
  prefix,
}: {
  categories: AdminCategory[];
  editing?: AdminCategory | undefined;
  failure: CatalogueFailure | undefined;
  prefix: string;
}) {
  const values = failure?.values;
  // A category cannot go under itself or its own subcategories: those are left out of its choices.
  const below = new Set<number>();
  if (editing) {
    below.add(editing.id);
    for (const category of categories)
      if (category.parent_id !== null && below.has(category.parent_id)) below.add(category.id);
  }
  return (
    <>
      <Field
        name="name"
        id={`${prefix}-name`}
        label="Name"
        required
        maxLength={100}
        defaultValue={values?.name ?? editing?.name ?? ""}
        error={failure?.errors.name}
      />
      <div className={`field${failure?.errors.parent_id ? " field--invalid" : ""}`}>
        <label className="field__label" htmlFor={`${prefix}-parent`}>
          Under
        </label>
        <select
          id={`${prefix}-parent`}
          name="parent_id"
          className="field__input"
          defaultValue={values?.parent_id ?? String(editing?.parent_id ?? "")}
          aria-invalid={failure?.errors.parent_id ? true : undefined}
          aria-describedby={failure?.errors.parent_id ? `${prefix}-parent-error` : undefined}
        >
          <option value="">Top level (in the menu itself)</option>
          {categories
            .filter((category) => !below.has(category.id))
            .map((category) => (
              <option key={category.id} value={category.id}>
                {indented(category)}
              </option>
            ))}
        </select>
        {failure?.errors.parent_id && (
          <p className="field__error" id={`${prefix}-parent-error`}>
            {failure.errors.parent_id}
          </p>
        )}
      </div>
      <Field
        name="slug"
        id={`${prefix}-slug`}
        label="Slug"
        optional
        maxLength={120}
        hint={
          editing
            ? "The page's address, /shop/<slug>. Links to the old address lead to the new one."
            : "The page's address, /shop/<slug>; left empty, it is made from the name."
        }
        defaultValue={values?.slug ?? editing?.slug ?? ""}
        error={failure?.errors.slug}
      />
    </>
  );
}

export function CategoriesSection({
  categories,
  editId,
  actionData,
  busy,
}: {
  categories: AdminCategory[];
  editId: string;
  actionData: CatalogueFailure | undefined;
  busy: boolean;
}) {
  const editing = categories.find((category) => String(category.id) === editId);
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
          submitLabel="Save category"
        >
          <CategoryFields categories={categories} editing={editing} failure={update} prefix="edit" />
        </SectionForm>
      )}
      <section className="admin-card" aria-labelledby="categories-title">
        <h2 id="categories-title" className="admin-card__title">
          Categories in menu order
        </h2>
        {rowFailure && (
          <p className="form-alert form-alert--error" role="alert">
            {rowFailure.message}
          </p>
        )}
        {categories.length === 0 ? (
          <p>No categories yet.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--cards catalogue-table">
              <thead>
                <tr>
                  <th scope="col">Category</th>
                  <th scope="col">Address</th>
                  <th scope="col" className="admin-num">
                    Products
                  </th>
                  <th scope="col">Size chart</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {categories.map((category) => {
                  const siblings = categories.filter((other) => other.parent_id === category.parent_id);
                  return (
                    <tr key={category.id} id={`row-${category.id}`}>
                      <th scope="row" className="admin-wrap" data-label="Category">
                        <span
                          className="catalogue-tree"
                          style={{ "--depth": category.depth } as CSSProperties}
                        >
                          {category.depth > 0 && <span aria-hidden="true">└ </span>}
                          {category.name}
                          {category.depth > 0 && (
                            <span className="visually-hidden">
                              {` (under ${categories.find((other) => other.id === category.parent_id)?.name ?? ""})`}
                            </span>
                          )}
                        </span>
                      </th>
                      <td data-label="Address" className="admin-wrap">
                        {`/shop/${category.slug}`}
                      </td>
                      <td data-label="Products" className="admin-num">
                        {category.products.toLocaleString("en-US")}
                      </td>
                      <td data-label="Size chart">
                        <Link
                          to={`/admin/catalogue/categories/${category.id}/size-chart`}
                          aria-label={`Size chart of ${category.name}${category.size_chart ? "" : " (none yet)"}`}
                        >
                          {category.size_chart ? "Edit chart" : "Add chart"}
                        </Link>
                      </td>
                      <td>
                        <RowActions
                          id={category.id}
                          name={category.name}
                          ordered
                          first={siblings[0]?.id === category.id}
                          last={siblings.at(-1)?.id === category.id}
                          busy={busy}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <SectionForm
        title="Add a category"
        intent="create"
        failure={create}
        busy={busy}
        submitLabel="Add category"
      >
        <CategoryFields categories={categories} failure={create} prefix="new" />
      </SectionForm>
    </>
  );
}
