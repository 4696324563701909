/** A plain-text table with a title, right-aligned numbers and left-aligned text. */
export function table(title: string, header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((row) => row.map((cell) => String(cell)))];
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? "").length)));
  const numeric = header.map((_, column) =>
    rows.every((row) => typeof row[column] === "number" || /^(-?[\d.,]+|n\/a)/.test(String(row[column]))),
  );
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        numeric[column] && column > 0 ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join("  ")
      .trimEnd();
  const rule = widths.map((width) => "-".repeat(width)).join("  ");
  return [`\n${title}`, line(cells[0] ?? []), rule, ...cells.slice(1).map(line)].join("\n");
}

/** The same rows as a Markdown table, for docs/benchmarks.md. */
export function markdownTable(header: string[], rows: (string | number)[][]): string {
  const line = (row: (string | number)[]) => `| ${row.map(String).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

export const fmt = {
  int: (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString("en") : "n/a"),
  ms: (value: number) =>
    Number.isFinite(value) ? (value < 10 ? value.toFixed(2) : value.toFixed(1)) : "n/a",
  ratio: (value: number) => (Number.isFinite(value) ? value.toFixed(2) : "n/a"),
  kb: (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / 1024).toFixed(1)}` : "n/a"),
};
