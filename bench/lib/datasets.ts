import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../../src/platform/db/connection.ts";
import { migrateToLatest } from "../../src/platform/db/migrate.ts";
import { folderStorage } from "../../src/platform/storage/folder-storage.ts";
import type { Storage } from "../../src/platform/storage/storage.ts";

/** Everything the harness writes outside bench/results lives here (ignored by git). */
export const WORK_DIR = path.resolve(".tmp/bench");
/** DATA_DIR of the benchmark servers: generated images and the mail outbox. */
export const DATA_DIR = path.join(WORK_DIR, "data");
export const IMAGES_DIR = path.join(DATA_DIR, "images");

/**
 * Files whose change means a seeded catalogue must be generated again. Migrations are not among them: the
 * server applies any newer migration to a cached catalogue when it starts, as it would in production.
 */
const SEED_SOURCES = [
  "src/api/products/seed",
  "src/api/products/product-writer.ts",
  "src/api/products/product-writer.repository.ts",
];

function fingerprint(): string {
  const hash = createHash("sha256");
  const files: string[] = [];
  for (const source of SEED_SOURCES) {
    if (!fs.existsSync(source)) continue;
    if (fs.statSync(source).isDirectory()) {
      for (const name of fs.readdirSync(source).sort()) {
        if (name.endsWith(".ts") && !name.endsWith(".test.ts")) files.push(path.join(source, name));
      }
    } else files.push(source);
  }
  for (const file of files) hash.update(file).update(fs.readFileSync(file));
  return hash.digest("hex").slice(0, 12);
}

type SeedLarge = (
  db: Awaited<ReturnType<typeof openDatabase>>["db"],
  options: { products: number; storage: Storage },
) => Promise<unknown>;

async function loadSeeder(): Promise<SeedLarge> {
  const modulePath = path.resolve("src/api/products/seed/large-catalogue.ts");
  if (!fs.existsSync(modulePath)) {
    throw new Error(
      "src/api/products/seed/large-catalogue.ts is missing: the large-catalogue seeder is needed",
    );
  }
  const module = (await import(modulePath)) as { seedLargeCatalogue: SeedLarge };
  return module.seedLargeCatalogue;
}

export interface Dataset {
  engine: "sqlite" | "postgres";
  products: number;
  databaseUrl: string;
  /** Seconds spent seeding in this run; 0 when a cached copy was used. */
  seedSeconds: number;
}

/**
 * A migrated SQLite database holding `products` generated products. Seeded once and kept under .tmp/bench,
 * keyed by the seeder's source, so later runs start in seconds.
 */
export async function sqliteDataset(products: number, log: (line: string) => void): Promise<Dataset> {
  fs.mkdirSync(WORK_DIR, { recursive: true });
  const file = path.join(WORK_DIR, `catalogue-${products}-${fingerprint()}.sqlite`);
  if (fs.existsSync(file))
    return { engine: "sqlite", products, databaseUrl: `sqlite:${file}`, seedSeconds: 0 };

  for (const name of fs.readdirSync(WORK_DIR)) {
    if (name.startsWith(`catalogue-${products}-`)) fs.rmSync(path.join(WORK_DIR, name), { force: true });
  }
  log(`seeding ${products.toLocaleString("en")} products on SQLite (cached for later runs)...`);
  const started = performance.now();
  const partial = path.join(WORK_DIR, `partial-${randomUUID()}.sqlite`);
  const handle = await openDatabase({ engine: "sqlite", file: partial });
  try {
    await migrateToLatest(handle.db, "sqlite");
    await (await loadSeeder())(handle.db, {
      products,
      storage: folderStorage({ imagesDir: IMAGES_DIR, privateDir: DATA_DIR }),
    });
  } finally {
    await handle.close();
  }
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(partial + suffix, { force: true });
  fs.renameSync(partial, file);
  const seedSeconds = (performance.now() - started) / 1000;
  log(`  seeded in ${seedSeconds.toFixed(1)} s`);
  return { engine: "sqlite", products, databaseUrl: `sqlite:${file}`, seedSeconds };
}

/** A copy of a SQLite dataset for a run that writes (checkout), so the cached catalogue stays as seeded. */
export function sqliteWorkingCopy(dataset: Dataset, name: string): Dataset {
  const source = dataset.databaseUrl.replace(/^sqlite:/, "");
  const copy = path.join(WORK_DIR, `work-${name}.sqlite`);
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(copy + suffix, { force: true });
  fs.copyFileSync(source, copy);
  return { ...dataset, databaseUrl: `sqlite:${copy}`, seedSeconds: 0 };
}

