import { useState } from "react";
import { Form } from "react-router";
import type { AdminVariant } from "../../../shared/contracts/admin-products.ts";
import type { Category, FilterColor, FilterSize, Tag } from "../../../shared/contracts/catalogue.ts";
import { DESCRIPTION_MAX, SLUG_MAX, TITLE_MAX } from "../../../shared/product-admin.ts";
import { PRODUCT_STATUS_LABELS, PRODUCT_STATUSES } from "../../../shared/product-status.ts";
import { Field, FormAlert } from "../../ui/forms/field.tsx";
import { useHydrated } from "../../ui/hooks.ts";
import { RichTextEditor } from "../rich-text-editor.tsx";
import { DetailsFields } from "./details-fields.tsx";
import type { ProductFormValues } from "./product-form-values.ts";
import { VariantGrid } from "./variant-grid.tsx";

export interface ReferenceLists {
  categories: Category[];
  colors: FilterColor[];
  sizes: FilterSize[];
  tags: Tag[];
}

/** What a refused submission brings back to the editor: the message, each field's first message, the values. */
export interface ProductFormFailure {
  ok: false;
  intent: "save" | "grid";
  message: string;
  errors: Record<string, string>;
  values: ProductFormValues;
}

const STATUS_HINTS: Record<string, string> = {
  draft: "Only the back office sees a draft.",
  active: "On sale: in the shop, its search and the sitemap.",
  archived: "Off sale; its page says it is no longer available.",
};

/**
 * The product editor (create and edit): details, description, flags and the colour x size grid, one form that
 * works without JavaScript. Choosing colours and sizes redraws the grid at once with JavaScript, and with the
 * "Update grid" button without it (the typed values come back with the new grid).
 */
