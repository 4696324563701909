// Benchmarks: `npm run bench` (everything) and `npm run bench:quick` (smaller, shorter; under two minutes).
// Method and the meaning of every number: docs/benchmarks.md. Never part of `npm test`.
//
// Flags: --quick; --only=api,checkout,ssr,growth,pages (comma list); --skip-postgres; --skip-lighthouse;
//        --lighthouse-runs=N; --duration=S (seconds per measured load); --rebuild (build the app even if
//        build/ exists); --no-write (print only); --pages=home,cart (Lighthouse on these pages only).
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  DATA_DIR,
  type Dataset,
  dropPostgres,
  fillStock,
  postgresDataset,
  postgresUnavailable,
  postgresWorkingCopy,
  sqliteDataset,
  sqliteWorkingCopy,
  WORK_DIR,
} from "./lib/datasets.ts";
import { closeConnections, request } from "./lib/http.ts";
import {
  CHROME_PATH,
  chromeAvailable,
  type LighthouseSummary,
  lighthouseOnce,
  summarise,
} from "./lib/lighthouse.ts";
import { type LoadResult, type LoadSettings, measure } from "./lib/load.ts";
import { type PageWeight, pageWeight } from "./lib/page-weight.ts";
import { type RunningServer, startServer } from "./lib/server-process.ts";
import { fmt, markdownTable, table } from "./lib/table.ts";
import {
  type CheckoutResult,
  checkoutThroughput,
  guestCart,
  type ListingProbes,
  listingProbes,
  sampleProductSlug,
  sampleVariants,
} from "./lib/workloads.ts";

type Phase = "api" | "checkout" | "ssr" | "growth" | "pages";
const PHASES: Phase[] = ["api", "checkout", "ssr", "growth", "pages"];

interface Settings {
  mode: "full" | "quick";
  api: LoadSettings;
  ssr: LoadSettings;
  growth: LoadSettings & { sizes: number[] };
  apiProducts: number;
  checkout: { carts: number; concurrency: number };
  postgres: boolean;
  lighthouseRuns: number;
}

const FULL: Settings = {
  mode: "full",
  api: { connections: 10, duration: 10, warmup: 2 },
  ssr: { connections: 10, duration: 10, warmup: 2 },
  growth: { connections: 1, duration: 6, warmup: 1, sizes: [1_000, 10_000, 100_000] },
  apiProducts: 10_000,
  checkout: { carts: 400, concurrency: 8 },
  postgres: true,
  lighthouseRuns: 3,
};

const QUICK: Settings = {
  mode: "quick",
  api: { connections: 10, duration: 3, warmup: 1 },
  ssr: { connections: 10, duration: 3, warmup: 1 },
  growth: { connections: 1, duration: 2, warmup: 1, sizes: [1_000, 10_000] },
  apiProducts: 10_000,
  checkout: { carts: 100, concurrency: 8 },
  postgres: false,
  lighthouseRuns: 0,
};

function parseArgs(argv: string[]) {
  const flag = (name: string) => argv.includes(`--${name}`);
  const value = (name: string) => argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
  const settings = structuredClone(flag("quick") ? QUICK : FULL);
  if (flag("skip-postgres")) settings.postgres = false;
  if (flag("skip-lighthouse")) settings.lighthouseRuns = 0;
  const duration = value("duration");
  if (duration !== undefined) {
    for (const load of [settings.api, settings.ssr, settings.growth]) load.duration = Number(duration);
  }
  const runs = value("lighthouse-runs");
  if (runs !== undefined) settings.lighthouseRuns = Number(runs);
  const only = value("only");
  const phases = only
    ? (only.split(",").filter((name) => PHASES.includes(name as Phase)) as Phase[])
    : PHASES;
  const pages = value("pages")?.split(",");
  return { settings, phases: new Set(phases), rebuild: flag("rebuild"), write: !flag("no-write"), pages };
}

const { settings, phases, rebuild, write, pages: onlyPages } = parseArgs(process.argv.slice(2));
const log = (line: string) => console.log(line);

