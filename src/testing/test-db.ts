import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, type OpenOptions, openDatabase } from "../platform/db/connection.ts";
import { migrateToLatest } from "../platform/db/migrate.ts";

export type TestEngine = "sqlite" | "postgres";

declare module "vitest" {
  export interface ProvidedContext {
    testEngine: TestEngine;
    postgresAdminUrl: string | null;
  }
}

/** The engine this test project runs on; PostgreSQL projects skip when no server was reachable. */
export function testEngine(): { engine: TestEngine; available: boolean } {
  const engine = inject("testEngine") ?? "sqlite";
  return { engine, available: engine === "sqlite" || inject("postgresAdminUrl") !== null };
}

export interface TestDatabase extends DatabaseHandle {
  /** Closes the connection and removes the database. */
  drop(): Promise<void>;
  /**
   * PostgreSQL only: ends every server process connected to this database, as a restart or an administrator
   * would; answers how many it ended.
   */
  terminateConnections(): Promise<number>;
}

/**
 * A fresh, migrated database of its own for one test file: a temporary SQLite file or a new PostgreSQL database.
 * `migrate: false` leaves it empty (for tests of the migrations themselves); a logger and timeouts go to the pool.
 */
export async function createTestDatabase(
  options: { migrate?: boolean } & Pick<OpenOptions, "logger" | "timeouts"> = {},
): Promise<TestDatabase> {
  const { migrate = true, ...openOptions } = options;
  const { engine } = testEngine();
  if (engine === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-"));
    const handle = await openDatabase({ engine: "sqlite", file: path.join(dir, "test.sqlite") });
    if (migrate) await migrateToLatest(handle.db, "sqlite");
    return {
      ...handle,
      async drop() {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
      terminateConnections: () => Promise.reject(new Error("SQLite has no server connections to end")),
    };
  }
  const adminUrl = inject("postgresAdminUrl");
  if (!adminUrl) throw new Error("PostgreSQL is not available for this test run");
  const name = `shop_test_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase(
    { engine: "postgres", url: url.toString() },
    {
      poolSize: 20,
      ...openOptions,
    },
  );
  if (migrate) await migrateToLatest(handle.db, "postgres");
  return {
    ...handle,
    async drop() {
      await handle.close();
      await withAdmin(adminUrl, async (client) => {
        // The pool's connections may still be closing; forcing the drop under them makes the server report
        // "terminating connection due to administrator command" to a test that has already passed.
        for (let attempt = 0; attempt < 50; attempt++) {
          const { rows } = await client.query(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1",
            [name],
          );
          if (rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    },
    terminateConnections: () =>
      withAdmin(adminUrl, async (client) => {
        const { rowCount } = await client.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
          [name],
        );
        return rowCount ?? 0;
      }),
  };
}

export async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
