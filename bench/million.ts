// A million products: `node bench/million.ts [--products=1000000] [--skip-postgres] [--iterations=N]
// [--skip-export] [--only=sqlite|postgres] [--drop-kept]`. Seeds or reuses the large catalogue (SQLite cached
// under .tmp/bench; PostgreSQL kept as `shop_kept_*` between runs, since a million takes many minutes to seed:
// `--drop-kept` drops it at the end) and prints p50/p99 per request, in-process (no HTTP): the listing (page 1,
// deep pages, each filter and sort, a colour with a sort), search over bench/workloads/search.ts's queries, the
// product page, the sitemap index and one products-N.xml, the back office's list and search, and the catalogue
// CSV export's peak RSS (in a child process). Every listing is "cold": its total is counted again each time, as
// the first visitor after a catalogue change pays it. Method and figures: docs/benchmarks.md, "A million
// products (item 2)"; docs/decisions/0059-a-million-products.md.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type Kysely, sql } from "kysely";
import pino from "pino";
import { adminProductsRepository } from "../src/api/admin/products/admin-products.repository.ts";
import { adminProductsService } from "../src/api/admin/products/admin-products.service.ts";
import { catalogRepository } from "../src/api/catalogue/catalogue.repository.ts";
import { catalogService } from "../src/api/catalogue/catalogue.service.ts";
import { openDatabase } from "../src/platform/db/connection.ts";
import { migrateToLatest } from "../src/platform/db/migrate.ts";
import type { Database } from "../src/platform/db/schema.ts";
import { crawlerRoutes, URLS_PER_SITEMAP } from "../src/server/crawlers.ts";
import { adminProductsQuerySchema } from "../src/shared/contracts/admin-products.ts";
import { type ProductQuery, productQuerySchema } from "../src/shared/contracts/catalogue.ts";
import { ADMIN_PRODUCTS_PER_PAGE } from "../src/shared/product-admin.ts";
import {
  type Dataset,
  dropKeptPostgres,
  dropPostgres,
  keptPostgresDataset,
  postgresUnavailable,
  sqliteDataset,
} from "./lib/datasets.ts";
import { SEARCH_CASES } from "./workloads/search.ts";

const argv = process.argv.slice(2);
const value = (name: string) => argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const products = Number(value("products") ?? 1_000_000);
const iterations = Number(value("iterations") ?? 20);
/** A case stops early after this long (at least 3 runs), so a 10 s query does not take minutes. */
const CASE_BUDGET_MS = 4_000;
const log = (line: string) => console.log(line);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)] ?? 0;
}

interface Timing {
  label: string;
  p50: number;
  p99: number;
  runs: number;
  note: string;
}

async function timed(label: string, work: () => Promise<string | undefined>): Promise<Timing> {
  let note = (await work()) ?? "";
  const ms: number[] = [];
  const started = performance.now();
  while (ms.length < iterations && (ms.length < 3 || performance.now() - started < CASE_BUDGET_MS)) {
    const at = performance.now();
    note = (await work()) ?? "";
    ms.push(performance.now() - at);
  }
  ms.sort((a, b) => a - b);
  return { label, p50: percentile(ms, 50), p99: percentile(ms, 99), runs: ms.length, note };
}

const fixed = (ms: number) => ms.toFixed(2).padStart(9);
function print(engine: string, row: Timing) {
  log(
    `${engine.padEnd(9)} ${row.label.padEnd(40)} ${fixed(row.p50)} ${fixed(row.p99)} ${String(row.runs).padStart(4)}  ${row.note}`,
  );
}

async function idOf(db: Kysely<Database>, table: "colors" | "sizes" | "tags", name: string) {
  return (await db.selectFrom(table).select("id").where("name", "=", name).executeTakeFirst())?.id;
}

