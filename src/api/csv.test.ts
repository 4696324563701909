import { describe, expect, it } from "vitest";
import { csvRecord } from "./csv.ts";

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
