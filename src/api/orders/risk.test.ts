import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressKey } from "../../shared/order-risk.ts";
import { storedOrder } from "../../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { flagsAtCheckout } from "./risk.ts";

const { engine, available } = testEngine();

/** The flags a checkout stores (decision 0042), asked in one round trip since the flash sale (decision 0058). */
describe.skipIf(!available)(`an order's flags at checkout on ${engine}`, () => {
  let database: TestDatabase;
  const now = new Date("2026-11-29T12:00:00.000Z");
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
  const context = { now, highValuePaisa: 5_000_000, addressBlocked: false };
  const flags = (phone: string | null, address: string, total = 100_000, extra = {}) =>
    flagsAtCheckout(
      database.db,
      { phone_e164: phone, address_key: addressKey(address, "Lahore"), total },
      { ...context, ...extra },
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    // +923001112223: refused a parcel a month ago. +923004445556: ordered two hours ago from 7 Canal Road.
    await storedOrder(database.db, {
      number: "BT-261029-AAAAA",
      phone: "0300 1112223",
      address: "1 Old Road",
      status: "returned",
      created_at: hoursAgo(24 * 30),
    });
    await storedOrder(database.db, {
      number: "BT-261129-BBBBB",
      phone: "0300 4445556",
      address: "7 Canal Road",
      created_at: hoursAgo(2),
    });
    // An order over a day old from another phone and address flags nothing.
    await storedOrder(database.db, {
      number: "BT-261127-CCCCC",
      phone: "0300 7778889",
      address: "9 Ferozepur Road",
      created_at: hoursAgo(30),
    });
  });
  afterAll(() => database?.drop());

  it("flags nothing for a new phone and address, nor for orders over a day old", async () => {
    expect(await flags("+923009990001", "5 New Street")).toBe("");
    expect(await flags("+923007778889", "9 Ferozepur Road")).toBe("");
  });

  it("flags a phone that refused a parcel before, whatever the address", async () => {
    expect(await flags("+923001112223", "5 New Street")).toBe("refused_before");
  });

  it("flags a second order within a day from the same phone, or from the same address, once", async () => {
    expect(await flags("+923004445556", "5 New Street")).toBe("repeat_24h");
    expect(await flags("+923009990001", "7 Canal Road")).toBe("repeat_24h");
    expect(await flags("+923004445556", "7 Canal Road")).toBe("repeat_24h");
    expect(await flags(null, "7 Canal Road")).toBe("repeat_24h");
    expect(await flags(null, "5 New Street")).toBe("");
  });

  it("keeps the flags in their order: blocked address, refused before, repeat, high value", async () => {
    const all = await flags("+923001112223", "7 Canal Road", 6_000_000, { addressBlocked: true });
    expect(all.split(/[ ,]+/).filter(Boolean)).toEqual([
      "blocked_address",
      "refused_before",
      "repeat_24h",
      "high_value",
    ]);
  });
});
