import type { ReactNode } from "react";
import { Form } from "react-router";
import {
  SIZE_CHART_CELL_MAX,
  SIZE_CHART_COLUMNS_MAX,
  SIZE_CHART_NOTE_MAX,
  SIZE_CHART_ROWS_MAX,
  SIZE_CHART_TITLE_MAX,
} from "../../../shared/contracts/product-details.ts";
import { Field, FormAlert } from "../../ui/forms/field.tsx";
import { type ChartDraft, type ChartFailure, cellField, headingField } from "./size-chart-form.ts";

/** A button that changes the grid (adds or removes a row or a column): it saves nothing, so it skips validation. */
function ChartButton({
  intent,
  disabled,
  label,
  children,
}: {
  intent: string;
  disabled: boolean;
  label?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className="button button--outline button--small"
      disabled={disabled}
      formNoValidate
      aria-label={label}
    >
      {children}
    </button>
  );
}

/**
 * The size chart's table editor (a category's or a product's): a title, a note, a row of headings and rows of
 * cells, all plain text fields in one form. "Add row", "Add column" and each "Remove" are submit buttons, so it
 * works without JavaScript; the grid comes back changed with everything typed kept, and "Save chart" saves it.
 */
export function SizeChartEditor({
  draft,
  saved,
  failure,
  busy,
  intro,
}: {
  /** What the fields show: the saved chart, a new one, or the grid as it came back. */
  draft: ChartDraft;
  /** A chart is saved now (it can be removed). */
  saved: boolean;
  failure: ChartFailure | null;
  busy: boolean;
  intro: string;
}) {
  const { columns, rows } = draft;
  const columnName = (column: number) => columns[column]?.trim() || `column ${column + 1}`;
  return (
    <Form method="post" className="size-chart-editor" preventScrollReset>
      {/* The default button: Enter in a field saves the chart rather than adding a row. */}
      <button
        type="submit"
        name="intent"
        value="chart-save"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
      >
        Save chart
      </button>
      <p className="field__hint">{intro}</p>
      {failure?.message && (
        <FormAlert kind="error" title={failure.message}>
          {failure.errors.length > 0 && (
            <ul>
              {failure.errors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
        </FormAlert>
      )}
      <input type="hidden" name="chart_columns" value={columns.length} />
      <input type="hidden" name="chart_rows" value={rows.length} />
      <div className="form-row">
        <Field
          name="chart_title"
          label="Title"
          optional
          maxLength={SIZE_CHART_TITLE_MAX}
          defaultValue={draft.title}
          hint='Shown above the table; empty shows "Size chart".'
        />
        <Field
          name="chart_note"
          label="Note"
          optional
          maxLength={SIZE_CHART_NOTE_MAX}
          defaultValue={draft.note}
          hint="The unit and how to measure, e.g. Measurements in inches."
        />
      </div>
      <div className="admin-table-wrap size-chart-editor__wrap">
        <table className="size-chart-editor__table">
          <caption className="visually-hidden">The size chart's headings and rows</caption>
          <thead>
            <tr>
              {columns.map((heading, column) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are known by their place; the form is redrawn after each change.
                <th key={column} scope="col">
                  <div className="size-chart-editor__heading">
                    <input
                      className="field__input"
                      name={headingField(column)}
                      defaultValue={heading}
                      maxLength={SIZE_CHART_CELL_MAX}
                      aria-label={`Heading of column ${column + 1}`}
                    />
                    <button
                      type="submit"
                      name="intent"
                      value={`chart-remove-column-${column}`}
                      className="button button--outline button--small"
                      disabled={busy || columns.length <= 2}
                      formNoValidate
                      aria-label={`Remove column ${columnName(column)}`}
                    >
                      Remove
                    </button>
                  </div>
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">Row buttons</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, rowIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are known by their place; the form is redrawn after each change.
              <tr key={rowIndex}>
                {row.map((cell, column) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are known by their place.
                  <td key={column}>
                    <input
                      className="field__input"
                      name={cellField(rowIndex, column)}
                      defaultValue={cell}
                      maxLength={SIZE_CHART_CELL_MAX}
                      aria-label={`Row ${rowIndex + 1}, ${columnName(column)}`}
                    />
                  </td>
                ))}
                <td>
                  <ChartButton
                    intent={`chart-remove-row-${rowIndex}`}
                    disabled={busy || rows.length <= 1}
                    label={`Remove row ${rowIndex + 1}`}
                  >
                    Remove
                  </ChartButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="field__hint">
        Every cell needs a value (use – where a measurement does not apply); rows left wholly empty are
        dropped.
      </p>
      <div className="admin-form-actions">
        <ChartButton intent="chart-add-row" disabled={busy || rows.length >= SIZE_CHART_ROWS_MAX}>
          Add row
        </ChartButton>
        <ChartButton intent="chart-add-column" disabled={busy || columns.length >= SIZE_CHART_COLUMNS_MAX}>
          Add column
        </ChartButton>
        <button type="submit" name="intent" value="chart-save" className="button" disabled={busy}>
          {busy ? "Saving..." : "Save chart"}
        </button>
        {saved && (
          <button
            type="submit"
            name="intent"
            value="chart-delete"
            className="button button--outline admin-danger-button"
            disabled={busy}
            formNoValidate
          >
            Remove chart
          </button>
        )}
      </div>
    </Form>
  );
}
