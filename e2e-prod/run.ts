// The production shape, without Docker: `npm run test:prod-shape` (CI runs it after the browser tests).
//
// Brings up a fresh PostgreSQL database, two instances of the built shop (ports 3241 and 3242, TRUST_PROXY=1, each
// with its own data folder and the images and uploads in an s3rver bucket, so they share nothing but PostgreSQL,
// Redis and the bucket; one shared folder when s3rver is not installed) and nginx with a self-signed certificate on https://localhost:8443 in front of them;
// runs the browser journeys of playwright.prod.config.ts through it, then the load checks of e2e-prod/load.ts;
// tears everything down and drops the database. Writes reports/production-shape.json ({ passed, failed,
// skipped, ... }), which .ci/summary.ts adds to the final count. Without PostgreSQL, Redis or nginx (when it
// cannot be installed) it says it skipped and exits 0.
//
// Flags: --rebuild (build even if build/ is up to date with the sources), --only=journeys,load (default both;
//        `lighthouse` measures home, shop, a product page and the cart through the proxy instead; `flash-sale` runs
//        the flash sale of e2e-prod/flash-sale.ts at full size, which `load` runs smaller: --shoppers=N, --units=N,
//        --in-flight=N, --browsers=N change its size), --report=path (default
//        reports/production-shape.json), --lighthouse-runs=N (with `lighthouse`: runs per page, default 3; the
//        median is reported), --pages=home,cart (with `lighthouse`: these pages only), --product=slug (with
//        `lighthouse`: the product page to measure; the catalogue's first by default), --instances=1 (one instance
//        behind nginx instead of two: for profiling), --profile=dir (each instance writes a CPU profile of its
//        whole life into dir, `node --cpu-prof`, read with bench/profile-summary.ts or Chrome's DevTools).
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {
  CHROME_PATH,
  chromeAvailable,
  type LighthouseRun,
  lighthouseWithRetries,
  type ProxyLighthouseSummary,
  summarise,
} from "../bench/lib/lighthouse.ts";
import { describeWarm, warmPages } from "../bench/lib/warm-pages.ts";
import { buildState, buildStorefront } from "../scripts/build-stamp.ts";
import { startTestS3 } from "../src/testing/s3-server.ts";
import { CI_SALE, type FlashSaleOptions, FULL_SALE, flashSale } from "./flash-sale.ts";
import { httpsClient, type Send, shopperOn } from "./http.ts";
import {
  type CheckResult,
  catalogueAcrossInstances,
  findVariants,
  fuzzEveryEndpoint,
  killAndRestart,
  type LoadContext,
  oppositeOrderCheckouts,
  terminatedBackends,
  type Variant,
} from "./load.ts";
import {
  createDatabase,
  type Database,
  INSTANCE_PORTS,
  type Instance,
  instance,
  makeCertificate,
  missingService,
  PUBLIC_URL,
  type ReverseProxy,
  ROOT,
  startNginx,
} from "./stack.ts";

