// The pages workload: page weight and Lighthouse.
import path from "node:path";
import { guestCart, sampleProductSlug, sampleVariants } from "../lib/catalogue-samples.ts";
import { WORK_DIR } from "../lib/datasets.ts";
import { CHROME_PATH, chromeAvailable, lighthouseWithRetries, summarise } from "../lib/lighthouse.ts";
import { pageWeight } from "../lib/page-weight.ts";
import type { RunningServer } from "../lib/server-process.ts";
import { fmt } from "../lib/table.ts";
import type { Run } from "../results.ts";
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
    let row = results.pages.find((page) => page.name === name);
    if (!row) {
      row = { name, path: pagePath, weight: null, lighthouse: null };
      results.pages.push(row);
    }
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
