import { describe, expect, it } from "vitest";
import { CsvSyntaxError, csvRecord, parseCsv, unguarded } from "./csv.ts";

describe("csvRecord", () => {
  it("joins fields with commas and ends the record with CRLF", () => {
    expect(csvRecord(["a@example.pk", "footer", 3, null])).toBe("a@example.pk,footer,3,\r\n");
  });

  it("quotes a field with a comma, a quote or a line break, doubling its quotes", () => {
    expect(csvRecord(['Tote, "large"', "two\nlines", "cr\rlf"])).toBe(
      '"Tote, ""large""","two\nlines","cr\rlf"\r\n',
    );
  });

  it("keeps a spreadsheet from reading a field as a formula", () => {
    expect(csvRecord(['=HYPERLINK("http://x")', "+1", "-2", "@sum", "\tx", "a=b"])).toBe(
      `"'=HYPERLINK(""http://x"")",'+1,'-2,'@sum,'\tx,a=b\r\n`,
    );
    expect(csvRecord([-2])).toBe("-2\r\n");
  });
});

const records = (text: string) => [...parseCsv(text)].map((record) => record.fields);

describe("parseCsv", () => {
  it("reads what csvRecord writes, quotes, commas and line breaks included", () => {
    const rows = [
      ["Handle", "Body (HTML)", "Price"],
      ['tote, "large"', "<p>two\nlines</p>", "1499.50"],
      ["cr", "a\r\nb", ""],
    ];
    expect(records(rows.map((row) => csvRecord(row)).join(""))).toEqual(rows);
  });

  it("takes CRLF, LF or a lone CR between records, with or without a final line break", () => {
    expect(records("a,b\r\nc,d\r\n")).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
    expect(records("a,b\nc,d")).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
    expect(records("a,b\rc,d\r")).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
  });

  it("skips a byte-order mark and blank lines, and keeps empty fields", () => {
    expect(records("\uFEFFHandle,Title\r\n\r\nx,,\r\n\n")).toEqual([
      ["Handle", "Title"],
      ["x", "", ""],
    ]);
  });

  it("says on which line each record starts, counting line breaks inside quotes", () => {
    const lines = [...parseCsv('h\r\n"one\r\ntwo"\r\nthree\n')].map((record) => record.line);
    expect(lines).toEqual([1, 2, 4]);
  });

  it("refuses a quote left open and text after a closing quote", () => {
    expect(() => records('a,"open\r\nstill open')).toThrow(CsvSyntaxError);
    expect(() => records('a,"closed"x\r\n')).toThrow(/closing quote/);
  });

  it("keeps quotes inside an unquoted field as they are", () => {
    expect(records('5" strap,b')).toEqual([['5" strap', "b"]]);
  });
});

describe("unguarded", () => {
  it("takes off the apostrophe csvRecord puts before a formula, and nothing else", () => {
    expect(unguarded("'=SUM(A1)")).toBe("=SUM(A1)");
    expect(unguarded("'-2")).toBe("-2");
    expect(unguarded("'quoted'")).toBe("'quoted'");
    expect(unguarded("Kid's Tee")).toBe("Kid's Tee");
  });
});
