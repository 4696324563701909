import type { ApiError } from "../../../shared/contracts/operations.ts";
import {
  SIZE_CHART_COLUMNS_MAX,
  SIZE_CHART_ROWS_MAX,
  type SizeChart,
} from "../../../shared/contracts/product-details.ts";
import { failureStatus, formText } from "../../ui/forms/api-errors.ts";

/**
 * The size chart editor's values (docs/decisions/0063): a grid of text fields that works without JavaScript.
 * Adding or removing a row or a column is a submit button (`intent`) that saves nothing and brings the grid back
 * changed, with everything typed kept; "Save chart" sends it to the API, which checks it.
 */
export interface ChartDraft {
  title: string;
  note: string;
  columns: string[];
  rows: string[][];
}

/** What a refused or unsaved chart brings back to the editor. */
export interface ChartFailure {
  ok: false;
  intent: "chart";
  message: string;
  errors: string[];
  draft: ChartDraft;
}

export const CHART_INTENT_PREFIX = "chart-";

/** A new chart starts with the usual headings and three empty rows. */
export const NEW_CHART: ChartDraft = {
  title: "",
  note: "Measurements in inches",
  columns: ["Size", "Chest", "Length"],
  rows: [
    ["", "", ""],
    ["", "", ""],
    ["", "", ""],
  ],
};

export const draftOf = (chart: SizeChart | null): ChartDraft => chart ?? NEW_CHART;

export const headingField = (column: number) => `chart_head_${column}`;
export const cellField = (row: number, column: number) => `chart_cell_${row}_${column}`;

/** A count from a hidden field, kept within what the editor may show. */
function countOf(form: FormData, name: string, max: number): number {
  const count = Number(formText(form, name));
  return Number.isInteger(count) ? Math.min(Math.max(count, 0), max) : 0;
}

/** The grid as typed. */
export function readChartForm(form: FormData): ChartDraft {
  const columnCount = countOf(form, "chart_columns", SIZE_CHART_COLUMNS_MAX);
  const rowCount = countOf(form, "chart_rows", SIZE_CHART_ROWS_MAX);
  const columns = Array.from({ length: columnCount }, (_, column) => formText(form, headingField(column)));
  const rows = Array.from({ length: rowCount }, (_, row) =>
    Array.from({ length: columnCount }, (_, column) => formText(form, cellField(row, column))),
  );
  return { title: formText(form, "chart_title"), note: formText(form, "chart_note"), columns, rows };
}

/** The grid changed by an editing intent ("chart-add-row", "chart-remove-column-2"...); undefined for others. */
export function editDraft(draft: ChartDraft, intent: string): ChartDraft | undefined {
  const { columns, rows } = draft;
  if (intent === "chart-add-row" && rows.length < SIZE_CHART_ROWS_MAX) {
    return { ...draft, rows: [...rows, columns.map(() => "")] };
  }
  if (intent === "chart-add-column" && columns.length < SIZE_CHART_COLUMNS_MAX) {
    return { ...draft, columns: [...columns, ""], rows: rows.map((row) => [...row, ""]) };
  }
  const removal = /^chart-remove-(row|column)-(\d+)$/.exec(intent);
  if (!removal) return intent === "chart-add-row" || intent === "chart-add-column" ? draft : undefined;
  const index = Number(removal[2]);
  if (removal[1] === "row") return { ...draft, rows: rows.filter((_, row) => row !== index) };
  return {
    ...draft,
    columns: columns.filter((_, column) => column !== index),
    rows: rows.map((row) => row.filter((_, column) => column !== index)),
  };
}

/** The API's body for the grid: rows left wholly empty are dropped (a new chart's spare rows). */
export function chartBody(draft: ChartDraft): SizeChart {
  return {
    title: draft.title,
    note: draft.note,
    columns: draft.columns,
    rows: draft.rows.filter((row) => row.some((cell) => cell.trim() !== "")),
  };
}

/** Every message of the API's refusal once, in its order ("size_chart.rows": ..., "size_chart.columns.1": ...). */
function chartMessages(errors: Record<string, string[]> | undefined): string[] {
  return [...new Set(Object.values(errors ?? {}).flat())];
}

type SaveAnswer = { ok: true } | { ok: false; status: number; data: ApiError };

/**
 * A submission of the size chart editor: an editing intent brings the changed grid back (nothing saved);
 * "chart-save" saves the grid, "chart-delete" removes the chart, each through `save`. Undefined when the form
 * was not the chart's.
 */
export async function sizeChartSubmission(
  form: FormData,
  save: (chart: SizeChart | null) => Promise<SaveAnswer>,
): Promise<
  { done: "chart-saved" | "chart-removed" } | { failure: ChartFailure; status: number } | undefined
> {
  const intent = formText(form, "intent");
  if (!intent.startsWith(CHART_INTENT_PREFIX)) return undefined;
  const draft = readChartForm(form);
  const edited = editDraft(draft, intent);
  if (edited)
    return { failure: { ok: false, intent: "chart", message: "", errors: [], draft: edited }, status: 200 };
  const removing = intent === "chart-delete";
  const answer = await save(removing ? null : chartBody(draft));
  if (answer.ok) return { done: removing ? "chart-removed" : "chart-saved" };
  const errors = chartMessages(answer.data.errors);
  return {
    failure: {
      ok: false,
      intent: "chart",
      message:
        errors.length > 0
          ? "The size chart was not saved:"
          : answer.data.message || "The size chart could not be saved. Please try again.",
      errors,
      draft,
    },
    status: failureStatus(answer.status),
  };
}