// ---------------------------------------------------------------------------------------------------------
// Results, as written to bench/results/<date>.json

interface ApiRow {
  name: string;
  path: string;
  result: LoadResult;
  /** Requests per second divided by the bare JSON route's, measured in the same server run. */
  ratio: number;
}
interface EngineApi {
  engine: string;
  products: number;
  bare: LoadResult & { before: number; after: number };
  rows: ApiRow[];
}
interface SsrRow {
  name: string;
  path: string;
  result: LoadResult | null;
  status: number;
  ratioToMinimal: number;
  ratioToLightest: number;
}
interface GrowthRow {
  engine: string;
  products: number;
  listing: string;
  path: string;
  result: LoadResult;
}
interface PageRow {
  name: string;
  /** Where the page weight was measured (the API catalogue's server). */
  path: string;
  /** Where Lighthouse loaded it (the demo catalogue's server). */
  lighthousePath?: string;
  weight: PageWeight | null;
  lighthouse: LighthouseSummary | null;
  error?: string;
}
interface BudgetLine {
  line: string;
  target: string;
  value: string;
  pass: boolean | null;
}

const results = {
  date: new Date().toISOString(),
  mode: settings.mode,
  settings,
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "unknown",
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    loadBefore: os.loadavg(),
    loadAfter: [] as number[],
  },
  git: gitInfo(),
  build: { built: false, seconds: 0 },
  probes: null as ListingProbes | null,
  api: [] as EngineApi[],
  checkout: [] as (CheckoutResult & { engine: string; products: number })[],
  ssr: { engine: "sqlite", products: 0, rows: [] as SsrRow[], lightest: "" },
  growth: [] as GrowthRow[],
  pages: [] as PageRow[],
  seeding: [] as { engine: string; products: number; seconds: number }[],
  skipped: [] as string[],
  budget: [] as BudgetLine[],
  seconds: 0,
};

function gitInfo() {
  try {
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--", "src", "vite.config.ts"], {
      encoding: "utf8",
    }).trim();
    return { commit, uncommittedSourceChanges: dirty.length > 0 };
  } catch {
    return { commit: "unknown", uncommittedSourceChanges: false };
  }
}

// ---------------------------------------------------------------------------------------------------------

async function withServer<T>(
  dataset: { databaseUrl: string; dataDir?: string; seedDemo?: boolean },
  work: (server: RunningServer) => Promise<T>,
): Promise<T> {
  const server = await startServer({
    databaseUrl: dataset.databaseUrl,
    dataDir: dataset.dataDir ?? DATA_DIR,
    seedDemo: dataset.seedDemo,
  });
  try {
    return await work(server);
  } finally {
    await server.stop();
  }
}

