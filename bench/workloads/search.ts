// The search workload: product search latency against catalogue size, the index (docs/decisions/0021) side by
// side with the LIKE search it replaced (kept below as the reference). In-process (no HTTP): what is measured is
// the database work of one search answer, a total and a first page of 12, one query at a time.
import { type Kysely, sql } from "kysely";
import { catalogRepository } from "../../src/api/catalog/catalog.repository.ts";
import { catalogService } from "../../src/api/catalog/catalog.service.ts";
import { openDatabase } from "../../src/platform/db/connection.ts";
import type { Database } from "../../src/platform/db/schema.ts";
import type { Dataset } from "../lib/datasets.ts";

/** What shoppers type: a kind, colour + kind, a prefix, a word only the description has, a typo, nonsense. */
export const SEARCH_QUERIES = ["tote", "black bag", "kurt", "laptop", "walet", "xyzzy"] as const;

/** The search before the index: a substring of the lower-cased title (the reference, not used by the shop). */
async function likeSearch(db: Kysely<Database>, search: string) {
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const where = sql<boolean>`lower(products.title) like ${pattern} escape '\\'`;
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
      .orderBy("id", "desc")
      .limit(12)
      .execute(),
  ]);
  return { total: Number(count.count), rows: rows.length };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

async function time(iterations: number, work: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await work();
  const ms: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await work();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95) };
}

export interface SearchResult {
  engine: string;
  products: number;
  query: string;
  indexTotal: number;
  likeTotal: number;
  index: { p50: number; p95: number };
  like: { p50: number; p95: number };
}

/** Every query on one dataset. The index path is the API's (`listProducts`) with a cold count cache each time. */
export async function searchPhase(dataset: Dataset, iterations: number): Promise<SearchResult[]> {
  const handle =
    dataset.engine === "sqlite"
      ? await openDatabase({ engine: "sqlite", file: dataset.databaseUrl.replace(/^sqlite:/, "") })
      : await openDatabase({ engine: "postgres", url: dataset.databaseUrl });
  try {
    const repository = catalogRepository(handle.db);
    const out: SearchResult[] = [];
    for (const query of SEARCH_QUERIES) {
      const listing = () =>
        catalogService(repository).listProducts({ search: query, page: 1, sort: "default" });
      const indexTotal = (await listing()).meta.total;
      const likeTotal = (await likeSearch(handle.db, query)).total;
      const index = await time(iterations, listing);
      const like = await time(iterations, () => likeSearch(handle.db, query));
      out.push({
        engine: dataset.engine,
        products: dataset.products,
        query,
        indexTotal,
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
