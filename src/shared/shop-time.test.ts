import { describe, expect, it } from "vitest";
import {
  afterShopDay,
  atShopTime,
  parseShopTime,
  SHOP_TIME_ZONE,
  SHOP_UTC_OFFSET,
  SHOP_UTC_OFFSET_MINUTES,
  shopDay,
  shopDaysEndingOn,
  shopLocalInput,
  shopTimeText,
  startOfShopDay,
} from "./shop-time.ts";

describe("the shop's clock", () => {
  it("is Pakistan's, UTC+5 all year, in every form it is written", () => {
    expect(SHOP_TIME_ZONE).toBe("Asia/Karachi");
    expect(SHOP_UTC_OFFSET).toBe("+05:00");
    expect(SHOP_UTC_OFFSET_MINUTES).toBe(300);
    // The zone and the offsets agree, in winter and in summer (no daylight saving).
    for (const instant of ["2026-01-15T12:00:00Z", "2026-07-15T12:00:00Z"]) {
      const hour = new Intl.DateTimeFormat("en-GB", {
        hour: "2-digit",
        hourCycle: "h23",
        timeZone: SHOP_TIME_ZONE,
      }).format(new Date(instant));
      expect(hour).toBe("17");
    }
  });

  it("runs its days from local midnight to local midnight", () => {
    expect(atShopTime("2026-10-01")).toBe("2026-10-01T00:00:00+05:00");
    expect(atShopTime("2026-10-01", "12:00")).toBe("2026-10-01T12:00:00+05:00");
    expect(new Date(startOfShopDay("2026-10-01")).toISOString()).toBe("2026-09-30T19:00:00.000Z");
    expect(new Date(afterShopDay("2026-10-01")).toISOString()).toBe("2026-10-01T19:00:00.000Z");
    expect(shopDay(Date.parse("2026-03-10T18:59:59.999Z"))).toBe("2026-03-10");
    expect(shopDay(Date.parse("2026-03-10T19:00:00.000Z"))).toBe("2026-03-11");
    expect(shopDaysEndingOn("2026-03-02", 3)).toEqual(["2026-02-28", "2026-03-01", "2026-03-02"]);
    expect(shopDaysEndingOn("2028-03-01", 2)).toEqual(["2028-02-29", "2028-03-01"]);
  });

  it("shows times as people read them and as a datetime-local field holds them", () => {
    expect(shopTimeText("2026-12-01T04:00:00.000Z")).toBe("1 Dec 2026, 09:00");
    expect(shopTimeText("2026-12-31T19:30:00.000Z")).toBe("1 Jan 2027, 00:30");
    expect(shopLocalInput("2026-12-01T04:00:00.000Z")).toBe("2026-12-01T09:00");
    expect(shopLocalInput(null)).toBe("");
    expect(shopLocalInput("not a time")).toBe("");
  });

  it("reads a datetime-local value, a date or an ISO time, and nothing else", () => {
    expect(parseShopTime("2026-12-01T09:00")).toBe("2026-12-01T04:00:00.000Z");
    expect(parseShopTime("2026-12-01 09:00")).toBe("2026-12-01T04:00:00.000Z");
    expect(parseShopTime("2026-12-01")).toBe("2026-11-30T19:00:00.000Z");
    expect(parseShopTime("2026-12-01T04:00:00Z")).toBe("2026-12-01T04:00:00.000Z");
    expect(parseShopTime("2026-12-01T09:00:00+05:00")).toBe("2026-12-01T04:00:00.000Z");
    for (const text of [
      "2026-02-30",
      "2026-12-01T24:00",
      "2026-12-01T09:60",
      "tomorrow",
      "2026-12-01T09:00:00",
    ])
      expect(parseShopTime(text), text).toBeUndefined();
    // Round trip: what the form shows is what it reads back.
    expect(parseShopTime(shopLocalInput("2026-12-01T04:00:00.000Z"))).toBe("2026-12-01T04:00:00.000Z");
  });
});
