// Back-office product list benchmark: `node bench/admin-products.ts [--products=100000] [--skip-postgres]
// [--iterations=N]`. Seeds (or reuses, .tmp/bench) the large catalogue, makes 1% of it drafts and 0.5% archived, and
// prints p50/p95 of GET /api/admin/products's two queries for each filter and sort: the page (25 rows with their
// figures) and the total (which the service caches per filter until a catalogue write, so it is paid once).
// Method and figures: docs/benchmarks.md ("Back-office product list").
import { sql } from "kysely";
import { adminProductsRepository } from "../src/api/admin/products/admin-products.repository.ts";
import { openDatabase } from "../src/platform/db/connection.ts";
import { adminProductsQuerySchema } from "../src/shared/contracts/admin-products.ts";
import { ADMIN_PRODUCTS_COUNT_LIMIT, ADMIN_PRODUCTS_PER_PAGE } from "../src/shared/product-admin.ts";
import {
  type Dataset,
  dropPostgres,
  postgresDataset,
  postgresUnavailable,
  sqliteDataset,
  sqliteWorkingCopy,
} from "./lib/datasets.ts";

const argv = process.argv.slice(2);
const value = (name: string) => argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const sizes = (value("products") ?? "100000").split(",").map(Number);
const iterations = Number(value("iterations") ?? 30);

const QUERIES: Record<string, Record<string, string>> = {
  "first page": {},
  "page 2,000": { page: "2000" },
  "search: bag": { q: "bag" },
  "search: black leather": { q: "black leather" },
  "search: a SKU": { q: "SKU-PLACEHOLDER" },
  "status: draft": { status: "draft" },
  "status: archived, title": { status: "archived", sort: "title" },
  "category + price sort": { category: "1", sort: "price_asc" },
  "stock: low": { stock: "low" },
  "stock: out": { stock: "out" },
  "title A to Z": { sort: "title" },
  "recently changed": { sort: "updated" },
  "search + stock: out": { q: "kurta", stock: "out" },
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

async function measure(dataset: Dataset) {
  const target =
    dataset.engine === "sqlite"
      ? ({ engine: "sqlite", file: dataset.databaseUrl.replace(/^sqlite:/, "") } as const)
      : ({ engine: "postgres", url: dataset.databaseUrl } as const);
  const handle = await openDatabase(target);
  try {
    const { db } = handle;
    // A back office's mix: some drafts and archived products among the active ones.
    await db
      .updateTable("products")
      .set({ status: "draft" })
      .where(
        "id",
        "in",
        db
          .selectFrom("products")
          .select("id")
          .where((eb) => eb(eb("id", "%", 100), "=", 0)),
      )
      .execute();
    await db
      .updateTable("products")
      .set({ status: "archived" })
      .where(
        "id",
        "in",
        db
          .selectFrom("products")
          .select("id")
          .where((eb) => eb(eb("id", "%", 200), "=", 7)),
      )
      .execute();
    if (dataset.engine === "postgres") await sql`analyze`.execute(db);
    const sku = (
      await db
        .selectFrom("variants")
        .select("sku")
        .where("sku", "is not", null)
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirstOrThrow()
    ).sku!;
    const repository = adminProductsRepository(db);
    const timed = async (work: () => Promise<unknown>) => {
      await work();
      const times: number[] = [];
      for (let i = 0; i < iterations; i++) {
        const started = performance.now();
        await work();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      return `${percentile(times, 50).toFixed(2).padStart(8)} ${percentile(times, 95).toFixed(2).padStart(8)}`;
    };
    const rows: string[] = [];
    for (const [label, raw] of Object.entries(QUERIES)) {
      const { page, sort, ...filter } = adminProductsQuerySchema.parse(
        raw.q === "SKU-PLACEHOLDER" ? { ...raw, q: sku } : raw,
      );
      const offset = (page - 1) * ADMIN_PRODUCTS_PER_PAGE;
      const pageTimes = await timed(() => repository.list(filter, sort, 5, ADMIN_PRODUCTS_PER_PAGE, offset));
      const countTimes = await timed(() => repository.count(filter, 5, ADMIN_PRODUCTS_COUNT_LIMIT));
      const total = await repository.count(filter, 5, ADMIN_PRODUCTS_COUNT_LIMIT);
      rows.push(
        `${dataset.engine.padEnd(9)} ${String(dataset.products).padStart(8)}  ${label.padEnd(26)} ${pageTimes} | ${countTimes}  ${total.toLocaleString("en-US")}`,
      );
    }
    return rows;
  } finally {
    await handle.close();
  }
}

async function main() {
  const postgres = !argv.includes("--skip-postgres") && (await postgresUnavailable()) === null;
  console.log("engine    products  query                      page p50      p95 | count p50     p95  total");
  for (const products of sizes) {
    const sqlite = sqliteWorkingCopy(await sqliteDataset(products, console.log), "admin-products");
    for (const row of await measure(sqlite)) console.log(row);
    if (postgres) {
      // A fresh database of this run (dropped at the end), so it may be written to.
      for (const row of await measure(await postgresDataset(products, console.log))) console.log(row);
    }
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => dropPostgres());
