// The pages workload: page weight and Lighthouse (direct, and through the production shape).
import fs from "node:fs";
import path from "node:path";
import { ROOT as PROD_SHAPE_ROOT } from "../../e2e-prod/stack.ts";
import { guestCart, sampleProductSlug, sampleVariants } from "../lib/catalogue-samples.ts";
import { WORK_DIR } from "../lib/datasets.ts";
import { request } from "../lib/http.ts";
import {
  CHROME_PATH,
  chromeAvailable,
  lighthouseWithRetries,
  type ProxyLighthouseSummary,
  summarise,
} from "../lib/lighthouse.ts";
import { pageWeight } from "../lib/page-weight.ts";
import { readJson, runProductionShape } from "../lib/prod-shape.ts";
import type { RunningServer } from "../lib/server-process.ts";
import { fmt } from "../lib/table.ts";
import { describeWarm, warmPages } from "../lib/warm-pages.ts";
import type { PageRow, Results, Run } from "../results.ts";
import { checked, withServer } from "./shared.ts";

/** First-load JavaScript of the home, shop, product and cart pages. */
export async function pageWeights(run: Run, server: RunningServer, productSlug: string) {
  const { results, log } = run;
  const variants = await sampleVariants(server.url, 1);
  const cookie = await guestCart(server.url, variants);
  const pages: [string, string, Record<string, string>][] = [
    ["home", "/", {}],
    ["shop", "/shop", {}],
    ["product", `/product/${productSlug}`, {}],
    ["cart", "/cart", { cookie }],
  ];
  for (const [name, pagePath, headers] of pages) {
    const row = pageRow(results, name, pagePath);
    try {
      row.weight = await pageWeight(server.url, pagePath, headers);
      if (row.weight.status !== 200) row.error = `answered ${row.weight.status}`;
      log(
        `  ${name.padEnd(8)} ${pagePath.padEnd(40)} JS ${row.weight.scripts} files, ${fmt.kb(row.weight.jsGzipBytes)} KB gzip (${fmt.kb(row.weight.jsRawBytes)} KB raw; runtime ${fmt.kb(row.weight.runtimeGzipBytes)} KB); on the first interaction ${fmt.kb(row.weight.onInteractionGzipBytes)} KB more`,
      );
    } catch (error) {
      row.error = error instanceof Error ? error.message : String(error);
      log(`  ${name}: ${row.error}`);
    }
  }
}

/** The row of `name` in the results, added (with `pagePath`) the first time a phase reports on that page. */
function pageRow(results: Results, name: string, pagePath: string): PageRow {
  let row = results.pages.find((page) => page.name === name);
  if (!row) {
    row = { name, path: pagePath, weight: null, lighthouse: null };
    results.pages.push(row);
  }
  return row;
}

/** The pages and their images until the server has settled (bench/lib/warm-pages.ts), said in the log. */
async function warmBeforeLighthouse(
  run: Run,
  base: string,
  pages: [string, string, Record<string, string>][],
) {
  const warmed = await warmPages(
    async (pagePath, headers) => {
      const answer = await request(base + pagePath, { headers });
      return {
        status: answer.status,
        contentType: String(answer.headers["content-type"] ?? ""),
        text: answer.body,
      };
    },
    pages.map(([, pagePath, headers]) => ({ path: pagePath, headers })),
  );
  run.results.warmups.push({ run: "direct", result: warmed });
  run.log(`  ${describeWarm(warmed)}`);
}

/** Lighthouse (mobile) on the same pages of the demo catalogue, the median of `lighthouseRuns` runs. */
export async function lighthousePhase(run: Run, onlyPages: string[] | undefined) {
  const { settings, results, log } = run;
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
      const measured: [string, string, Record<string, string>][] = [
        ["home", "/", {}],
        ["shop", "/shop", {}],
        ["product", `/product/${productSlug}`, {}],
        ["cart", "/cart", { Cookie: cookie }],
      ];
      const pages = measured.filter(([name]) => !onlyPages || onlyPages.includes(name));
      await warmBeforeLighthouse(run, server.url, pages);
      for (const [name, pagePath, headers] of pages) {
        const row = pageRow(results, name, pagePath);
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
          const result = await lighthouseWithRetries(server.url + pagePath, file, headers, (error, again) => {
            const reason = error instanceof Error ? error.message.split("\n").slice(-2).join(" ") : error;
            log(`  ${name}: Lighthouse run ${index + 1} failed (${reason})${again ? ", again" : ""}`);
          });
          if (result) runs.push(result);
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

/**
 * Lighthouse through the production shape (nginx, HTTPS, HTTP/2, two instances, PostgreSQL), as shoppers meet
 * the shop: `e2e-prod/run.ts --only=lighthouse` in a child process, on the product page the direct run measured,
 * its figures read back from its summary. The paint targets are judged on these (decision 0035). Skipped, and said
 * so, when the stack cannot be brought up here (no PostgreSQL, Redis or nginx) or there is no Chromium.
 */
export async function lighthouseThroughProxyPhase(run: Run, onlyPages: string[] | undefined) {
  const { settings, results, log } = run;
  if (!chromeAvailable()) {
    results.skipped.push(`Lighthouse through the proxy: no Chromium at ${CHROME_PATH}`);
    return;
  }
  const summaryFile = path.join(PROD_SHAPE_ROOT, "lighthouse", "summary.json");
  const reportFile = path.join(WORK_DIR, "prod-shape-lighthouse.json");
  fs.rmSync(summaryFile, { force: true });
  fs.rmSync(reportFile, { force: true });
  const productPath = results.pages.find((page) => page.name === "product")?.lighthousePath;
  const productSlug = productPath?.startsWith("/product/")
    ? decodeURIComponent(productPath.slice("/product/".length))
    : undefined;
  const args = [
    "--only=lighthouse",
    `--lighthouse-runs=${settings.lighthouseRuns}`,
    `--report=${reportFile}`,
    ...(onlyPages ? [`--pages=${onlyPages.join(",")}`] : []),
    ...(productSlug ? [`--product=${productSlug}`] : []),
  ];
  const code = await runProductionShape(args, log);
  const outcome = proxyOutcome(
    code,
    readJson<{ skipped?: number; reason?: string }>(reportFile),
    readJson<ProxyLighthouseSummary>(summaryFile),
  );
  if ("skipped" in outcome) {
    results.skipped.push(`Lighthouse through the proxy: ${outcome.skipped}`);
    return;
  }
  results.warmups.push({ run: "through the proxy", result: outcome.summary.warm });
  for (const [name, lighthouse] of Object.entries(outcome.summary.pages)) {
    pageRow(results, name, lighthouse.path).lighthouseProxy = lighthouse;
  }
}

/**
 * What the production shape's Lighthouse run came to, from its exit code, its report and its summary: a skip it
 * reported itself (a missing service), a failure, a run that wrote no figures, or its summary.
 */
export function proxyOutcome(
  code: number,
  report: { skipped?: number; reason?: string } | null,
  summary: ProxyLighthouseSummary | null,
): { skipped: string } | { summary: ProxyLighthouseSummary } {
  if (code !== 0) return { skipped: `the production shape failed (exit ${code})` };
  if (report?.skipped && report.reason) return { skipped: report.reason };
  if (!summary || Object.keys(summary.pages ?? {}).length === 0)
    return { skipped: "no figures written (see the log above)" };
  return { summary };
}
