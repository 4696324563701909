// Benchmarks: `npm run bench` (everything) and `npm run bench:quick` (smaller, shorter; under two minutes).
// Method and the meaning of every number: docs/benchmarks.md. Never part of `npm test`.
//
// Flags: --quick; --only=api,checkout,ssr,growth,pages,flash-sale (comma list); --skip-postgres; --skip-lighthouse;
//        --lighthouse-runs=N; --duration=S (seconds per measured load); --rebuild (build the app even if
//        build/ exists); --no-write (print only); --pages=home,cart (Lighthouse on these pages only).
//
// This file runs the workloads in order (bench/workloads/: api, checkout, ssr, growth, pages, flash-sale), each on
// the datasets it needs, then prints the report (bench/report.ts) and writes the results (bench/results.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp, buildExists } from "./lib/build.ts";
import { listingProbes, sampleProductSlug } from "./lib/catalogue-samples.ts";
import {
  DATA_DIR,
  type Dataset,
  dropPostgres,
  postgresDataset,
  postgresUnavailable,
  postgresWorkingCopy,
  sqliteDataset,
  sqliteWorkingCopy,
} from "./lib/datasets.ts";
import { closeConnections } from "./lib/http.ts";
import { fmt } from "./lib/table.ts";
import { budget, report } from "./report.ts";
import { createResults, type Run } from "./results.ts";
import { parseArgs } from "./settings.ts";
import { apiPhase } from "./workloads/api.ts";
import { checkoutPhase } from "./workloads/checkout.ts";
import { flashSalePhase } from "./workloads/flash-sale.ts";
import { growthPhase } from "./workloads/growth.ts";
import { lighthousePhase, lighthouseThroughProxyPhase, pageWeights } from "./workloads/pages.ts";
import { withServer } from "./workloads/shared.ts";
import { ssrPhase } from "./workloads/ssr.ts";

const { settings, phases, rebuild, write, pages: onlyPages } = parseArgs(process.argv.slice(2));
const log = (line: string) => console.log(line);
const run: Run = { settings, results: createResults(settings), log };
const { results } = run;

function ensureBuild() {
  // BENCH_BUILD_ENTRY=src/server/app.ts serves the API from source (no build; pages then fail): a debugging aid.
  if (process.env.BENCH_BUILD_ENTRY) return;
  if (!rebuild && buildExists()) return;
  log("building the app (react-router build)...");
  results.build = { built: true, seconds: buildApp() };
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

  // Every phase but the flash sale (which brings up the production shape itself) measures the SQLite catalogue.
  const needsMain = [...phases].some((phase) => phase !== "flash-sale");
  const main = needsMain ? await sqliteDataset(settings.apiProducts, log) : null;
  if (main) noteSeeding(main);

  if (main && (phases.has("api") || phases.has("ssr") || phases.has("growth") || phases.has("pages"))) {
    log(`\nSQLite, ${fmt.int(main.products)} products`);
    await withServer(main, async (server) => {
      results.probes = await listingProbes(server.url);
      const productSlug = await sampleProductSlug(server.url);
      if (phases.has("api")) await apiPhase(run, server, "sqlite", main.products, productSlug);
      if (phases.has("ssr")) await ssrPhase(run, server, main.products, productSlug);
      if (phases.has("pages")) await pageWeights(run, server, productSlug);
      if (phases.has("growth") && settings.growth.sizes.includes(main.products)) {
        await growthPhase(run, server, "sqlite", main.products);
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
        await growthPhase(run, server, "sqlite", products);
      });
    }
    results.growth.sort((a, b) => a.engine.localeCompare(b.engine) || a.products - b.products);
  }

  if (main && phases.has("checkout")) {
    log(`\nCheckout, SQLite, ${fmt.int(main.products)} products`);
    const copy = sqliteWorkingCopy(main, "checkout");
    await checkoutPhase(run, copy, "sqlite", main.products);
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
            await apiPhase(run, server, "postgres", dataset.products, await sampleProductSlug(server.url));
          }
          if (pgGrowth) await growthPhase(run, server, "postgres", dataset.products);
        });
      }
      if (phases.has("growth")) {
        for (const products of settings.growth.sizes.filter((size) => size !== dataset.products)) {
          const sized = await postgresDataset(products, log);
          noteSeeding(sized);
          log(`\nPostgreSQL, ${fmt.int(products)} products`);
          await withServer(sized, async (server) => {
            results.probes = await listingProbes(server.url, results.probes ?? undefined);
            await growthPhase(run, server, "postgres", products);
          });
        }
        results.growth.sort((a, b) => a.engine.localeCompare(b.engine) || a.products - b.products);
      }
      if (phases.has("checkout")) {
        log(`\nCheckout, PostgreSQL, ${fmt.int(dataset.products)} products`);
        await checkoutPhase(run, await postgresWorkingCopy(dataset), "postgres", dataset.products);
      }
    } finally {
      await dropPostgres();
    }
  }

  if (phases.has("pages")) {
    if (settings.lighthouseRuns > 0) {
      log(`\nLighthouse (mobile, median of ${settings.lighthouseRuns}), demo catalogue`);
      await lighthousePhase(run, onlyPages);
      if (settings.postgres) {
        log(`\nLighthouse through the production shape (HTTPS, HTTP/2, nginx, two instances, PostgreSQL)`);
        await lighthouseThroughProxyPhase(run, onlyPages);
      } else results.skipped.push("Lighthouse through the proxy: skipped (--skip-postgres)");
    } else {
      results.skipped.push(
        settings.mode === "quick"
          ? "Lighthouse: skipped in --quick"
          : "Lighthouse: skipped (--skip-lighthouse)",
      );
    }
  }

  if (phases.has("flash-sale")) {
    if (settings.postgres) {
      const { shoppers, units, inFlight } = settings.flashSale;
      log(
        `\nFlash sale through the production shape: ${fmt.int(shoppers)} shoppers (${inFlight} in flight), ${units} units`,
      );
      await flashSalePhase(run);
    } else {
      results.skipped.push(
        settings.mode === "quick"
          ? "Flash sale: skipped in --quick (it needs PostgreSQL)"
          : "Flash sale: skipped (--skip-postgres)",
      );
    }
  }

  results.machine.loadAfter = os.loadavg();
  results.budget = budget(results);
  results.seconds = (performance.now() - started) / 1000;
  const markdown = report(run);
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

main()
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
    await dropPostgres().catch(() => {});
  })
  .finally(() => closeConnections());
