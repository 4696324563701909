import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedOrder, storedShipment } from "../../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { courierRegistry } from "../couriers/couriers.ts";
import { dashboardRepository } from "./dashboard.repository.ts";
import { dashboardService } from "./dashboard.service.ts";

const { engine, available } = testEngine();

/** The dashboard's delivery and refused rates: orders of the last 30 days that were delivered or refused. */
describe.skipIf(!available)(`delivery and refused rates on the dashboard on ${engine}`, () => {
  let database: TestDatabase;
  // 10:00 on 20 June in Lahore: the window starts at midnight on 22 May there (19:00 UTC on 21 May).
  const now = new Date("2026-06-20T05:00:00.000Z");
  const service = () =>
    dashboardService(dashboardRepository(database.db), {
      lowStockThreshold: 3,
      courierName: courierRegistry(undefined).name,
      now: () => now,
    });

  let sequence = 0;
  const order = async (
    status: string,
    {
      city = "Lahore",
      courier,
      at = "2026-06-10T10:00:00.000Z",
      cancelled = false,
    }: {
      city?: string;
      courier?: string;
      at?: string;
      cancelled?: boolean;
    } = {},
  ) => {
    sequence += 1;
    const id = await storedOrder(database.db, { number: `RATE-${sequence}`, status, city, created_at: at });
    if (courier) {
      await storedShipment(database.db, id, {
        courier,
        status: "delivered",
        cancelled_at: cancelled ? at : null,
      });
    }
    return id;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    // Lahore by Leopards: 3 delivered, 1 refused (returning).
    for (let i = 0; i < 3; i++) await order("delivered", { courier: "leopards" });
    await order("returning", { courier: "leopards" });
    // Karachi by PostEx: 1 delivered, 1 refused (returned); " karachi" is the same city.
    await order("delivered", { city: "Karachi", courier: "postex" });
    await order("returned", { city: " karachi", courier: "postex" });
    // Delivered by hand, no shipment row; and one whose only shipment was cancelled.
    await order("delivered", { city: "Multan" });
    await order("delivered", { city: "Multan", courier: "leopards", cancelled: true });
    // Not counted: still on the way, cancelled, or placed before the window.
    await order("shipped", { courier: "leopards" });
    await order("cancelled");
    await order("returned", { courier: "leopards", at: "2026-05-21T18:59:59.000Z" });
    await order("delivered", { at: "2026-05-21T19:00:00.000Z" }); // midnight on 22 May in Lahore: counted
  });
  afterAll(() => database?.drop());

  it("rates delivered against refused overall, by city and by courier", async () => {
    const { outcomes } = await service().get();
    expect(outcomes.overall).toEqual({
      label: "All orders",
      delivered: 7,
      refused: 2,
      delivery_rate: 77.8,
      refused_rate: 22.2,
    });
    expect(outcomes.by_city).toEqual([
      { label: "Lahore", delivered: 4, refused: 1, delivery_rate: 80, refused_rate: 20 },
      { label: "Karachi", delivered: 1, refused: 1, delivery_rate: 50, refused_rate: 50 },
      { label: "Multan", delivered: 2, refused: 0, delivery_rate: 100, refused_rate: 0 },
    ]);
    expect(outcomes.by_courier).toEqual([
      { label: "Leopards Courier", delivered: 3, refused: 1, delivery_rate: 75, refused_rate: 25 },
      { label: "No courier booked", delivered: 3, refused: 0, delivery_rate: 100, refused_rate: 0 },
      { label: "PostEx", delivered: 1, refused: 1, delivery_rate: 50, refused_rate: 50 },
    ]);
  });

  it("lists eight cities by name and sums the rest", async () => {
    for (const city of ["Quetta", "Sialkot", "Hyderabad", "Peshawar", "Faisalabad", "Sukkur"]) {
      await order("delivered", { city });
    }
    const { by_city: cities } = (await service().get()).outcomes;
    expect(cities).toHaveLength(9);
    expect(cities.at(-1)).toEqual({
      label: "Other cities",
      delivered: 1,
      refused: 0,
      delivery_rate: 100,
      refused_rate: 0,
    });
  });

  it("answers no overall rate when nothing reached an outcome", async () => {
    const early = dashboardService(dashboardRepository(database.db), {
      lowStockThreshold: 3,
      now: () => new Date("2026-09-01T00:00:00.000Z"),
    });
    expect((await early.get()).outcomes).toEqual({ overall: null, by_city: [], by_courier: [] });
  });
});