const args = process.argv.slice(2);
const flag = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const only = new Set((flag("only") ?? "journeys,load").split(","));
const reportFile = path.resolve(flag("report") ?? "reports/production-shape.json");
const rebuild = args.includes("--rebuild");
const runsFlag = Number(flag("lighthouse-runs") ?? 3);
const lighthouseRuns = Number.isFinite(runsFlag) ? Math.max(1, Math.floor(runsFlag)) : 3;
const lighthousePages = flag("pages")?.split(",");
const lighthouseProduct = flag("product");
const instanceCount = flag("instances") === "1" ? 1 : 2;
const profileDir = flag("profile") ? path.resolve(flag("profile") as string) : undefined;
/** The flash sale's size: the full one alone (`--only=flash-sale`), the CI one among the load checks; flags win. */
function saleOptions(base: FlashSaleOptions): FlashSaleOptions {
  const number = (name: string, fallback: number) => {
    const value = Number(flag(name));
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  return {
    ...base,
    shoppers: number("shoppers", base.shoppers),
    units: number("units", base.units),
    inFlight: number("in-flight", base.inFlight),
    browsers: number("browsers", base.browsers),
  };
}
// The whole run stops itself after this long, whatever it is doing (with Lighthouse, a minute more for the warm-up
// and half a minute for each run of each page).
const DEADLINE_MS = 8 * 60_000 + (only.has("lighthouse") ? 60_000 + lighthouseRuns * 4 * 30_000 : 0);

const log = (line: string) => process.stdout.write(`${line}\n`);
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

interface Report {
  suite: "production-shape";
  passed: number;
  failed: number;
  skipped: number;
  reason?: string;
  journeys?: { passed: number; failed: number; skipped: number };
  checks: CheckResult[];
  seconds?: number;
}

function writeReport(report: Report) {
  fs.mkdirSync(path.dirname(reportFile), { recursive: true });
  fs.writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
}

function build() {
  // The same staleness check as `npm start`: a build made from other sources is built again.
  const state = buildState(process.cwd());
  if (!rebuild && !state.stale) {
    log("using the existing build/, made from these sources (pass --rebuild to build again)");
    return;
  }
  log(`building the app (${rebuild ? "asked to" : state.stale ? `build ${state.reason}` : ""})...`);
  if (buildStorefront(process.cwd(), "quiet") !== 0)
    throw new Error("the build failed; run `npm run build` to see why");
}

/** Runs the Playwright journeys; answers their counts from the JSON report. */
async function journeys(): Promise<{ passed: number; failed: number; skipped: number }> {
  const reportPath = path.join(ROOT, "journeys.json");
  fs.rmSync(reportPath, { force: true });
  const cli = path.resolve("node_modules/@playwright/test/cli.js");
  const child = spawn(process.execPath, [cli, "test", "-c", "playwright.prod.config.ts"], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  await new Promise<void>((resolve) => child.once("exit", () => resolve()));
  if (!fs.existsSync(reportPath)) return { passed: 0, failed: 1, skipped: 0 };
  const report = JSON.parse(fs.readFileSync(reportPath, "utf8")) as {
    stats: { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
    errors?: unknown[];
  };
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  return { passed: expected + flaky, failed: unexpected + (report.errors?.length ?? 0), skipped };
}

/**
 * Lighthouse on home, shop, a product page and the cart with one item as a phone meets them in production: through
 * nginx, over HTTPS and HTTP/2 (`--only=lighthouse`, not part of the default run; `bench/run.ts --only=pages` runs
 * it and judges the paint targets on it, decision 0035). The same mobile settings as the bench's direct run; the
 * self-signed certificate is accepted by a Chromium flag. The pages and their images are asked for first until
 * the shop has settled (bench/lib/warm-pages.ts).
 */
async function lighthouseThroughProxy(send: Send) {
  if (!chromeAvailable()) {
    log(`Lighthouse: no Chromium at ${CHROME_PATH}`);
    return;
  }
  // The product the bench's direct run measured when it says which (`--product=slug`), else the catalogue's first.
  const listing = JSON.parse((await send("GET", "/api/products?page=1")).text) as {
    data: { slug: string }[];
  };
  let productPath = `/product/${listing.data[0]!.slug}`;
  if (lighthouseProduct) {
    const asked = `/product/${encodeURIComponent(lighthouseProduct)}`;
    const status = (await send("GET", asked, { headers: { accept: "text/html" } })).status;
    if (status === 200) productPath = asked;
    else log(`  product ${lighthouseProduct}: answered ${status}, measuring ${productPath} instead`);
  }
  // The cart with one item, as bench/run.ts measures it: a guest's cart cookie, sent with every request.
  const guest = shopperOn(send);
  const [variant] = await findVariants(send, 1);
  const added = variant
    ? await guest.post("/api/cart/add", { id: variant.productId, quantity: 1, size: variant.variantId })
    : undefined;
  const cartCookie = String(added?.headers["set-cookie"] ?? "").split(";")[0] ?? "";
  let pages: [string, string, Record<string, string>][] = [
    ["home", "/", {}],
    ["shop", "/shop", {}],
    ["product", productPath, {}],
  ];
  if (added?.status === 200 && cartCookie) pages.push(["cart", "/cart", { cookie: cartCookie }]);
  else log(`  cart: no guest cart to measure (${added?.status ?? "no variant"})`);
  if (lighthousePages) pages = pages.filter(([name]) => lighthousePages.includes(name));
  if (pages.length === 0) log(`  no page to measure (--pages=${lighthousePages?.join(",")})`);
  const warm = await warmPages(
    async (pagePath, headers) => {
      const answer = await send("GET", pagePath, { headers });
      return {
        status: answer.status,
        contentType: String(answer.headers["content-type"] ?? ""),
        text: answer.text,
      };
    },
    pages.map(([, pagePath, headers]) => ({ path: pagePath, headers })),
  );
  log(`  ${describeWarm(warm)}`);
  // Written after every page, so a run stopped by its deadline keeps what it measured.
  const file = path.join(ROOT, "lighthouse", "summary.json");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const summary: ProxyLighthouseSummary = { warm, pages: {} };
  const write = () => fs.writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
  write();
  for (const [name, pagePath, headers] of pages) {
    const runs: LighthouseRun[] = [];
    for (let index = 1; index <= lighthouseRuns; index++) {
      const result = await lighthouseWithRetries(
        PUBLIC_URL + pagePath,
        path.join(ROOT, "lighthouse", `${name}-${index}.json`),
        headers,
        (error, again) =>
          log(
            `  ${name}: Lighthouse run ${index} failed (${(error as Error).message})${again ? ", again" : ""}`,
          ),
        ["--ignore-certificate-errors"],
      );
      if (result) runs.push(result);
    }
    if (runs.length === 0) {
      log(`  ${name}: every Lighthouse run failed`);
      continue;
    }
    const lh = summarise(runs);
    summary.pages[name] = { ...lh, path: pagePath, lcpRuns: runs.map((run) => Math.round(run.lcp)) };
    write();
    log(
      `  ${name.padEnd(8)} perf ${lh.performance} a11y ${lh.accessibility} bp ${lh.bestPractices} seo ${lh.seo}  FCP ${Math.round(lh.fcp)} ms  LCP ${Math.round(lh.lcp)} ms (runs ${runs.map((run) => Math.round(run.lcp)).join(", ")})`,
    );
  }
  log(`  (medians and every run's LCP in ${path.relative(process.cwd(), file)})`);
}

/**
 * With the bucket: a product photo the first instance drew at its seed is served by both, byte for byte, and
 * neither data folder holds an images folder. Answers the problem, or null.
 */
async function sameImageFromBoth(dataDirs: string[]): Promise<string | null> {
  const product = (await (
    await fetch(`http://127.0.0.1:${INSTANCE_PORTS[0]}/api/products?limit=1`)
  ).json()) as {
    data?: { image?: string }[];
  };
  const image = product.data?.[0]?.image;
  if (!image?.startsWith("/images/")) return `no product photo to fetch (got ${JSON.stringify(image)})`;
  const bodies: Buffer[] = [];
  for (const port of INSTANCE_PORTS) {
    const answer = await fetch(`http://127.0.0.1:${port}${image}`);
    if (answer.status !== 200) return `${image} answered ${answer.status} on :${port}`;
    bodies.push(Buffer.from(await answer.arrayBuffer()));
  }
  if (!bodies[0]!.equals(bodies[1]!)) return `${image} differs between the instances`;
  const folders = dataDirs.filter((dir) => fs.existsSync(path.join(dir, "images")));
  return folders.length > 0 ? `images written to ${folders.join(", ")}` : null;
}

async function main(): Promise<number> {
  const missing = await missingService(log);
  if (missing) {
    log(`production shape: skipped (${missing})`);
    writeReport({ suite: "production-shape", passed: 0, failed: 0, skipped: 1, reason: missing, checks: [] });
    return 0;
  }
  build();
  fs.rmSync(ROOT, { recursive: true, force: true });
  const appDir = path.join(ROOT, "app");
  // Each instance has its own data folder: with the bucket below they share nothing but PostgreSQL, Redis and it
  // (docs/decisions/0055-object-storage.md). Without s3rver installed, they share one folder as before.
  const bucket = await startTestS3({ bucket: "prod-shape", directory: path.join(ROOT, "bucket") });
  const dataDirs = INSTANCE_PORTS.map((port) => path.join(ROOT, bucket ? `data-${port}` : "data"));
  fs.mkdirSync(appDir, { recursive: true });
  for (const dir of dataDirs) fs.mkdirSync(dir, { recursive: true });
  log(
    bucket
      ? `images and uploads in an s3rver bucket at ${bucket.endpoint}`
      : "s3rver is not installed: the instances share one data folder",
  );
  fs.cpSync("build", path.join(appDir, "build"), { recursive: true });
  const { cert, key } = makeCertificate(ROOT);
  const ca = fs.readFileSync(cert);

  let db: Database | null = null;
  let proxy: ReverseProxy | null = null;
  const instances: Instance[] = [];
  const report: Report = { suite: "production-shape", passed: 0, failed: 0, skipped: 0, checks: [] };
  const client = httpsClient(ca);
  const deadline = setTimeout(() => {
    log(`production shape: still running after ${DEADLINE_MS / 60_000} minutes; stopping`);
    report.failed += 1;
    teardown().finally(() => {
      writeReport(report);
      process.exit(1);
    });
  }, DEADLINE_MS);

  async function teardown() {
    client.close();
    await proxy?.stop().catch(() => {});
    await Promise.all(instances.map((one) => one.stop().catch(() => null)));
    await db?.drop().catch((error: Error) => log(`could not drop the database: ${error.message}`));
    db = null;
    await bucket?.close().catch(() => {});
  }
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      teardown().finally(() => process.exit(1));
    });
  }

  try {
    db = await createDatabase();
    log(`[${elapsed()}] database ${db.name} created`);
    if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
    for (const [index, port] of INSTANCE_PORTS.slice(0, instanceCount).entries()) {
      const one = instance({
        port,
        appDir,
        dataDir: dataDirs[index]!,
        databaseUrl: db.url,
        logFile: path.join(ROOT, `instance-${port}.log`),
        // The first instance migrates and seeds the empty database (drawing its images into the bucket); the
        // second starts once it is ready.
        seed: index === 0,
        extraEnv: {
          ...bucket?.env,
          ...(profileDir
            ? {
                NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir} --cpu-prof-name=instance-${port}.cpuprofile`,
              }
            : {}),
        },
      });
      instances.push(one);
      await one.start();
      log(`[${elapsed()}] instance on :${port} ready`);
    }
    if (bucket && instances.length === INSTANCE_PORTS.length) {
      const problem = await sameImageFromBoth(dataDirs);
      if (problem) {
        log(`images from the bucket: FAILED: ${problem}`);
        report.failed += 1;
      } else
        log(
          `[${elapsed()}] images from the bucket: both instances serve the seeded photos, no images folder`,
        );
    }
    proxy = await startNginx({
      dir: path.join(ROOT, "nginx"),
      cert,
      key,
      ca,
      ports: instances.map((one) => one.port),
    });
    log(`[${elapsed()}] nginx ready on https://localhost:8443`);

    if (only.has("journeys")) {
      log("\n--- browser journeys through the proxy (playwright.prod.config.ts)");
      report.journeys = await journeys();
      report.passed += report.journeys.passed;
      report.failed += report.journeys.failed;
      report.skipped += report.journeys.skipped;
      log(`[${elapsed()}] journeys: ${JSON.stringify(report.journeys)}`);
    }

    if (only.has("lighthouse")) {
      log(`\n--- Lighthouse through the proxy (HTTPS, HTTP/2), mobile, median of ${lighthouseRuns}`);
      await lighthouseThroughProxy(client.send);
    }

    const checks: ((ctx: LoadContext, variants: Variant[]) => Promise<CheckResult>)[] = [];
    if (only.has("load")) {
      checks.push(
        catalogueAcrossInstances,
        terminatedBackends,
        oppositeOrderCheckouts,
        function flashSaleSmall(ctx, variants) {
          return flashSale(ctx, variants, saleOptions(CI_SALE));
        },
        killAndRestart,
        fuzzEveryEndpoint,
      );
    }
    if (only.has("flash-sale")) {
      checks.push(function flashSaleFull(ctx, variants) {
        return flashSale(ctx, variants, saleOptions(FULL_SALE));
      });
    }
    if (checks.length > 0) {
      const runId = Date.now().toString(36);
      const ctx: LoadContext = {
        send: client.send,
        db,
        instances,
        outboxDirs: [...new Set(dataDirs)].map((dir) => path.join(dir, "outbox")),
        log,
        runId,
        clientAt: (localAddress) => httpsClient(ca, { localAddress }),
      };
      const variants = await findVariants(client.send, 8);
      for (const check of checks) {
        log(`\n--- ${check.name}`);
        let result: CheckResult;
        try {
          result = await check(ctx, variants);
        } catch (error) {
          result = { name: check.name, problems: [`threw: ${(error as Error).stack}`], figures: {} };
        }
        report.checks.push(result);
        if (result.skipped) report.skipped += 1;
        else if (result.problems.length === 0) report.passed += 1;
        else report.failed += 1;
        log(`[${elapsed()}] ${result.name}: ${result.problems.length === 0 ? "passed" : "FAILED"}`);
        log(`  figures: ${JSON.stringify(result.figures)}`);
        for (const problem of result.problems) log(`  problem: ${problem}`);
      }
    }
  } catch (error) {
    log(`production shape: could not run: ${(error as Error).stack}`);
    report.failed += 1;
  } finally {
    clearTimeout(deadline);
    const crashes = instances.reduce((sum, one) => sum + one.crashes, 0);
    if (crashes > 0) log(`instance crashes during the run: ${crashes} (logs in ${ROOT})`);
    await teardown();
  }
  report.seconds = Math.round((performance.now() - started) / 1000);
  writeReport(report);
  log(
    `\nproduction shape: ${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped in ${report.seconds} s (${path.relative(".", reportFile)})`,
  );
  return report.failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(`production shape: ${(error as Error).stack}`);
    writeReport({ suite: "production-shape", passed: 0, failed: 1, skipped: 0, checks: [] });
    process.exit(1);
  },
);
