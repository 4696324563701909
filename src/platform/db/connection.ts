import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { Logger } from "pino";
import { type DatabaseTarget, type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS } from "../config.ts";
import type { Database } from "./schema.ts";

export type Engine = DatabaseTarget["engine"];

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  /**
   * PostgreSQL, when asked for (`ordersPoolSize`): connections of their own for the transactions that place
   * orders, as many as the checkout places at once, so an order whose turn has come never waits for a connection
   * behind carts and pages (decision 0058). SQLite has one connection: none.
   */
  orders?: Kysely<Database>;
  close(): Promise<void>;
}

// COUNT(*) and bigint money come back from PostgreSQL as strings; every such value here is far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.FLOAT4, (value) => Number(value));

/** PostgreSQL's `random_page_cost` on every connection of the shop's (the default, 4, is for spinning disks). */
export const RANDOM_PAGE_COST = 1.1;

export class DatabaseConnectionError extends Error {
  override name = "DatabaseConnectionError";
}

export interface OpenOptions {
  poolSize?: number;
  /** PostgreSQL: a second pool of this many connections for placing orders (`DatabaseHandle.orders`). */
  ordersPoolSize?: number;
  timeouts?: DatabaseTimeouts;
  /** Where a lost idle connection is reported. */
  logger?: Pick<Logger, "warn">;
}

export async function openDatabase(
  target: DatabaseTarget,
  options: OpenOptions = {},
): Promise<DatabaseHandle> {
  if (target.engine === "sqlite") {
    fs.mkdirSync(path.dirname(target.file), { recursive: true });
    const sqlite = new SQLite(target.file);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: keepStatements(sqlite) }) });
    return { db, engine: "sqlite", close: () => db.destroy() };
  }
  const pool = postgresPool(target.url, options.poolSize ?? 10, options);
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseConnectionError(`Cannot connect to PostgreSQL at ${redactUrl(target.url)}: ${reason}`);
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  if (!options.ordersPoolSize) return { db, engine: "postgres", close: () => db.destroy() };
  // Kept open while idle: a new PostgreSQL connection costs a process fork, not what an order should wait for.
  const orders = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool: postgresPool(target.url, options.ordersPoolSize, options, { idleTimeoutMillis: 0 }),
    }),
  });
  return {
    db,
    engine: "postgres",
    orders,
    close: async () => {
      await Promise.all([db.destroy(), orders.destroy()]);
    },
  };
}

/** A pool of the shop's connections: its timeouts and planner setting on every one, lost connections reported. */
function postgresPool(
  url: string,
  max: number,
  options: OpenOptions,
  extra: Pick<pg.PoolConfig, "idleTimeoutMillis"> = {},
): pg.Pool {
  const timeouts = options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
  const pool = new pg.Pool({
    ...extra,
    connectionString: url,
    max,
    connectionTimeoutMillis: timeouts.connectMs,
    // Sent as start-up parameters, so every connection the pool ever opens has them.
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // Plans priced for data in memory, as a shop's catalogue is (docs/decisions/0023, "Planned for memory"): with
    // the default 4 the planner prices an index's scattered reads so high that a search walks 30,000 products for
    // a word in 1.7% of them rather than take its 500 matches from the GIN index.
    options: `-c random_page_cost=${RANDOM_PAGE_COST}`,
  });
  // A PostgreSQL restart or a terminated backend makes a pooled connection emit 'error'; unhandled, that ends
  // the process. An idle one is reported here, already dropped: the pool opens a new one when next asked.
  pool.on("error", (error) => {
    options.logger?.warn({ err: error }, "idle database connection lost; the pool will reconnect");
  });
  // A connection lost while checked out (a transaction between two statements) has no listener of the pool's:
  // its next query fails instead, the request answers 503, and the broken connection is discarded on release.
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  return pool;
}

/**
 * Kysely prepares every query afresh, and for the small indexed queries of a shop preparing costs as much
 * as running them. Kysely's compiled SQL is the same text for the same query shape (values are bound
 * parameters), so the last few hundred statements are kept and reused. Safe because Kysely runs one query at
 * a time on its single SQLite connection and only calls all/run/iterate, which leave a statement as it was.
 */
function keepStatements(sqlite: SQLite.Database, capacity = 500): SQLite.Database {
  const statements = new Map<string, SQLite.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    let statement = statements.get(source);
    if (statement) return statement;
    statement = prepare(source);
    if (statements.size >= capacity) statements.clear();
    statements.set(source, statement);
    return statement;
  }) as typeof sqlite.prepare;
  return sqlite;
}

/** The URL with any password hidden, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparseable URL)";
  }
}

/** The cheapest round trip to the database (the readiness probe): throws when it cannot be reached. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
