import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type ApiHarness, apiHarness, shopper } from "../testing/api-harness.ts";
import { buildCatalogue, type Catalogue, variantId } from "../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../testing/test-db.ts";

const { engine, available } = testEngine();

// What a shopper sees when PostgreSQL restarts or is held up: the API keeps answering, with a clean 503 at worst.
describe.skipIf(engine !== "postgres" || !available)("the API when PostgreSQL is unavailable", () => {
  let database: TestDatabase;
  let api: ApiHarness;
  let catalogue: Catalogue;
  let toteBlack: number;
  const logger = { warn: vi.fn() };

  beforeAll(async () => {
    database = await createTestDatabase({
      logger,
      // A short lock timeout, so the test of it takes a fraction of a second.
      timeouts: { connectMs: 3000, statementMs: 5000, lockMs: 200, idleInTransactionMs: 5000 },
    });
    catalogue = await buildCatalogue(database.db);
    api = apiHarness(database);
    const { products, colors, sizes } = catalogue;
    toteBlack = await variantId(database.db, products.tote, colors.black.id, sizes.oneSize.id);
  });
  afterAll(() => database?.drop());

  it("answers again after the server ended every connection", async () => {
    const guest = shopper(api);
    const add = { id: catalogue.products.tote, quantity: 1, size: toteBlack };
    expect((await guest.post("/cart/add", add)).status).toBe(200);

    const terminated = await database.terminateConnections();
    await vi.waitFor(() => expect(logger.warn).toHaveBeenCalledTimes(terminated), { timeout: 3000 });

    const { status, body } = await guest.get("/cart");
    expect(status).toBe(200);
    expect(body.quantity).toBe(1);
  });

  it("answers 503 with a plain message when a lock is held past the lock timeout", async () => {
    const guest = shopper(api);
    const add = { id: catalogue.products.tote, quantity: 1, size: toteBlack };
    let answer: Awaited<ReturnType<typeof guest.post>> | undefined;
    // Another transaction (an administrator's stock edit, a stuck checkout) holds the variant's row.
    await database.db.transaction().execute(async (trx) => {
      await sql`SELECT id FROM variants WHERE id = ${toteBlack} FOR UPDATE`.execute(trx);
      answer = await guest.post("/cart/add", add);
    });
    expect(answer?.status).toBe(503);
    expect(answer?.body).toEqual({
      message: "Service temporarily unavailable. Please try again in a moment.",
    });
    expect(answer?.headers.get("retry-after")).toBe("5");

    // Once the lock is gone the same request goes through.
    expect((await guest.post("/cart/add", add)).status).toBe(200);
  });
});