function ensureBuild() {
  // BENCH_BUILD_ENTRY=src/server/app.ts serves the API from source (no build; pages then fail): a debugging aid.
  if (process.env.BENCH_BUILD_ENTRY) return;
  if (!rebuild && fs.existsSync("build/server/index.js") && fs.existsSync("build/client")) return;
  log("building the app (react-router build)...");
  const started = performance.now();
  // `npm run build` is `react-router build`; the CLI is run directly so no npm is needed on PATH.
  const cli = JSON.parse(fs.readFileSync("node_modules/@react-router/dev/package.json", "utf8")) as {
    bin: Record<string, string>;
  };
  const bin = path.resolve("node_modules/@react-router/dev", cli.bin["react-router"] ?? "bin.cjs");
  const built = spawnSync(process.execPath, [bin, "build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (built.status !== 0) throw new Error("the build failed; run `npm run build` to see why");
  results.build = { built: true, seconds: (performance.now() - started) / 1000 };
  log(`  built in ${results.build.seconds.toFixed(1)} s`);
}

function noteSeeding(dataset: Dataset) {
  if (dataset.seedSeconds > 0) {
    results.seeding.push({
      engine: dataset.engine,
      products: dataset.products,
      seconds: dataset.seedSeconds,
    });
  }
}

async function checked(url: string, headers: Record<string, string> = {}): Promise<number> {
  return (await request(url, { headers: { accept: "text/html", ...headers } })).status;
}

async function bareRoute(server: RunningServer): Promise<LoadResult> {
  return measure(`${server.url}/__bench/bare`, settings.api);
}

function progress(label: string, result: LoadResult, extra = "") {
  const failed = result.failures > 0 ? `  (${result.failures} failed!)` : "";
  log(
    `  ${label.padEnd(34)} ${fmt.int(result.rps).padStart(7)} req/s  p50 ${fmt.ms(result.p50)} ms  p95 ${fmt.ms(result.p95)} ms${extra}${failed}`,
  );
}

/** The API on one engine: the bare route before and after, the four catalogue calls in between. */
async function apiPhase(server: RunningServer, engine: string, products: number, productSlug: string) {
  const probes = results.probes!;
  const before = await bareRoute(server);
  progress("bare JSON route (before)", before);
  const rows: Omit<ApiRow, "ratio">[] = [];
  for (const [name, probePath] of [
    ["products, page 1", probes.plain],
    [`products, ${probes.colorName} by price`, probes.colorSorted],
    [`products, search "${probes.searchTerm}"`, probes.search],
    ["product/{slug}", `/api/product/${productSlug}`],
  ] as const) {
    const result = await measure(server.url + probePath, settings.api);
    progress(name, result);
    rows.push({ name, path: probePath, result });
  }
  const after = await bareRoute(server);
  progress("bare JSON route (after)", after);
  const bare = { ...before, rps: (before.rps + after.rps) / 2, before: before.rps, after: after.rps };
  results.api.push({
    engine,
    products,
    bare,
    rows: rows.map((row) => ({ ...row, ratio: row.result.rps / bare.rps })),
  });
}

async function ssrPhase(server: RunningServer, products: number, productSlug: string) {
  const candidates = [
    ["minimal React Router page", "/__bench/minimal"],
    ["lightest shop page", "/terms-and-conditions"],
    ["home", "/"],
    ["shop", "/shop"],
    ["product", `/product/${productSlug}`],
  ] as const;
  const rows: SsrRow[] = [];
  for (const [name, pagePath] of candidates) {
    const status = await checked(server.url + pagePath);
    if (status !== 200) {
      log(`  ${name} (${pagePath}) answered ${status}: not measured`);
      rows.push({
        name,
        path: pagePath,
        result: null,
        status,
        ratioToMinimal: Number.NaN,
        ratioToLightest: Number.NaN,
      });
      continue;
    }
    const result = await measure(server.url + pagePath, settings.ssr, { accept: "text/html" });
    progress(`${name} ${pagePath}`.slice(0, 34), result);
    rows.push({
      name,
      path: pagePath,
      result,
      status,
      ratioToMinimal: Number.NaN,
      ratioToLightest: Number.NaN,
    });
  }
  const minimal = rows[0]?.result?.rps ?? Number.NaN;
  const lightest = rows[1]?.result?.rps ?? Number.NaN;
  for (const row of rows) {
    row.ratioToMinimal = (row.result?.rps ?? Number.NaN) / minimal;
    row.ratioToLightest = (row.result?.rps ?? Number.NaN) / lightest;
  }
  results.ssr = { engine: "sqlite", products, rows, lightest: rows[1]?.result ? rows[1].path : "" };
}

async function growthPhase(server: RunningServer, engine: string, products: number) {
  const probes = results.probes!;
  for (const [listing, probePath] of [
    ["page 1", probes.plain],
    ["colour by price", probes.colorSorted],
    ["search", probes.search],
    ["search, no match", "/api/products?search=[<id>]"],
  ] as const) {
    const result = await measure(server.url + probePath, settings.growth);
    progress(`${engine} ${fmt.int(products)}: ${listing}`, result);
    results.growth.push({ engine, products, listing, path: probePath, result });
  }
}

async function pageWeights(server: RunningServer, productSlug: string) {
  const variants = await sampleVariants(server.url, 1);
  const cookie = await guestCart(server.url, variants);
  const pages: [string, string, Record<string, string>][] = [
    ["home", "/", {}],
    ["shop", "/shop", {}],
    ["product", `/product/${productSlug}`, {}],
    ["cart", "/cart", { cookie }],
  ];
  for (const [name, pagePath, headers] of pages) {
    let row = results.pages.find((page) => page.name === name);
    if (!row) {
      row = { name, path: pagePath, weight: null, lighthouse: null };
      results.pages.push(row);
    }
    try {
      row.weight = await pageWeight(server.url, pagePath, headers);
      if (row.weight.status !== 200) row.error = `answered ${row.weight.status}`;
      log(
        `  ${name.padEnd(8)} ${pagePath.padEnd(40)} JS ${row.weight.scripts} files, ${fmt.kb(row.weight.jsGzipBytes)} KB gzip (${fmt.kb(row.weight.jsRawBytes)} KB raw; runtime ${fmt.kb(row.weight.runtimeGzipBytes)} KB)`,
      );
    } catch (error) {
      row.error = error instanceof Error ? error.message : String(error);
      log(`  ${name}: ${row.error}`);
    }
  }
}

async function lighthousePhase() {
  if (!chromeAvailable()) {
    results.skipped.push(`Lighthouse: no Chromium at ${CHROME_PATH}`);
    return;
  }
  // The demo catalogue (what `npm start` serves, with its drawn images), in a data directory of its own.
  const demoDir = path.join(WORK_DIR, "demo");
  await withServer(
    { databaseUrl: `sqlite:${path.join(demoDir, "shop.sqlite")}`, dataDir: demoDir, seedDemo: true },
    async (server) => {
      const productSlug = await sampleProductSlug(server.url);
      const cookie = await guestCart(server.url, await sampleVariants(server.url, 1));
      const pages: [string, string, Record<string, string>][] = [
        ["home", "/", {}],
        ["shop", "/shop", {}],
        ["product", `/product/${productSlug}`, {}],
        ["cart", "/cart", { Cookie: cookie }],
      ];
      for (const [name, pagePath, headers] of pages) {
        if (onlyPages && !onlyPages.includes(name)) continue;
        let row = results.pages.find((page) => page.name === name);
        if (!row) {
          row = { name, path: pagePath, weight: null, lighthouse: null };
          results.pages.push(row);
        }
        row.lighthousePath = pagePath;
        const status = await checked(server.url + pagePath, headers.Cookie ? { cookie: headers.Cookie } : {});
        if (status !== 200) {
          row.error = `${pagePath} answered ${status}`;
          log(`  ${name}: ${row.error}, no Lighthouse run`);
          continue;
        }
        const runs = [];
        for (let index = 0; index < settings.lighthouseRuns; index++) {
          const file = path.join(WORK_DIR, "lighthouse", `${name}-${index + 1}.json`);
          // Lighthouse now and then fails to record a trace (NO_NAVSTART); such a run is repeated, up to twice.
          for (let attempt = 1; ; attempt++) {
            try {
              runs.push(await lighthouseOnce(server.url + pagePath, file, headers));
              break;
            } catch (error) {
              const reason = error instanceof Error ? error.message.split("\n").slice(-2).join(" ") : error;
              log(`  ${name}: Lighthouse run ${index + 1} failed (${reason})${attempt < 3 ? ", again" : ""}`);
              if (attempt === 3) break;
            }
          }
        }
        if (runs.length === 0) {
          row.error = "every Lighthouse run failed";
          continue;
        }
        row.lighthouse = summarise(runs);
        const lh = row.lighthouse;
        log(
          `  ${name.padEnd(8)} perf ${lh.performance} a11y ${lh.accessibility} bp ${lh.bestPractices} seo ${lh.seo}  LCP ${fmt.int(lh.lcp)} ms  TBT ${fmt.int(lh.tbt)} ms  CLS ${lh.cls.toFixed(3)}`,
        );
      }
    },
  );
}

// ---------------------------------------------------------------------------------------------------------

async function main() {
  const started = performance.now();
  log(
    `bench (${settings.mode}) on ${results.machine.cpus} × ${results.machine.cpuModel}, Node ${process.version}, load ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(" ")}`,
  );
  if ((os.loadavg()[0] ?? 0) > results.machine.cpus * 0.5) {
    log("  warning: the machine is busy; numbers will be lower and noisier than on a quiet machine");
  }
  ensureBuild();
  fs.mkdirSync(DATA_DIR, { recursive: true });
  fs.rmSync(path.join(DATA_DIR, "outbox"), { recursive: true, force: true });

  const needsMain = phases.size > 0;
  const main = needsMain ? await sqliteDataset(settings.apiProducts, log) : null;
  if (main) noteSeeding(main);

  if (main && (phases.has("api") || phases.has("ssr") || phases.has("growth") || phases.has("pages"))) {
    log(`\nSQLite, ${fmt.int(main.products)} products`);
    await withServer(main, async (server) => {
      results.probes = await listingProbes(server.url);
      const productSlug = await sampleProductSlug(server.url);
      if (phases.has("api")) await apiPhase(server, "sqlite", main.products, productSlug);
      if (phases.has("ssr")) await ssrPhase(server, main.products, productSlug);
      if (phases.has("pages")) await pageWeights(server, productSlug);
      if (phases.has("growth") && settings.growth.sizes.includes(main.products)) {
        await growthPhase(server, "sqlite", main.products);
      }
    });
  }

  if (phases.has("growth")) {
    for (const products of settings.growth.sizes.filter((size) => size !== settings.apiProducts)) {
      const dataset = await sqliteDataset(products, log);
      noteSeeding(dataset);
      log(`\nSQLite, ${fmt.int(products)} products`);
      await withServer(dataset, async (server) => {
        results.probes = await listingProbes(server.url, results.probes ?? undefined);
        await growthPhase(server, "sqlite", products);
      });
    }
    results.growth.sort((a, b) => a.engine.localeCompare(b.engine) || a.products - b.products);
  }

  if (main && phases.has("checkout")) {
    log(`\nCheckout, SQLite, ${fmt.int(main.products)} products`);
    const copy = sqliteWorkingCopy(main, "checkout");
    await fillStock(copy, 1_000_000);
    await withServer(copy, async (server) => {
      const result = await checkoutThroughput(server.url, settings.checkout);
      log(
        `  ${fmt.int(result.ordersPerSecond)} orders/s, p50 ${fmt.ms(result.p50)} ms, p95 ${fmt.ms(result.p95)} ms`,
      );
      results.checkout.push({ engine: "sqlite", products: main.products, ...result });
    });
    fs.rmSync(copy.databaseUrl.replace(/^sqlite:/, ""), { force: true });
  }

  const pgWanted = phases.has("api") || phases.has("checkout") || phases.has("growth");
  const pgReason = !settings.postgres
    ? settings.mode === "quick"
      ? "PostgreSQL: skipped in --quick"
      : "PostgreSQL: skipped (--skip-postgres)"
    : pgWanted
      ? await postgresUnavailable()
      : null;
  if (pgReason && pgWanted) results.skipped.push(pgReason);
  if (!pgReason && pgWanted) {
    try {
      const dataset = await postgresDataset(settings.apiProducts, log);
      noteSeeding(dataset);
      const pgGrowth = phases.has("growth") && settings.growth.sizes.includes(dataset.products);
      if (phases.has("api") || pgGrowth) {
        log(`\nPostgreSQL, ${fmt.int(dataset.products)} products`);
        await withServer(dataset, async (server) => {
          results.probes = await listingProbes(server.url, results.probes ?? undefined);
          if (phases.has("api")) {
            await apiPhase(server, "postgres", dataset.products, await sampleProductSlug(server.url));
          }
          if (pgGrowth) await growthPhase(server, "postgres", dataset.products);
        });
      }
      if (phases.has("growth")) {
        for (const products of settings.growth.sizes.filter((size) => size !== dataset.products)) {
          const sized = await postgresDataset(products, log);
          noteSeeding(sized);
          log(`\nPostgreSQL, ${fmt.int(products)} products`);
          await withServer(sized, async (server) => {
            results.probes = await listingProbes(server.url, results.probes ?? undefined);
            await growthPhase(server, "postgres", products);
          });
        }
        results.growth.sort((a, b) => a.engine.localeCompare(b.engine) || a.products - b.products);
      }
      if (phases.has("checkout")) {
        log(`\nCheckout, PostgreSQL, ${fmt.int(dataset.products)} products`);
        const copy = await postgresWorkingCopy(dataset);
        await fillStock(copy, 1_000_000);
        await withServer(copy, async (server) => {
          const result = await checkoutThroughput(server.url, settings.checkout);
          log(
            `  ${fmt.int(result.ordersPerSecond)} orders/s, p50 ${fmt.ms(result.p50)} ms, p95 ${fmt.ms(result.p95)} ms`,
          );
          results.checkout.push({ engine: "postgres", products: dataset.products, ...result });
        });
      }
    } finally {
      await dropPostgres();
    }
  }

  if (phases.has("pages")) {
    if (settings.lighthouseRuns > 0) {
      log(`\nLighthouse (mobile, median of ${settings.lighthouseRuns}), demo catalogue`);
      await lighthousePhase();
    } else {
      results.skipped.push(
        settings.mode === "quick"
          ? "Lighthouse: skipped in --quick"
          : "Lighthouse: skipped (--skip-lighthouse)",
      );
    }
  }

  results.machine.loadAfter = os.loadavg();
  results.budget = budget();
  results.seconds = (performance.now() - started) / 1000;
  const markdown = report();
  if (write) {
    const file = resultFile();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    fs.writeFileSync(file.replace(/\.json$/, ".md"), markdown);
    log(`\nwrote ${path.relative(process.cwd(), file)} (${results.seconds.toFixed(0)} s in all)`);
  }
}

/** bench/results/<date>.json; a quick run never overwrites a full run's file of the same day. */
function resultFile(): string {
  const day = results.date.slice(0, 10);
  const file = path.resolve("bench/results", `${day}.json`);
  if (settings.mode === "quick" && fs.existsSync(file)) {
    const existing = JSON.parse(fs.readFileSync(file, "utf8")) as { mode?: string };
    if (existing.mode === "full") return path.resolve("bench/results", `${day}-quick.json`);
  }
  return file;
}

// ---------------------------------------------------------------------------------------------------------

function budget(): BudgetLine[] {
  const lines: BudgetLine[] = [];
  const pages = results.pages;
  const scored = pages.filter((page) => page.lighthouse);
  const category = (
    label: string,
    key: "performance" | "accessibility" | "bestPractices" | "seo",
    min: number,
  ) => {
    if (scored.length === 0) {
      lines.push({
        line: `Lighthouse ${label}`,
        target: min === 100 ? "100" : `≥ ${min}`,
        value: "not measured",
        pass: null,
      });
      return;
    }
    const values = scored.map((page) => `${page.name} ${page.lighthouse![key]}`).join(", ");
    const missing = pages.length < 4 || scored.length < pages.length;
    lines.push({
      line: `Lighthouse ${label} (home, shop, product, cart)`,
      target: min === 100 ? "100" : `≥ ${min}`,
      value: values + (missing ? " (some pages not measured)" : ""),
      pass: scored.every((page) => page.lighthouse![key] >= min) && !missing,
    });
  };
  category("performance", "performance", 95);
  category("accessibility", "accessibility", 100);
  category("best practices", "bestPractices", 100);
  category("SEO", "seo", 100);

  const weighed = pages.filter((page) => page.weight && page.weight.status === 200);
  lines.push({
    line: "First-load JavaScript per page (gzip)",
    target: "≤ 100 KB",
    value:
      weighed.length === 0
        ? "not measured"
        : weighed.map((page) => `${page.name} ${fmt.kb(page.weight!.jsGzipBytes)} KB`).join(", "),
    pass: weighed.length === 0 ? null : weighed.every((page) => page.weight!.jsGzipBytes <= 100 * 1024),
  });

  for (const engine of ["sqlite", "postgres"]) {
    const growthOf = (products: number) =>
      results.growth.find(
        (row) => row.engine === engine && row.products === products && row.listing === "page 1",
      );
    const small = growthOf(1_000);
    const large = growthOf(100_000);
    if (engine === "postgres" && !small) continue;
    lines.push({
      line: `Listing p95 at 100,000 products vs 1,000 (${engine === "sqlite" ? "SQLite" : "PostgreSQL"}, page 1)`,
      target: "≤ 2.0×",
      value:
        small && large
          ? `${fmt.ms(small.result.p95)} ms → ${fmt.ms(large.result.p95)} ms = ${fmt.ratio(large.result.p95 / small.result.p95)}×`
          : "not measured in this run (--quick skips 100,000)",
      pass: small && large ? large.result.p95 <= 2 * small.result.p95 : null,
    });
  }

  const sqliteApi = results.api.find((entry) => entry.engine === "sqlite");
  const listing = sqliteApi?.rows[0];
  lines.push({
    line: "Listing throughput ÷ bare JSON route (SQLite, page 1)",
    target: "≥ 0.30",
    value: listing
      ? `${fmt.ratio(listing.ratio)} (${fmt.int(listing.result.rps)} / ${fmt.int(sqliteApi!.bare.rps)} req/s)`
      : "not measured",
    pass: listing ? listing.ratio >= 0.3 : null,
  });
  return lines;
}

/** Prints the tables; returns the same as Markdown (bench/results/<date>.md, for docs/benchmarks.md). */
function report(): string {
  const out: string[] = [];
  const md: string[] = [];
  const section = (title: string, header: string[], rows: (string | number)[][]) => {
    md.push(`#### ${title}\n\n${markdownTable(header, rows)}`);
    return table(title, header, rows);
  };
  for (const entry of results.api) {
    out.push(
      section(
        `API on ${entry.engine}, ${fmt.int(entry.products)} products (${settings.api.connections} connections, ${settings.api.duration} s each)`,
        ["route", "req/s", "÷ bare", "p50 ms", "p95 ms", "p99 ms", "bytes", "failed"],
        [
          [
            "bare JSON route (mean of before/after)",
            fmt.int(entry.bare.rps),
            "1.00",
            fmt.ms(entry.bare.p50),
            fmt.ms(entry.bare.p95),
            fmt.ms(entry.bare.p99),
            entry.bare.bytes,
            entry.bare.failures,
          ],
          ...entry.rows.map((row) => [
            `GET ${row.path}`,
            fmt.int(row.result.rps),
            fmt.ratio(row.ratio),
            fmt.ms(row.result.p50),
            fmt.ms(row.result.p95),
            fmt.ms(row.result.p99),
            row.result.bytes,
            row.result.failures,
          ]),
        ],
      ),
    );
  }
  if (results.checkout.length > 0) {
    out.push(
      section(
        "Checkout (guest carts of 2 lines prepared first; ample stock)",
        ["engine", "orders", "concurrency", "orders/s", "p50 ms", "p95 ms", "failed"],
        results.checkout.map((row) => [
          row.engine,
          row.carts,
          row.concurrency,
          fmt.int(row.ordersPerSecond),
          fmt.ms(row.p50),
          fmt.ms(row.p95),
          row.failures,
        ]),
      ),
    );
  }
  if (results.ssr.rows.length > 0) {
    out.push(
      section(
        `Server rendering on SQLite, ${fmt.int(results.ssr.products)} products (${settings.ssr.connections} connections, ${settings.ssr.duration} s each)`,
        ["page", "req/s", "÷ minimal RR", "÷ lightest", "p50 ms", "p95 ms", "HTML bytes"],
        results.ssr.rows.map((row) => [
          `${row.name} ${row.path}`,
          row.result ? fmt.int(row.result.rps) : `HTTP ${row.status}`,
          fmt.ratio(row.ratioToMinimal),
          fmt.ratio(row.ratioToLightest),
          row.result ? fmt.ms(row.result.p50) : "n/a",
          row.result ? fmt.ms(row.result.p95) : "n/a",
          row.result ? row.result.bytes : "n/a",
        ]),
      ),
    );
  }
  if (results.growth.length > 0) {
    const listings = [...new Set(results.growth.map((row) => row.listing))];
    const sizes = [...new Set(results.growth.map((row) => `${row.engine} ${row.products}`))];
    out.push(
      section(
        `Growth: listing latency, one connection at a time (${settings.growth.duration} s each), p50 / p95 ms`,
        ["catalogue", ...listings],
        sizes.map((size) => [
          size.replace(/ (\d+)$/, (_, n: string) => `, ${fmt.int(Number(n))} products`),
          ...listings.map((listing) => {
            const row = results.growth.find(
              (item) => `${item.engine} ${item.products}` === size && item.listing === listing,
            );
            return row ? `${fmt.ms(row.result.p50)} / ${fmt.ms(row.result.p95)}` : "n/a";
          }),
        ]),
      ),
    );
  }
  if (results.pages.length > 0) {
    out.push(
      section(
        `Pages: first-load JavaScript and Lighthouse (mobile${settings.lighthouseRuns > 0 ? `, median of ${settings.lighthouseRuns}` : ""})`,
        [
          "page",
          "JS files",
          "JS gzip KB",
          "of it runtime",
          "perf",
          "a11y",
          "best pr.",
          "SEO",
          "FCP ms",
          "LCP ms",
          "TBT ms",
          "CLS",
        ],
        results.pages.map((page) => {
          const lh = page.lighthouse;
          return [
            page.name,
            page.weight ? page.weight.scripts : "n/a",
            page.weight ? fmt.kb(page.weight.jsGzipBytes) : "n/a",
            page.weight ? fmt.kb(page.weight.runtimeGzipBytes) : "n/a",
            lh ? lh.performance : "n/a",
            lh ? lh.accessibility : "n/a",
            lh ? lh.bestPractices : "n/a",
            lh ? lh.seo : "n/a",
            lh ? fmt.int(lh.fcp) : "n/a",
            lh ? fmt.int(lh.lcp) : "n/a",
            lh ? fmt.int(lh.tbt) : "n/a",
            lh ? lh.cls.toFixed(3) : "n/a",
          ];
        }),
      ),
    );
    for (const page of results.pages) {
      const failing =
        page.lighthouse?.failing.filter((audit) => audit.category !== "performance-insight") ?? [];
      if (failing.length > 0) {
        const line = `${page.name}: ${failing.map((audit) => `${audit.category}/${audit.id}`).join(", ")}`;
        out.push(`  ${line}`);
        md.push(`Failing audits, ${line}`);
      }
    }
  }
  out.push(
    section(
      "Budget",
      ["line", "target", "measured", "result"],
      results.budget.map((line) => [
        line.line,
        line.target,
        line.value,
        line.pass === null ? "—" : line.pass ? "pass" : "MISS",
      ]),
    ),
  );
  const notes: string[] = [];
  if (results.build.built) notes.push(`built the app first: ${results.build.seconds.toFixed(1)} s`);
  for (const seeded of results.seeding) {
    notes.push(
      `seeded ${fmt.int(seeded.products)} products on ${seeded.engine}: ${seeded.seconds.toFixed(1)} s`,
    );
  }
  for (const skipped of results.skipped) notes.push(`skipped: ${skipped}`);
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(" ");
  notes.push(
    `commit ${results.git.commit}${results.git.uncommittedSourceChanges ? " with uncommitted changes in src/" : ""}, ${results.date.slice(0, 16).replace("T", " ")} UTC, ${results.mode} run`,
  );
  notes.push(
    `${results.machine.cpus} × ${results.machine.cpuModel}, Node ${results.machine.node}, load average before ${load(results.machine.loadBefore)}, after ${load(results.machine.loadAfter)}; ${results.seconds.toFixed(0)} s in all`,
  );
  log(out.join("\n"));
  log(`\n${notes.join("\n")}`);
  md.push(notes.map((note) => `- ${note}`).join("\n"));
  return `${md.join("\n\n")}\n`;
}

main()
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
    await dropPostgres().catch(() => {});
  })
  .finally(() => closeConnections());
