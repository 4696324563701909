/**
 * CSV for downloads that open in a spreadsheet (RFC 4180): fields separated by commas, records by CRLF, a field
 * quoted when it holds a comma, a quote or a line break (its quotes doubled). A field that a spreadsheet would
 * take for a formula (starting with =, +, -, @, a tab or a carriage return) is prefixed with an apostrophe, so
 * opening an export never runs what someone typed into the shop (CSV injection).
 */

import { toRupees } from "./money/money.ts";

type Cell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

function field(cell: Cell): string {
  if (cell === null) return "";
  const text = typeof cell === "number" ? String(cell) : FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rupees as an export writes them (the catalogue's, the orders'): 1499, or 1499.50 with its paisa. */
export function rupeesText(paisa: number): string {
  const rupees = toRupees(paisa);
  return Number.isInteger(rupees) ? String(rupees) : rupees.toFixed(2);
}

/** One record, with its CRLF. */
export function csvRecord(cells: readonly Cell[]): string {
  return `${cells.map(field).join(",")}\r\n`;
}

/** A formula guard's apostrophe as `csvRecord` writes it: taken off again when such a file is read back. */
const GUARDED_FORMULA = /^'[=+\-@\t\r]/;

/** The text of a field as written: a leading apostrophe that `csvRecord` put before a formula start is dropped. */
export function unguarded(text: string): string {
  return GUARDED_FORMULA.test(text) ? text.slice(1) : text;
}

export class CsvSyntaxError extends Error {
  override name = "CsvSyntaxError";
  /** The 1-based line the problem was found on. */
  readonly line: number;
  constructor(message: string, line: number) {
    super(message);
    this.line = line;
  }
}

/**
 * Reads CSV text (RFC 4180): fields separated by commas, records by CRLF or LF (a lone CR too), a quoted field may
 * hold commas, doubled quotes and line breaks. A byte-order mark at the start is skipped, and blank records (an
 * empty line, or a trailing line break) are dropped. Yields each record with the line it starts on. Throws
 * `CsvSyntaxError` for a quote left open or text after a closing quote.
 */
export function* parseCsv(text: string): Generator<{ line: number; fields: string[] }> {
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const length = text.length;
  while (index < length) {
    const start = line;
    const fields: string[] = [];
    for (;;) {
      let value = "";
      if (text[index] === '"') {
        index += 1;
        for (;;) {
          const quote = text.indexOf('"', index);
          if (quote === -1)
            throw new CsvSyntaxError(`A quoted field opened on line ${line} is never closed.`, line);
          const part = text.slice(index, quote);
          value += part;
          line += countBreaks(part);
          if (text[quote + 1] === '"') {
            value += '"';
            index = quote + 2;
          } else {
            index = quote + 1;
            break;
          }
        }
        const next = text[index];
        if (next !== undefined && next !== "," && next !== "\r" && next !== "\n") {
          throw new CsvSyntaxError(
            `Line ${line}: text follows a closing quote (write a quote inside a quoted field as "").`,
            line,
          );
        }
      } else {
        let end = index;
        while (end < length) {
          const char = text[end];
          if (char === "," || char === "\r" || char === "\n") break;
          end += 1;
        }
        value = text.slice(index, end);
        index = end;
      }
      fields.push(value);
      const char = text[index];
      if (char === ",") {
        index += 1;
        continue;
      }
      if (char === "\r") index += text[index + 1] === "\n" ? 2 : 1;
      else if (char === "\n") index += 1;
      line += char === undefined ? 0 : 1;
      break;
    }
    if (fields.length === 1 && fields[0] === "") continue;
    yield { line: start, fields };
  }
}

function countBreaks(text: string): number {
  let breaks = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === "\n" || (char === "\r" && text[index + 1] !== "\n")) breaks += 1;
  }
  return breaks;
}
