import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { retryingTransaction } from "../../platform/db/transaction.ts";
import { buildCatalogue, type Catalogue, plainProduct } from "../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { updateProduct } from "../products/product-writer.ts";
import { catalogueWrite, markCatalogueChanged, markStockChanged } from "./catalogue-write.ts";
import { catalogueVersion } from "./count-cache.ts";

const { engine, available } = testEngine();

/**
 * "The catalogue changed" is said in one place, `catalogueWrite`, and only once its transaction has committed
 * (docs/decisions/0036-one-home-per-rule.md): never from inside the transaction, never for one that rolled back.
 */
describe.skipIf(!available)(`catalogue changes are told after the commit on ${engine}`, () => {
  let database: TestDatabase;
  let catalogue: Catalogue;
  let product: number;
  /** What the listener was told, with what a query on the database saw of the product's title then. */
  let told: Promise<string | undefined>[];
  const listener = () => {
    told.push(titleOf(product));
  };

  const titleOf = async (id: number) =>
    (await database.db.selectFrom("products").select("title").where("id", "=", id).executeTakeFirst())?.title;
  const retryable = () => Object.assign(new Error("deadlock"), { code: "40P01" });

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    product = await plainProduct(database.db, catalogue, "told-after-commit");
  });
  afterAll(() => database?.drop());
  beforeEach(() => {
    told = [];
  });

  it("tells nobody while the transaction is open, then this process's caches and the listener once it has committed", async () => {
    const version = catalogueVersion();
    // A transaction runner that notes when its commit is done, and a listener that notes whether it was.
    let committed = false;
    const committedWhenTold: boolean[] = [];
    const answer = await catalogueWrite(
      async (work) => {
        const result = await database.db.transaction().execute(work);
        committed = true;
        return result;
      },
      async (trx) => {
        await updateProduct(trx, product, { title: "Committed Title" });
        // The writer marked the transaction: still nobody is told, and no cache is dropped, while it is open.
        expect(told).toHaveLength(0);
        expect(catalogueVersion()).toBe(version);
        return "saved";
      },
      () => {
        committedWhenTold.push(committed);
        listener();
      },
    );
    expect(answer).toBe("saved");
    expect(committedWhenTold).toEqual([true]);
    expect(catalogueVersion()).toBe(version + 1);
    expect(told).toHaveLength(1);
    // What the listener's caches reload is the committed catalogue.
    expect(await told[0]).toBe("Committed Title");
  });

  it("tells nobody when the transaction rolls back", async () => {
    const version = catalogueVersion();
    await expect(
      catalogueWrite(
        database.db,
        async (trx) => {
          await updateProduct(trx, product, { title: "Rolled Back Title" });
          throw new Error("the back office gave up");
        },
        listener,
      ),
    ).rejects.toThrow("the back office gave up");
    expect(told).toHaveLength(0);
    expect(catalogueVersion()).toBe(version);
    expect(await titleOf(product)).toBe("Committed Title");
  });

  it("tells nobody when the transaction fails after its work, at the commit", async () => {
    const version = catalogueVersion();
    const commitFails = new Error("could not commit");
    await expect(
      catalogueWrite(
        async (work) =>
          database.db.transaction().execute(async (trx) => {
            await work(trx);
            throw commitFails;
          }),
        (trx) => updateProduct(trx, product, { title: "Never Committed Title" }),
        listener,
      ),
    ).rejects.toBe(commitFails);
    expect(told).toHaveLength(0);
    expect(catalogueVersion()).toBe(version);
    expect(await titleOf(product)).toBe("Committed Title");
  });

  it("tells nobody of a write that changed nothing public", async () => {
    const version = catalogueVersion();
    await catalogueWrite(database.db, (trx) => trx.selectFrom("products").select("id").execute(), listener);
    expect(told).toHaveLength(0);
    expect(catalogueVersion()).toBe(version);
  });

  it("counts a retried transaction by the attempt that committed", async () => {
    // The first attempt changes the catalogue and is rolled back by a deadlock; the second changes nothing.
    let attempts = 0;
    await catalogueWrite(
      database.db,
      async (trx) => {
        attempts += 1;
        if (attempts === 1) {
          await updateProduct(trx, product, { title: "Deadlocked Title" });
          throw retryable();
        }
      },
      listener,
    );
    expect(attempts).toBe(2);
    expect(told).toHaveLength(0);
    expect(await titleOf(product)).toBe("Committed Title");

    // The other way round: told once, after the attempt that committed.
    attempts = 0;
    await catalogueWrite(
      (work) => retryingTransaction(database.db, work),
      async (trx) => {
        attempts += 1;
        if (attempts === 1) throw retryable();
        markCatalogueChanged(trx);
      },
      listener,
    );
    expect(attempts).toBe(2);
    expect(told).toHaveLength(1);
  });

  it("refuses a catalogue write in a transaction it did not open, which would go untold", async () => {
    await expect(
      database.db.transaction().execute((trx) => updateProduct(trx, product, { title: "Untold Title" })),
    ).rejects.toThrow(/catalogueWrite/);
    expect(await titleOf(product)).toBe("Committed Title");
    // Marking after the work has returned (a callback kept past the commit) is refused the same way.
    let kept: Parameters<typeof markCatalogueChanged>[0] | undefined;
    await catalogueWrite(database.db, async (trx) => {
      kept = trx;
    });
    expect(() => markCatalogueChanged(kept!)).toThrow(/catalogueWrite/);
  });

  it("has the writer open a catalogue write of its own when given the database", async () => {
    const version = catalogueVersion();
    await plainProduct(database.db, catalogue, "told-after-its-own-commit");
    expect(catalogueVersion()).toBe(version + 1);
  });
});

describe.skipIf(!available)(`a change of stock alone is told as such on ${engine}`, () => {
  let database: TestDatabase;
  let product: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    product = await plainProduct(database.db, await buildCatalogue(database.db), "stock-only");
  });
  afterAll(() => database?.drop());

  it("tells the listener which products' stock moved, and drops none of this process's caches", async () => {
    const version = catalogueVersion();
    const told: (readonly number[] | undefined)[] = [];
    await catalogueWrite(
      database.db,
      async (trx) => {
        markStockChanged(trx, [product, product + 1]);
        markStockChanged(trx, [product]);
      },
      (stockOf) => told.push(stockOf),
    );
    expect(told).toEqual([[product, product + 1]]);
    expect(catalogueVersion()).toBe(version);
  });

  it("tells of a catalogue change when the same write also changed the catalogue (a variant sold out)", async () => {
    const version = catalogueVersion();
    const told: (readonly number[] | undefined)[] = [];
    await catalogueWrite(
      database.db,
      async (trx) => {
        markStockChanged(trx, [product]);
        markCatalogueChanged(trx);
      },
      (stockOf) => told.push(stockOf),
    );
    expect(told).toEqual([undefined]);
    expect(catalogueVersion()).toBe(version + 1);
  });
});
