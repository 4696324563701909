import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminHarness, adminHarness } from "../../testing/admin-harness.ts";
import { type ApiHarness, apiHarness, shopper } from "../../testing/api-harness.ts";
import { buildCatalogue, type Catalogue, plainProduct, variantId } from "../../testing/factories.ts";
import { CHECKOUT_CONTACT } from "../../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";

const { engine, available } = testEngine();

/**
 * What an order tells the caches (decision 0056): the products whose stock it moved, unless a variant sold out
 * or came back in stock, which listings show, and then that the catalogue changed.
 */
describe.skipIf(!available)(`orders tell the caches of stock on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;
  let admin: AdminHarness;
  let catalogue: Catalogue;
  const told: (readonly number[] | undefined)[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    api = apiHarness(database, { onCatalogueChanged: (stockOf) => told.push(stockOf) });
    admin = await adminHarness(database, api);
  }, 60_000);
  afterAll(() => database?.drop());

  async function order(id: number, quantity: number) {
    const size = await variantId(database.db, id, catalogue.colors.black.id, catalogue.sizes.oneSize.id);
    const guest = shopper(api);
    expect((await guest.post("/cart/add", { id, size, quantity })).status).toBe(200);
    told.length = 0;
    const placed = await guest.post("/checkout", CHECKOUT_CONTACT);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    return placed.body.order.number as string;
  }

  async function cancel(number: string) {
    told.length = 0;
    const cancelled = await admin.staff.call("PATCH", `/admin/orders/${number}`, { status: "cancelled" });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
  }

  it("a checkout that leaves stock, and its cancellation, tell only that product's stock", async () => {
    const id = await plainProduct(database.db, catalogue, "some-left");
    const number = await order(id, 2);
    expect(told).toEqual([[id]]);
    await cancel(number);
    expect(told).toEqual([[id]]);
  });

  it("a checkout that sells a variant out, and the cancellation that brings it back, change the catalogue", async () => {
    const id = await plainProduct(database.db, catalogue, "sold-out");
    const number = await order(id, 5);
    expect(told).toEqual([undefined]);
    await cancel(number);
    expect(told).toEqual([undefined]);
  });
});
