import { describe, expect, it } from "vitest";
import { phoneSearchPrefix, toE164 } from "./phone.ts";

describe("Pakistani phone numbers in E.164", () => {
  it("are one number however they are written", () => {
    for (const typed of [
      "0300 1234567",
      "0300-1234567",
      "+92 300 1234567",
      "923001234567",
      "+92 (300) 123-4567",
      "0092 300 1234567",
      "3001234567",
      " 0300.1234567 ",
    ]) {
      expect(toE164(typed), typed).toBe("+923001234567");
    }
  });

  it("take landlines with their area code", () => {
    expect(toE164("042 35761234")).toBe("+924235761234");
    expect(toE164("021-34567890")).toBe("+922134567890");
    expect(toE164("051 2345678")).toBe("+92512345678");
    expect(toE164("+92 995 612345")).toBe("+92995612345");
  });

  it("refuse what is not a Pakistani number", () => {
    for (const typed of [
      "",
      "Call me",
      "+44 20 7946 0958",
      "+1 212 555 0100",
      "0300 123456",
      "0300 12345678",
      "0300 1234567 ext 2",
      "01 2345678",
      "12345",
      "+92 300 12345678",
      "0300-123456a",
    ]) {
      expect(toE164(typed), typed).toBeUndefined();
    }
  });
});

describe("phone numbers in a search", () => {
  it("become the E.164 prefix they match, and only text that looks like a number", () => {
    expect(phoneSearchPrefix("+92 300-1234567")).toBe("+923001234567");
    expect(phoneSearchPrefix("0300 1")).toBe("+923001");
    expect(phoneSearchPrefix("300 123")).toBe("+92300123");
    expect(phoneSearchPrefix("0092 300")).toBe("+92300");
    expect(phoneSearchPrefix("12")).toBeUndefined();
    expect(phoneSearchPrefix("BT-2611")).toBeUndefined();
    expect(phoneSearchPrefix("ali@example.pk")).toBeUndefined();
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