export function ProductForm({
  values,
  lists,
  errors,
  failure,
  submitLabel,
  busy,
  savedVariants = [],
}: {
  values: ProductFormValues;
  lists: ReferenceLists;
  errors: Record<string, string>;
  failure: string | null;
  submitLabel: string;
  busy: boolean;
  savedVariants?: AdminVariant[];
}) {
  const hydrated = useHydrated();
  const [colors, setColors] = useState(values.colors);
  const [sizes, setSizes] = useState(values.sizes);
  const [status, setStatus] = useState(values.status);

  // The grid's colours: the product's own first (its display order), then the rest as chosen.
  const toggle = (list: number[], id: number, on: boolean) =>
    on ? (list.includes(id) ? list : [...list, id]) : list.filter((item) => item !== id);
  const sizeOrder = new Map(lists.sizes.map((size, index) => [size.id, index]));
  const orderedSizes = sizes.toSorted((a, b) => (sizeOrder.get(a) ?? 0) - (sizeOrder.get(b) ?? 0));

  return (
    <Form method="post" className="admin-product-form">
      {/* The default button: Enter in a field saves, even where "Update grid" comes first. */}
      <button
        type="submit"
        name="intent"
        value="save"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
      >
        {submitLabel}
      </button>
      {failure && (
        <div id="product-form-failure">
          <FormAlert kind="error" title="The product was not saved">
            {failure}
          </FormAlert>
        </div>
      )}
      <input type="hidden" name="updated_at" value={values.updatedAt} />

      <section className="admin-card admin-form-section" aria-labelledby="product-details-title">
        <h2 className="admin-card__title" id="product-details-title">
          Details
        </h2>
        <Field
          name="title"
          label="Title"
          required
          maxLength={TITLE_MAX}
          defaultValue={values.title}
          error={errors.title}
        />
        <Field
          name="slug"
          label="Slug"
          optional
          maxLength={SLUG_MAX}
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          defaultValue={values.slug}
          error={errors.slug}
          hint={
            values.slug
              ? "The product's address: /product/slug. Changing it keeps the old address working (it redirects)."
              : "The product's address: /product/slug. Leave it empty to make it from the title."
          }
        />
        <div className="form-row">
          <div className={`field${errors.category_id ? " field--invalid" : ""}`}>
            <label className="field__label" htmlFor="field-category_id">
              Category
            </label>
            <select
              id="field-category_id"
              name="category_id"
              className="field__input"
              required
              defaultValue={values.categoryId}
              aria-invalid={errors.category_id ? true : undefined}
              aria-describedby={errors.category_id ? "field-category_id-error" : undefined}
            >
              <option value="">Choose a category</option>
              {lists.categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
            {errors.category_id && (
              <p className="field__error" id="field-category_id-error">
                {errors.category_id}
              </p>
            )}
          </div>
          <div className={`field${errors.status ? " field--invalid" : ""}`}>
            <label className="field__label" htmlFor="field-status">
              Status
            </label>
            <select
              id="field-status"
              name="status"
              className="field__input"
              value={status}
              onChange={(event) => setStatus(event.target.value)}
              aria-describedby="field-status-hint"
            >
              {PRODUCT_STATUSES.map((option) => (
                <option key={option} value={option}>
                  {PRODUCT_STATUS_LABELS[option]}
                </option>
              ))}
            </select>
            <p className="field__hint" id="field-status-hint">
              {hydrated
                ? STATUS_HINTS[status]
                : "Draft: only the back office sees it. Active: on sale. Archived: off sale."}
            </p>
            {errors.status && <p className="field__error">{errors.status}</p>}
          </div>
        </div>
        <div className="form-row">
          <Field
            name="discount"
            label="Discount (%)"
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            step={1}
            required
            defaultValue={values.discount}
            error={errors.discount}
            hint="Off every variant's price; 0 for none."
          />
          <fieldset className="admin-checks">
            <legend className="field__label">Shown in</legend>
            <label>
              <input type="checkbox" name="new_arrival" defaultChecked={values.newArrival} /> New arrivals
            </label>
            <label>
              <input type="checkbox" name="daily_deal" defaultChecked={values.dailyDeal} /> Daily deals
            </label>
          </fieldset>
        </div>
        <fieldset className="admin-checks">
          <legend className="field__label">Returns</legend>
          <label>
            <input type="checkbox" name="final_sale" defaultChecked={values.finalSale} /> Final sale (cannot
            be returned)
          </label>
        </fieldset>
        <fieldset className={`admin-checks admin-checks--wrap${errors.tag_ids ? " field--invalid" : ""}`}>
          <legend className="field__label">Tags</legend>
          {lists.tags.length === 0 && <p className="field__hint">The shop has no tags yet.</p>}
          {lists.tags.map((tag) => (
            <label key={tag.id}>
              <input
                type="checkbox"
                name="tag_ids"
                value={tag.id}
                defaultChecked={values.tagIds.includes(String(tag.id))}
              />{" "}
              {tag.name}
            </label>
          ))}
          {errors.tag_ids && <p className="field__error">{errors.tag_ids}</p>}
        </fieldset>
      </section>

      <section className="admin-card admin-form-section" aria-labelledby="product-description-title">
        <h2 className="admin-card__title" id="product-description-title">
          Description
        </h2>
        <RichTextEditor
          name="description"
          label="Description"
          hint="Paragraphs, line breaks, bold, italic, underline, lists and links are kept; anything else is removed when you save. Shown on the product page under the price."
          defaultValue={values.description}
          error={errors.description}
          maxLength={DESCRIPTION_MAX}
        />
        <DetailsFields details={values.details} errors={errors} />
      </section>

      <section className="admin-card admin-form-section" aria-labelledby="product-variants-title">
        <h2 className="admin-card__title" id="product-variants-title">
          Colours, sizes, prices and stock
        </h2>
        <div className="admin-grid admin-grid--two">
          <fieldset className="admin-checks admin-checks--wrap">
            <legend className="field__label">Colours</legend>
            {lists.colors.map((color) => (
              <label key={color.id}>
                <input
                  type="checkbox"
                  name="colors"
                  value={color.id}
                  checked={colors.includes(color.id)}
                  onChange={(event) => setColors(toggle(colors, color.id, event.target.checked))}
                />{" "}
                <span className="admin-swatch" style={{ background: color.code }} aria-hidden="true" />
                {color.title}
              </label>
            ))}
          </fieldset>
          <fieldset className="admin-checks admin-checks--wrap">
            <legend className="field__label">Sizes</legend>
            {lists.sizes.map((size) => (
              <label key={size.id}>
                <input
                  type="checkbox"
                  name="sizes"
                  value={size.id}
                  checked={sizes.includes(size.id)}
                  onChange={(event) => setSizes(toggle(sizes, size.id, event.target.checked))}
                />{" "}
                {size.size}
              </label>
            ))}
          </fieldset>
        </div>
        {!hydrated && (
          <p>
            <button
              type="submit"
              name="intent"
              value="grid"
              className="button button--small button--outline"
              formNoValidate
            >
              Update grid
            </button>{" "}
            <span className="field__hint">
              Shows a row for each colour and size you ticked; nothing is saved yet.
            </span>
          </p>
        )}
        {errors.variants && (
          <p className="field__error" id="variants-error">
            {errors.variants}
          </p>
        )}
        <VariantGrid
          colors={colors.flatMap((id) => lists.colors.find((color) => color.id === id) ?? [])}
          sizes={orderedSizes.flatMap((id) => lists.sizes.find((size) => size.id === id) ?? [])}
          cells={values.cells}
          errors={errors}
          savedVariants={savedVariants}
        />
      </section>

      <div className="admin-form-actions">
        <button type="submit" name="intent" value="save" className="button" disabled={busy}>
          {busy ? "Saving..." : submitLabel}
        </button>
      </div>
    </Form>
  );
}
