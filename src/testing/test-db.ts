import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { ORDERS_AT_ONCE } from "../api/checkout/checkout.service.ts";
import { type DatabaseHandle, type OpenOptions, openDatabase } from "../platform/db/connection.ts";
import { migrateToLatest } from "../platform/db/migrate.ts";

export type TestEngine = "sqlite" | "postgres";

declare module "vitest" {
  export interface ProvidedContext {
    testEngine: TestEngine;
    postgresAdminUrl: string | null;
    /**
     * A database migrated once for the whole run (global-setup.ts): a SQLite file each test file copies, or the
     * name of a PostgreSQL database each test file's database is created from (`CREATE DATABASE … TEMPLATE`).
     * Null: every test file migrates its own.
     */
    migratedTemplate: string | null;
  }
}

/**
 * Migrates one database for the whole test run, for `createTestDatabase` to copy: the migrations run once rather
 * than once per test file (about 0.2 s on SQLite, 1 s on PostgreSQL, for each of some seventy files). Answers the
 * template (a file's path or a database's name) and how to remove it when the run ends.
 */
export async function createMigratedTemplate(
  engine: TestEngine,
  adminUrl: string | null,
): Promise<{ template: string; remove(): Promise<void> }> {
  if (engine === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-template-"));
    const file = path.join(dir, "template.sqlite");
    const handle = await openDatabase({ engine: "sqlite", file });
    await migrateToLatest(handle.db, "sqlite");
    // Closing checkpoints the write-ahead log into the file: the file alone is the migrated database.
    await handle.close();
    return { template: file, remove: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  if (!adminUrl) throw new Error("PostgreSQL is not available for this test run");
  const name = `shop_template_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const handle = await openDatabase({ engine: "postgres", url: databaseUrl(adminUrl, name) });
  try {
    await migrateToLatest(handle.db, "postgres");
  } finally {
    // A template must have no connections while databases are created from it.
    await handle.close();
  }
  return {
    template: name,
    remove: async () => {
      await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
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
  const template = migrate ? inject("migratedTemplate") : null;
  if (engine === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-test-"));
    const file = path.join(dir, "test.sqlite");
    if (template) fs.copyFileSync(template, file);
    const handle = await openDatabase({ engine: "sqlite", file });
    if (migrate && !template) await migrateToLatest(handle.db, "sqlite");
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
  await withAdmin(adminUrl, (client) => createDatabase(client, name, template));
  const handle = await openDatabase(
    { engine: "postgres", url: databaseUrl(adminUrl, name) },
    {
      poolSize: 20,
      // The orders' own connections, as the platform opens them (decision 0058).
      ordersPoolSize: ORDERS_AT_ONCE,
      ...openOptions,
    },
  );
  if (migrate && !template) await migrateToLatest(handle.db, "postgres");
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

/**
 * `CREATE DATABASE name`, a copy of `template` when given. PostgreSQL refuses a copy while another session is
 * connected to the template ("source database … is being accessed by other users", 55006); nothing of the tests
 * connects to it, but a session of an earlier copy may still be ending: try again a few times.
 */
async function createDatabase(client: pg.Client, name: string, template: string | null): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await client.query(
        template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`,
      );
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "55006" || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
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