/** The listing cases: the spec's /api/products query string, parsed by the contract as the route does. */
async function listingCases(db: Kysely<Database>): Promise<[string, Record<string, string | number>][]> {
  const black = (await idOf(db, "colors", "Black")) ?? 1;
  const size = (await idOf(db, "sizes", "M")) ?? 1;
  const tag = (await db.selectFrom("tags").select("id").orderBy("id").executeTakeFirst())?.id ?? 1;
  const parent = await db
    .selectFrom("categories")
    .select("slug")
    .where("id", "in", db.selectFrom("categories").select("parent_id").where("parent_id", "is not", null))
    .executeTakeFirst();
  const leaf = await db
    .selectFrom("categories as c")
    .innerJoin("products", "products.category_id", "c.id")
    .select("c.slug")
    .where(
      "c.id",
      "not in",
      db.selectFrom("categories").select("parent_id").where("parent_id", "is not", null),
    )
    .orderBy("c.id")
    .limit(1)
    .executeTakeFirst();
  // The rarest colour and size: the filters whose matches are furthest apart in a sorted walk.
  const rarest = async (column: "color_id" | "size_id") =>
    (
      await db
        .selectFrom("variants")
        .select(column)
        .groupBy(column)
        .orderBy((eb) => eb.fn.countAll(), "asc")
        .limit(1)
        .executeTakeFirst()
    )?.[column] ?? 1;
  const [rareColor, rareSize] = [await rarest("color_id"), await rarest("size_id")];
  const last = Math.ceil(products / 12);
  const cases: [string, Record<string, string | number>][] = [
    ["page 1", {}],
    ["page 777", { page: 777 }],
    ["page 50,000", { page: 50_000 }],
    [`last page (${last.toLocaleString("en")})`, { page: last }],
    ["low2high", { sort: "low2high" }],
    ["high2low", { sort: "high2low" }],
    ["low2high page 777", { sort: "low2high", page: 777 }],
    ["low2high page 50,000", { sort: "low2high", page: 50_000 }],
    // The deepest page a window of 10,000 answers (LISTING_WINDOW): its dearest request per filter.
    ["high2low page 834", { sort: "high2low", page: 834 }],
    ["new arrivals", { type: "new-arrival" }],
    ["daily deals", { type: "daily-deals" }],
    ["daily deals, high2low", { type: "daily-deals", sort: "high2low" }],
    [`category ${leaf?.slug}`, { category: leaf?.slug ?? "bags" }],
    [`category ${leaf?.slug} low2high`, { category: leaf?.slug ?? "bags", sort: "low2high" }],
    ["colour Black", { color: black }],
    ["colour Black low2high", { color: black, sort: "low2high" }],
    ["colour Black high2low page 500", { color: black, sort: "high2low", page: 500 }],
    ["size M", { size }],
    ["colour Black + size M", { color: black, size }],
    ["colour Black + size M low2high page 834", { color: black, size, sort: "low2high", page: 834 }],
    [`rarest colour (${rareColor}) + size (${rareSize})`, { color: rareColor, size: rareSize }],
    ["rarest colour + size low2high", { color: rareColor, size: rareSize, sort: "low2high" }],
    [
      "rarest colour + size low2high page 834",
      { color: rareColor, size: rareSize, sort: "low2high", page: 834 },
    ],
    ["tag (first)", { tag }],
    ["tag high2low", { tag, sort: "high2low" }],
    ["new arrivals, colour Black, low2high", { type: "new-arrival", color: black, sort: "low2high" }],
  ];
  if (parent) {
    cases.push([`category ${parent.slug} (with subcategories)`, { category: parent.slug }]);
    cases.push([`category ${parent.slug} (with subs) high2low`, { category: parent.slug, sort: "high2low" }]);
  }
  return cases;
}

