import net from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { DatabaseConnectionError, openDatabase } from "./connection.ts";

const { engine, available } = testEngine();

describe.skipIf(engine !== "postgres" || !available)("PostgreSQL connections", () => {
  let database: TestDatabase;
  const logger = { warn: vi.fn() };
  beforeAll(async () => {
    database = await createTestDatabase({
      logger,
      timeouts: { connectMs: 4000, statementMs: 7000, lockMs: 2000, idleInTransactionMs: 9000 },
    });
  });
  afterAll(() => database?.drop());

  it("survives the server ending its connections, and the next query gets a new one", async () => {
    const uncaught = vi.fn();
    process.on("uncaughtException", uncaught);
    try {
      // Several idle connections in the pool, as after a busy moment.
      await Promise.all(Array.from({ length: 4 }, () => sql`SELECT pg_sleep(0.05)`.execute(database.db)));
      const name = (await sql<{ name: string }>`SELECT current_database() AS name`.execute(database.db))
        .rows[0]!.name;
      const terminated = await database.terminateConnections();
      expect(terminated).toBeGreaterThan(0);
      // What a PostgreSQL restart or a killed backend looks like to an idle pooled connection.
      // Without a handler the pool's 'error' event is thrown from a socket callback: an uncaught exception.
      await vi.waitFor(
        () => expect(logger.warn.mock.calls.length + uncaught.mock.calls.length).toBe(terminated),
        { timeout: 3000 },
      );
      expect(uncaught).not.toHaveBeenCalled();
      expect(logger.warn.mock.calls[0]?.[1]).toBe("idle database connection lost; the pool will reconnect");

      const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(database.db);
      expect(rows[0]?.name).toBe(name);
    } finally {
      process.off("uncaughtException", uncaught);
    }
  });

  it("survives losing a connection a transaction holds: the transaction fails, the process goes on", async () => {
    const uncaught = vi.fn();
    process.on("uncaughtException", uncaught);
    try {
      const work = database.db.transaction().execute(async (trx) => {
        await sql`SELECT 1`.execute(trx);
        await database.terminateConnections();
        await new Promise((resolve) => setTimeout(resolve, 200));
        await sql`SELECT 1`.execute(trx);
      });
      await expect(work).rejects.toThrow();
      expect(uncaught).not.toHaveBeenCalled();
      const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(database.db);
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      process.off("uncaughtException", uncaught);
    }
  });

  it("sets the statement, lock and idle-in-transaction timeouts on every connection", async () => {
    const setting = async (name: string) =>
      (await sql<{ value: string }>`SELECT current_setting(${name}) AS value`.execute(database.db)).rows[0]
        ?.value;
    expect(await setting("statement_timeout")).toBe("7s");
    expect(await setting("lock_timeout")).toBe("2s");
    expect(await setting("idle_in_transaction_session_timeout")).toBe("9s");
  });

  it("gives orders connections of their own, with the same timeouts, free while every other one is taken", async () => {
    const orders = database.orders!;
    expect(orders).toBeDefined();
    expect(
      (await sql<{ value: string }>`SELECT current_setting('lock_timeout') AS value`.execute(orders)).rows[0]
        ?.value,
    ).toBe("2s");
    // Every connection of the shop's pool (20 in tests) held, as carts and pages hold them in a rush.
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = 0;
    const holders = Array.from({ length: 20 }, () =>
      database.db.connection().execute(async () => {
        held += 1;
        await gate;
      }),
    );
    await vi.waitFor(() => expect(held).toBe(20));
    try {
      const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(orders);
      expect(rows[0]?.one).toBe(1);
    } finally {
      release();
      await Promise.all(holders);
    }
  });

  it("ends a statement that runs past the statement timeout with query_canceled", async () => {
    const short = await createTestDatabase({
      migrate: false,
      timeouts: { connectMs: 4000, statementMs: 100, lockMs: 100, idleInTransactionMs: 1000 },
    });
    try {
      await expect(sql`SELECT pg_sleep(2)`.execute(short.db)).rejects.toMatchObject({ code: "57014" });
    } finally {
      await short.drop();
    }
  });
});

describe.skipIf(engine !== "sqlite")("opening PostgreSQL that does not answer", () => {
  let server: net.Server;
  let port: number;
  const sockets = new Set<net.Socket>();
  beforeAll(async () => {
    // Accepts connections and never says a word, like a hung server or a dropped-packets firewall.
    server = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it("gives up within the connect timeout with a readable error", async () => {
    const started = performance.now();
    const opening = openDatabase(
      { engine: "postgres", url: `postgres://shop:secret@127.0.0.1:${port}/shop` },
      { timeouts: { connectMs: 300, statementMs: 1000, lockMs: 1000, idleInTransactionMs: 1000 } },
    );
    await expect(opening).rejects.toBeInstanceOf(DatabaseConnectionError);
    await expect(opening).rejects.toThrow(
      `Cannot connect to PostgreSQL at postgres://shop:***@127.0.0.1:${port}/shop: `,
    );
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