export const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Null when the server answers, otherwise why it cannot be used. */
export async function postgresUnavailable(): Promise<string | null> {
  try {
    await withAdmin((client) => client.query("SELECT 1"));
    return null;
  } catch (error) {
    return `PostgreSQL not reachable at ${POSTGRES_ADMIN_URL}: ${error instanceof Error ? error.message : error}`;
  }
}

const createdDatabases = new Set<string>();

function databaseUrl(name: string): string {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh PostgreSQL database `shop_bench_*` with `products` generated products; dropped by dropPostgres(). */
export async function postgresDataset(products: number, log: (line: string) => void): Promise<Dataset> {
  const name = `shop_bench_${products}_${randomUUID().replaceAll("-", "").slice(0, 8)}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name}`));
  createdDatabases.add(name);
  log(`seeding ${products.toLocaleString("en")} products on PostgreSQL (${name})...`);
  const started = performance.now();
  const handle = await openDatabase({ engine: "postgres", url: databaseUrl(name) });
  try {
    await migrateToLatest(handle.db, "postgres");
    await (await loadSeeder())(handle.db, {
      products,
      storage: folderStorage({ imagesDir: IMAGES_DIR, privateDir: DATA_DIR }),
    });
  } finally {
    await handle.close();
  }
  const seedSeconds = (performance.now() - started) / 1000;
  log(`  seeded in ${seedSeconds.toFixed(1)} s`);
  return { engine: "postgres", products, databaseUrl: databaseUrl(name), seedSeconds };
}

/**
 * A PostgreSQL dataset kept between runs (`shop_kept_<products>_<seeder fingerprint>`, never dropped by
 * dropPostgres): seeding a million products takes many minutes. Seeded under a temporary name and renamed when
 * complete, so an interrupted seed is never reused. Drop it with `dropKeptPostgres` or by hand when done.
 */
export async function keptPostgresDataset(products: number, log: (line: string) => void): Promise<Dataset> {
  const name = `shop_kept_${products}_${fingerprint()}`;
  const exists = await withAdmin(
    async (client) =>
      (await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount === 1,
  );
  if (exists) return { engine: "postgres", products, databaseUrl: databaseUrl(name), seedSeconds: 0 };
  const seeded = await postgresDataset(products, log);
  const partial = new URL(seeded.databaseUrl).pathname.slice(1);
  await withAdmin((client) => client.query(`ALTER DATABASE ${partial} RENAME TO ${name}`));
  createdDatabases.delete(partial);
  return { ...seeded, databaseUrl: databaseUrl(name) };
}

/** Drops the kept datasets of every size (`keptPostgresDataset`). */
export async function dropKeptPostgres(): Promise<string[]> {
  return withAdmin(async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'shop\\_kept\\_%'",
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    return rows.map((row) => row.datname);
  });
}

/** A copy of a PostgreSQL dataset (CREATE DATABASE ... TEMPLATE) for a run that writes. */
export async function postgresWorkingCopy(dataset: Dataset): Promise<Dataset> {
  const source = new URL(dataset.databaseUrl).pathname.slice(1);
  const name = `shop_bench_work_${randomUUID().replaceAll("-", "").slice(0, 8)}`;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${source}`));
  createdDatabases.add(name);
  return { ...dataset, databaseUrl: databaseUrl(name), seedSeconds: 0 };
}

export async function dropPostgres(): Promise<void> {
  if (createdDatabases.size === 0) return;
  await withAdmin(async (client) => {
    for (const name of createdDatabases) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
  createdDatabases.clear();
}

/** Gives every variant ample stock, so a checkout benchmark never runs out. */
export async function fillStock(dataset: Dataset, stock: number): Promise<void> {
  const target =
    dataset.engine === "sqlite"
      ? ({ engine: "sqlite", file: dataset.databaseUrl.replace(/^sqlite:/, "") } as const)
      : ({ engine: "postgres", url: dataset.databaseUrl } as const);
  const handle = await openDatabase(target);
  try {
    await handle.db.updateTable("variants").set({ stock }).execute();
  } finally {
    await handle.close();
  }
}
