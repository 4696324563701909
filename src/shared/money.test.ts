import { describe, expect, it } from "vitest";
import { formatAmount, formatPlainAmount, formatRupees, formatWholeRupees } from "./money.ts";

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
