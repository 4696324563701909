import {
  type ProductDetail,
  productDetailsSchema,
  type SizeChart,
  sizeChartSchema,
} from "../../../shared/contracts/product-details.ts";

/**
 * The catalogue CSV's Details and Size Chart cells (docs/catalogue-csv.md), written and read back unchanged:
 *
 * - Details: `Fabric: Lawn; Fit: Regular; Care: Hand wash cold`, each detail a label and its value split at the
 *   first colon, details split by semicolons.
 * - Size Chart: `Title | Note; Size | Chest | Length; S | 36 | 27; M | 38 | 28`, rows split by semicolons and
 *   cells by bars; the first row is the chart's title and note, the second its headings, the rest its rows.
 *
 * A backslash makes the next character plain text (`\;`, `\:`, `\|`, `\\`); spaces around a separator are
 * ignored.
 */

const escaped = (text: string, special: string) =>
  [...text].map((char) => (char === "\\" || special.includes(char) ? `\\${char}` : char)).join("");

const plainText = (text: string) => text.replace(/\\(.)/gs, "$1").trim();

/** `text` split at each `separator` not escaped by a backslash; pieces keep their escapes. */
function splitUnescaped(text: string, separator: string, limit = Number.POSITIVE_INFINITY): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    if (text[index] === "\\") index++;
    else if (text[index] === separator && pieces.length < limit - 1) {
      pieces.push(text.slice(start, index));
      start = index + 1;
    }
  }
  pieces.push(text.slice(start));
  return pieces;
}

export function detailsCell(details: readonly ProductDetail[]): string {
  return details.map(({ label, value }) => `${escaped(label, ";:")}: ${escaped(value, ";")}`).join("; ");
}

/** A checked list of details, or the reason the cell is not one. */
export function readDetailsCell(text: string): ProductDetail[] | string {
  const details: ProductDetail[] = [];
  for (const piece of splitUnescaped(text, ";")) {
    if (piece.trim() === "") continue;
    const [label, value] = splitUnescaped(piece, ":", 2);
    if (value === undefined) {
      return `Details must be "Label: value" pairs split by semicolons, like "Fabric: Lawn; Fit: Regular" (found "${piece.trim().slice(0, 40)}").`;
    }
    details.push({ label: plainText(label!), value: plainText(value) });
  }
  const checked = productDetailsSchema.safeParse(details);
  return checked.success ? checked.data : `Details: ${checked.error.issues[0]!.message}`;
}

export function sizeChartCell(chart: SizeChart | null): string {
  if (!chart) return "";
  const row = (cells: readonly string[]) => cells.map((cell) => escaped(cell, ";|")).join(" | ");
  return [row([chart.title, chart.note]), row(chart.columns), ...chart.rows.map(row)].join("; ");
}

/** A checked size chart, or the reason the cell is not one. */
export function readSizeChartCell(text: string): SizeChart | string {
  const rows = splitUnescaped(text, ";")
    .filter((row) => row.trim() !== "")
    .map((row) => splitUnescaped(row, "|").map(plainText));
  const [heading, columns, ...cells] = rows;
  if (!heading || heading.length > 2 || !columns) {
    return 'Size Chart must be "Title | Note; Heading | Heading; Cell | Cell; ..." (see docs/catalogue-csv.md).';
  }
  const checked = sizeChartSchema.safeParse({
    title: heading[0] ?? "",
    note: heading[1] ?? "",
    columns,
    rows: cells,
  });
  return checked.success ? checked.data : `Size Chart: ${checked.error.issues[0]!.message}`;
}
