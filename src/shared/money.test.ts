import { describe, expect, it } from "vitest";
import { formatAmount, formatPlainAmount, formatRupees, formatWholeRupees, parseRupees } from "./money.ts";

describe("amount display", () => {
  it("prints rupees with 2 decimals and thousands commas", () => {
    expect(formatAmount(1250)).toBe("1,250.00");
    expect(formatRupees(1250.5)).toBe("Rs. 1,250.50");
    expect(formatRupees(0)).toBe("Rs. 0.00");
    expect(formatRupees(42_457_499_700.5)).toBe("Rs. 42,457,499,700.50");
  });

  it("prints a whole amount without decimals, and keeps paisa when there are some", () => {
    expect(formatWholeRupees(200)).toBe("Rs. 200");
    expect(formatWholeRupees(1500)).toBe("Rs. 1,500");
    expect(formatWholeRupees(0)).toBe("Rs. 0");
    expect(formatWholeRupees(200.5)).toBe("Rs. 200.50");
  });

  it("prints a machine-readable amount without grouping", () => {
    expect(formatPlainAmount(1250)).toBe("1250.00");
    expect(formatPlainAmount(2699.1)).toBe("2699.10");
  });
});

describe("reading rupees people type", () => {
  it("drops Rs. and thousands commas, in both dialects", () => {
    for (const strict of [false, true]) {
      expect(
        ["1499", "1499.5", "1,499.50", "Rs. 1,499", "rs 12,345,678.9", "RS.250", " 1250 "].map((text) =>
          parseRupees(text, { strict }),
        ),
      ).toEqual([1499, 1499.5, 1499.5, 1499, 12_345_678.9, 250, 1250]);
      for (const text of ["", "abc", "12e3", "-5", "1.", "Rs.", "1 499"])
        expect(parseRupees(text, { strict }), text).toBeUndefined();
    }
  });

  it("leaves the form's checks to judge loose commas and decimals, which the CSV refuses", () => {
    // The product form: a number, then its own "two decimals" and bounds checks (src/shared/contracts/admin-products.ts).
    expect(["1,49", ".5", "12.345", "0"].map((text) => parseRupees(text))).toEqual([149, 0.5, 12.345, 0]);
    // The catalogue CSV: these are not amounts at all (src/api/admin/catalogue-csv/csv-rows.ts).
    for (const text of ["1,49", ".5", "12.345", "1.999"])
      expect(parseRupees(text, { strict: true }), text).toBeUndefined();
    expect(parseRupees("0", { strict: true })).toBe(0);
  });
});
