// The search workload: product search latency against catalogue size, the index (docs/decisions/0021, 0023) side
// by side with the LIKE search it replaced (kept below as the reference). In-process (no HTTP): what is measured
// is the database work of one search answer, a total and a page of 12, one query at a time.
import fs from "node:fs";
import { type Kysely, sql } from "kysely";
import { catalogRepository } from "../../src/api/catalogue/catalogue.repository.ts";
import { catalogService } from "../../src/api/catalogue/catalogue.service.ts";
import { openDatabase } from "../../src/platform/db/connection.ts";
import { migrateToLatest } from "../../src/platform/db/migrate.ts";
import type { Database } from "../../src/platform/db/schema.ts";
import type { ProductQuery } from "../../src/shared/contracts/catalogue.ts";
import type { Dataset } from "../lib/datasets.ts";

interface SearchCase {
  label: string;
  search: string;
  /** Listing filters by name (resolved to ids per dataset), a sort, a page. */
  category?: string;
  color?: string;
  size?: string;
  sort?: ProductQuery["sort"];
  page?: number;
}

/**
 * What shoppers type: broad words that match a large share of the generated catalogue (it repeats the 60 demo
 * products, so "bag" matches 43% of it), colour + kind, a prefix, a word only descriptions have, a typo,
 * nonsense; then broad words with filters, a price sort and a deep page.
 */
export const SEARCH_CASES: readonly SearchCase[] = [
  { label: "bag", search: "bag" },
  { label: "black", search: "black" },
  { label: "shirt", search: "shirt" },
  { label: "tote", search: "tote" },
  { label: "black bag", search: "black bag" },
  { label: "kurt", search: "kurt" },
  { label: "laptop", search: "laptop" },
  { label: "walet", search: "walet" },
  { label: "xyzzy", search: "xyzzy" },
  { label: "black +wallets", search: "black", category: "wallets" },
  { label: "shirt +M", search: "shirt", size: "M" },
  { label: "bag +black, low→high", search: "bag", color: "Black", sort: "low2high" },
  { label: "bag page 40", search: "bag", page: 40 },
];

interface Ids {
  color?: number;
  size?: number;
}

/** The search before the index: a substring of the lower-cased title (the reference, not used by the shop). */
async function likeSearch(db: Kysely<Database>, test: SearchCase, ids: Ids) {
  const pattern = `%${test.search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const conditions = [sql<boolean>`lower(products.title) like ${pattern} escape '\\'`];
  if (test.category)
    conditions.push(
      sql<boolean>`products.category_id = (select id from categories where slug = ${test.category})`,
    );
  if (ids.color !== undefined || ids.size !== undefined)
    conditions.push(sql<boolean>`exists (select 1 from variants where variants.product_id = products.id
      ${ids.color === undefined ? sql`` : sql`and variants.color_id = ${ids.color}`}
      ${ids.size === undefined ? sql`` : sql`and variants.size_id = ${ids.size}`})`);
  const where = sql<boolean>`${sql.join(conditions, sql` and `)}`;
  const order =
    test.sort === "low2high" ? sql`products.sale_price asc, products.id asc` : sql`products.id desc`;
  const [count, rows] = await Promise.all([
    db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where(where)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("products")
      .select(["id", "slug", "title"])
      .where(where)
      .orderBy(order)
      .limit(12)
      .offset(((test.page ?? 1) - 1) * 12)
      .execute(),
  ]);
  return { total: Number(count.count), rows: rows.length };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

/**
 * CPU time used so far, in ms: this process (SQLite runs in it) plus, for PostgreSQL, the server processes serving
 * the benchmark's database (`/proc/<pid>/schedstat`: nanoseconds on a CPU). Unlike latency it does not count the
 * time spent waiting for a CPU, so it stays meaningful on a machine busy with other work.
 */
type CpuClock = () => Promise<number>;

function cpuClock(db: Kysely<Database>, engine: Dataset["engine"]): CpuClock {
  const own = () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  };
  if (engine === "sqlite") return async () => own();
  return async () => {
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity where datname = current_database()`.execute(db);
    let serverNs = 0;
    for (const { pid } of rows) {
      try {
        serverNs += Number(fs.readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]);
      } catch {
        // A server on another machine (or a process gone): latency only.
      }
    }
    return own() + serverNs / 1e6;
  };
}

async function time(iterations: number, work: () => Promise<unknown>, cpu: CpuClock) {
  for (let i = 0; i < 3; i++) await work();
  const ms: number[] = [];
  const cpuBefore = await cpu();
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await work();
    ms.push(performance.now() - started);
  }
  const cpuMs = ((await cpu()) - cpuBefore) / iterations;
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), cpu: cpuMs };
}

export interface SearchResult {
  engine: string;
  products: number;
  query: string;
  /** "500+" when the search answered its window and more match. */
  indexTotal: string;
  likeTotal: number;
  /** Latency percentiles and CPU time per search (this process and the database server), ms. */
  index: { p50: number; p95: number; cpu: number };
  like: { p50: number; p95: number; cpu: number };
}

/** Every case on one dataset. The index path is the API's (`listProducts`), a new service each time. */
export async function searchPhase(dataset: Dataset, iterations: number): Promise<SearchResult[]> {
  const handle =
    dataset.engine === "sqlite"
      ? await openDatabase({ engine: "sqlite", file: dataset.databaseUrl.replace(/^sqlite:/, "") })
      : await openDatabase({ engine: "postgres", url: dataset.databaseUrl });
  try {
    await migrateToLatest(handle.db, dataset.engine);
    // As autovacuum does soon after a bulk load (since PostgreSQL 13 inserts alone start it): the planner's word
    // statistics, and the tables vacuumed, as a shop's are in steady state.
    if (dataset.engine === "postgres") {
      await sql`vacuum analyze`.execute(handle.db);
      // The bulk load's dirty pages written out now, not by the checkpointer in the middle of the timings (p95s of
      // 10 ms beside p50s of 2-5 ms before). Needs a superuser or pg_checkpoint, as the bench's own server has.
      await sql`checkpoint`.execute(handle.db).catch(() => undefined);
    }
    const repository = catalogRepository(handle.db);
    const cpu = cpuClock(handle.db, dataset.engine);
    const out: SearchResult[] = [];
    for (const test of SEARCH_CASES) {
      const ids: Ids = {
        color: test.color
          ? (
              await handle.db
                .selectFrom("colors")
                .select("id")
                .where("name", "=", test.color)
                .executeTakeFirst()
            )?.id
          : undefined,
        size: test.size
          ? (
              await handle.db
                .selectFrom("sizes")
                .select("id")
                .where("name", "=", test.size)
                .executeTakeFirst()
            )?.id
          : undefined,
      };
      const query: ProductQuery = {
        search: test.search,
        page: test.page ?? 1,
        sort: test.sort ?? "default",
        category: test.category,
        color: ids.color,
        size: ids.size,
      };
      const listing = () => catalogService(repository).listProducts(query);
      const meta = (await listing()).meta;
      const likeTotal = (await likeSearch(handle.db, test, ids)).total;
      const index = await time(iterations, listing, cpu);
      const like = await time(iterations, () => likeSearch(handle.db, test, ids), cpu);
      out.push({
        engine: dataset.engine,
        products: dataset.products,
        query: test.label,
        indexTotal: `${meta.total.toLocaleString("en-US")}${meta.total_capped ? "+" : ""}`,
        likeTotal,
        index,
        like,
      });
    }
    return out;
  } finally {
    await handle.close();
  }
}