async function measure(dataset: Dataset) {
  const handle =
    dataset.engine === "sqlite"
      ? await openDatabase({ engine: "sqlite", file: dataset.databaseUrl.replace(/^sqlite:/, "") })
      : await openDatabase({ engine: "postgres", url: dataset.databaseUrl });
  const { db } = handle;
  const engine = dataset.engine;
  try {
    const migrating = performance.now();
    const applied = await migrateToLatest(db, engine);
    if (applied.length > 0)
      log(`applied ${applied.join(", ")} in ${((performance.now() - migrating) / 1000).toFixed(1)} s`);
    if (engine === "postgres") {
      await sql`vacuum analyze`.execute(db);
      await sql`checkpoint`.execute(db).catch(() => undefined);
    }
    const repository = catalogRepository(db);
    log(
      `\n${engine}, ${products.toLocaleString("en")} products                  p50 ms    p99 ms runs  answer`,
    );

    // A new service each run: no kept page, no kept total (what the first visitor after a change pays).
    for (const [label, raw] of await listingCases(db)) {
      const query = productQuerySchema.parse(raw);
      print(
        engine,
        await timed(`listing: ${label}`, async () => {
          const { data, meta } = await catalogService(repository).listProducts(query);
          return `${data.length} rows, total ${meta.total.toLocaleString("en")}${meta.total_capped ? "+" : ""}, last_page ${meta.last_page.toLocaleString("en")}`;
        }),
      );
    }

    const searchTimes: number[] = [];
    for (const test of SEARCH_CASES) {
      const query: ProductQuery = productQuerySchema.parse({
        search: test.search,
        page: test.page,
        sort: test.sort,
        category: test.category,
        color: test.color ? await idOf(db, "colors", test.color) : undefined,
        size: test.size ? await idOf(db, "sizes", test.size) : undefined,
      });
      const row = await timed(`search: ${test.label}`, async () => {
        const at = performance.now();
        const { meta } = await catalogService(repository).listProducts(query);
        searchTimes.push(performance.now() - at);
        return `total ${meta.total.toLocaleString("en")}${meta.total_capped ? "+" : ""}`;
      });
      print(engine, row);
    }
    searchTimes.sort((a, b) => a - b);
    log(
      `${engine.padEnd(9)} ${"search: every query together".padEnd(40)} ${fixed(percentile(searchTimes, 50))} ${fixed(percentile(searchTimes, 99))} ${String(searchTimes.length).padStart(4)}`,
    );

    const slugs = (
      await db
        .selectFrom("products")
        .select("slug")
        .where((eb) => eb(eb("id", "%", Math.max(1, Math.floor(products / 50))), "=", 3))
        .limit(50)
        .execute()
    ).map((row) => row.slug);
    let next = 0;
    print(
      engine,
      await timed("product page (50 products)", async () => {
        await catalogService(repository).productBySlug(slugs[next++ % slugs.length]!);
        return undefined;
      }),
    );

    const crawlers = crawlerRoutes(db, { publicUrl: "https://shop.example" });
    const files = Math.ceil(products / URLS_PER_SITEMAP);
    for (const path of ["/sitemap.xml", "/sitemaps/products-2.xml", `/sitemaps/products-${files}.xml`]) {
      print(
        engine,
        await timed(`sitemap ${path}`, async () => {
          const response = await crawlers.request(path);
          const text = await response.text();
          return `${response.status}, ${(text.length / 1024).toFixed(0)} KB`;
        }),
      );
    }

    const lastAdmin = Math.ceil(products / ADMIN_PRODUCTS_PER_PAGE);
    for (const [label, raw] of [
      ["admin list page 1", {}],
      ["admin list page 20,000", { page: "20000" }],
      [`admin list last page (${lastAdmin.toLocaleString("en")})`, { page: String(lastAdmin) }],
      ["admin list title A-Z page 1", { sort: "title" }],
      ["admin list price page 20,000", { sort: "price_asc", page: "20000" }],
      ["admin search bag page 1", { q: "bag" }],
      ["admin search bag page 2,000", { q: "bag", page: "2000" }],
      ["admin search black leather", { q: "black leather" }],
    ] as const) {
      const query = adminProductsQuerySchema.parse(raw);
      print(
        engine,
        await timed(label, async () => {
          // A new service each run, as for the listing: its kept total dropped, so a count and a page.
          const { data, meta } = await adminProductsService({
            repository: adminProductsRepository(db),
            images: undefined as never,
            storage: undefined,
            lowStockThreshold: 5,
            logger: pino({ level: "silent" }),
          }).list(query);
          return `${data.length} rows, total ${meta.total.toLocaleString("en")}${meta.total_capped ? "+" : ""}`;
        }),
      );
    }
  } finally {
    await handle.close();
  }
  if (!argv.includes("--skip-export")) {
    const started = performance.now();
    const out = execFileSync(
      process.execPath,
      [import.meta.filename, `--export-child=${dataset.databaseUrl}`],
      {
        encoding: "utf8",
        maxBuffer: 1024 * 1024,
      },
    );
    const { maxRssMb, bytes, sha } = JSON.parse(out) as { maxRssMb: number; bytes: number; sha: string };
    log(
      `${engine.padEnd(9)} ${"catalogue CSV export".padEnd(40)} ${fixed(performance.now() - started)}           1  peak RSS ${maxRssMb.toFixed(0)} MB, ${(bytes / 1024 / 1024).toFixed(0)} MB of CSV, sha256 ${sha}`,
    );
  }
}

/** The export in a process of its own, written nowhere: its peak RSS is the export's. */
async function exportChild(url: string) {
  const { exportCatalogue } = await import("../src/api/admin/catalogue-csv/catalogue-export.ts");
  const target = url.startsWith("sqlite:")
    ? ({ engine: "sqlite", file: url.replace(/^sqlite:/, "") } as const)
    : ({ engine: "postgres", url } as const);
  const handle = await openDatabase(target);
  let bytes = 0;
  const hash = createHash("sha256");
  try {
    await pipeline(
      exportCatalogue(handle.db),
      new Writable({
        write(chunk: string | Buffer, _encoding, done) {
          bytes += chunk.length;
          hash.update(chunk);
          done();
        },
      }),
    );
  } finally {
    await handle.close();
  }
  process.stdout.write(
    JSON.stringify({
      maxRssMb: process.resourceUsage().maxRSS / 1024,
      bytes,
      sha: hash.digest("hex").slice(0, 12),
    }),
  );
}

async function main() {
  const child = value("export-child");
  if (child) return exportChild(argv.find((arg) => arg.startsWith("--export-child="))!.slice(15));
  const only = value("only");
  if (only !== "postgres") await measure(await sqliteDataset(products, log));
  if (only !== "sqlite" && !argv.includes("--skip-postgres")) {
    const unavailable = await postgresUnavailable();
    if (unavailable) log(unavailable);
    else await measure(await keptPostgresDataset(products, log));
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await dropPostgres();
    if (argv.includes("--drop-kept")) log(`dropped ${(await dropKeptPostgres()).join(", ") || "nothing"}`);
  });
