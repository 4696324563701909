import { describe, expect, it } from "vitest";
import { phoneKey, phoneSearchPrefixes } from "./phone.ts";

// Moved here from src/api/checkout/order-limits.test.ts with the rule (docs/decisions/0036-one-home-per-rule.md).
describe("phone numbers for the order limit", () => {
  it("are one line however they are written", () => {
    expect(phoneKey("0300 1234567")).toBe("3001234567");
    expect(phoneKey("+92 300 1234567")).toBe("3001234567");
    expect(phoneKey("92-300-1234567")).toBe("3001234567");
    expect(phoneKey("0301 1234567")).not.toBe("3001234567");
    expect(phoneKey("  Call Me ")).toBe("call me");
  });
});

describe("phone numbers in a search", () => {
  it("match 0300… and 92300… alike, and only text that looks like a number", () => {
    expect(phoneSearchPrefixes("+92 300-1234567")).toEqual(["923001234567", "03001234567"]);
    expect(phoneSearchPrefixes("0300 1")).toEqual(["03001", "923001"]);
    expect(phoneSearchPrefixes("(300) 123")).toEqual(["300123"]);
    expect(phoneSearchPrefixes("12")).toBeUndefined();
    expect(phoneSearchPrefixes("BT-2611")).toBeUndefined();
    expect(phoneSearchPrefixes("ali@example.pk")).toBeUndefined();
  });
});
