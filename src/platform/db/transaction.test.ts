import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { retryingTransaction } from "./transaction.ts";

const { engine, available } = testEngine();

interface Counters {
  counters: { id: number; n: number };
}

const failure = (code: string) => Object.assign(new Error(`failed with ${code}`), { code });

describe.skipIf(!available)(`retryingTransaction on ${engine}`, () => {
  let database: TestDatabase;
  let db: Kysely<Counters>;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    db = database.db as unknown as Kysely<Counters>;
    await sql`CREATE TABLE counters (id integer PRIMARY KEY, n integer NOT NULL)`.execute(db);
    await db
      .insertInto("counters")
      .values([
        { id: 1, n: 0 },
        { id: 2, n: 0 },
      ])
      .execute();
  });
  afterAll(() => database?.drop());

  const countOf = async (id: number) =>
    (await db.selectFrom("counters").select("n").where("id", "=", id).executeTakeFirstOrThrow()).n;

  it("runs the work again after a deadlock or serialization failure, with nothing of the failed try kept", async () => {
    const before = await countOf(1);
    let attempts = 0;
    const result = await retryingTransaction(db, async (trx) => {
      attempts += 1;
      await trx.updateTable("counters").set({ n: sql`n + 1` }).where("id", "=", 1).execute();
      if (attempts === 1) throw failure("40P01");
      if (attempts === 2) throw failure("40001");
      return "done";
    });
    expect(result).toBe("done");
    expect(attempts).toBe(3);
    expect(await countOf(1)).toBe(before + 1);
  });

  it("gives up after its retries, and never retries any other error", async () => {
    let attempts = 0;
    const deadlocked = retryingTransaction(
      db,
      async () => {
        attempts += 1;
        throw failure("40P01");
      },
      { retries: 2 },
    );
    await expect(deadlocked).rejects.toMatchObject({ code: "40P01" });
    expect(attempts).toBe(3);

    attempts = 0;
    const unique = retryingTransaction(db, async () => {
      attempts += 1;
      throw failure("23505");
    });
    await expect(unique).rejects.toMatchObject({ code: "23505" });
    expect(attempts).toBe(1);
  });

  it.skipIf(engine !== "postgres")(
    "gets through a real deadlock: one side is rolled back and runs again",
    async () => {
      // Two transactions each lock one row, wait for the other to do the same, then want the other's row.
      let locked = 0;
      const bothLocked = Promise.withResolvers<void>();
      let attempts = 0;
      const crosswise = (mine: number, theirs: number) =>
        retryingTransaction(db, async (trx) => {
          attempts += 1;
          await trx.updateTable("counters").set({ n: sql`n + 1` }).where("id", "=", mine).execute();
          if (++locked === 2) bothLocked.resolve();
          await bothLocked.promise;
          await trx.updateTable("counters").set({ n: sql`n + 1` }).where("id", "=", theirs).execute();
        });
      const [one, two] = [await countOf(1), await countOf(2)];
      await Promise.all([crosswise(1, 2), crosswise(2, 1)]);
      expect(attempts).toBe(3);
      expect([await countOf(1), await countOf(2)]).toEqual([one + 2, two + 2]);
    },
  );
});
