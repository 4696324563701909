import { describe, expect, it } from "vitest";
import { phoneKey, phoneSearchPrefixes, toE164 } from "./phone.ts";

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

describe("phone numbers to text (E.164)", () => {
  it("reads a Pakistani mobile or landline however it is written", () => {
    for (const typed of [
      "0300 1234567",
      "0300-1234567",
      "+92 300 1234567",
      "923001234567",
      "0092 300 1234567",
    ]) {
      expect(toE164(typed), typed).toBe("+923001234567");
    }
    expect(toE164("042 12345678")).toBe("+924212345678");
    expect(toE164("(051) 2345678")).toBe("+92512345678");
  });

  it("answers nothing for what is not such a number", () => {
    for (const typed of [
      "",
      "n/a",
      "12345",
      "0300 12345",
      "0300 123456789",
      "+44 20 7946 0958",
      "00300 1234567",
    ]) {
      expect(toE164(typed), typed).toBeUndefined();
    }
  });
});
