/**
 * CSV for downloads that open in a spreadsheet (RFC 4180): fields separated by commas, records by CRLF, a field
 * quoted when it holds a comma, a quote or a line break (its quotes doubled). A field that a spreadsheet would
 * take for a formula (starting with =, +, -, @, a tab or a carriage return) is prefixed with an apostrophe, so
 * opening an export never runs what someone typed into the shop (CSV injection).
 */

type Cell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

function field(cell: Cell): string {
  if (cell === null) return "";
  const text = typeof cell === "number" ? String(cell) : FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, with its CRLF. */
export function csvRecord(cells: readonly Cell[]): string {
  return `${cells.map(field).join(",")}\r\n`;
}
