import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { WarmResult } from "./warm-pages.ts";

const run = promisify(execFile);

export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
].join(" ");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Milliseconds, as Lighthouse simulates them for a mid-range phone on a slow 4G connection. */
  lcp: number;
  tbt: number;
  fcp: number;
  cls: number;
  /** Bytes on the wire of every script the page loaded during the run. */
  jsTransferBytes: number;
  /** Audits scoring below 1 in the four categories (what to fix), with Lighthouse's short reason. */
  failing: { id: string; category: string; title: string; score: number | null; display?: string }[];
  report: string;
}

export interface LighthouseSummary extends Omit<LighthouseRun, "failing" | "report"> {
  runs: number;
  failing: LighthouseRun["failing"];
  reports: string[];
}

/**
 * What `e2e-prod/run.ts --only=lighthouse` writes to `.tmp/prod-shape/lighthouse/summary.json`: its warm-up, and
 * per page the medians, the path measured and every run's LCP.
 */
export interface ProxyLighthouseSummary {
  warm: WarmResult;
  pages: Record<string, LighthouseSummary & { path: string; lcpRuns: number[] }>;
}

interface Report {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<
    string,
    {
      id: string;
      title: string;
      score: number | null;
      scoreDisplayMode: string;
      numericValue?: number;
      displayValue?: string;
      details?: { type: string; items?: { resourceType?: string; transferSize?: number; url?: string }[] };
    }
  >;
  runtimeError?: { code: string; message: string };
}

export function chromeAvailable(): boolean {
  return fs.existsSync(CHROME_PATH);
}

/**
 * `lighthouseOnce`, repeated up to twice when it fails: Lighthouse now and then fails to record a trace
 * (NO_NAVSTART). `onFailure` hears of each failed attempt (and whether another follows); answers undefined when
 * all three failed.
 */
export async function lighthouseWithRetries(
  url: string,
  outputFile: string,
  headers: Record<string, string>,
  onFailure: (reason: unknown, again: boolean) => void,
  extraChromeFlags: string[] = [],
): Promise<LighthouseRun | undefined> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      return await lighthouseOnce(url, outputFile, headers, extraChromeFlags);
    } catch (error) {
      onFailure(error, attempt < 3);
    }
  }
  return undefined;
}

/** One Lighthouse run (mobile settings, the tool's defaults: simulated slow 4G and a 4x slower CPU). */
export async function lighthouseOnce(
  url: string,
  outputFile: string,
  headers: Record<string, string> = {},
  extraChromeFlags: string[] = [],
): Promise<LighthouseRun> {
  fs.mkdirSync(path.dirname(outputFile), { recursive: true });
  const args = [
    path.resolve("node_modules/lighthouse/cli/index.js"),
    url,
    "--output=json",
    `--output-path=${outputFile}`,
    "--quiet",
    `--chrome-flags=${[CHROME_FLAGS, ...extraChromeFlags].join(" ")}`,
    `--only-categories=${CATEGORIES.join(",")}`,
    "--max-wait-for-load=30000",
  ];
  if (Object.keys(headers).length > 0) args.push(`--extra-headers=${JSON.stringify(headers)}`);
  await run(process.execPath, args, {
    env: { ...process.env, CHROME_PATH },
    timeout: 180_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  const report = JSON.parse(fs.readFileSync(outputFile, "utf8")) as Report;
  if (report.runtimeError)
    throw new Error(`Lighthouse: ${report.runtimeError.code} ${report.runtimeError.message}`);
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const requests = report.audits["network-requests"]?.details?.items ?? [];
  const failing: LighthouseRun["failing"] = [];
  for (const category of CATEGORIES) {
    for (const ref of report.categories[category]?.auditRefs ?? []) {
      const audit = report.audits[ref.id];
      if (!audit) continue;
      const scored = audit.scoreDisplayMode === "binary" || audit.scoreDisplayMode === "numeric";
      if (
        scored &&
        audit.score !== null &&
        audit.score < 1 &&
        (ref.weight > 0 || category !== "performance")
      ) {
        failing.push({
          id: audit.id,
          category,
          title: audit.title,
          score: audit.score,
          display: audit.displayValue,
        });
      }
    }
  }
  // Opportunities and diagnostics carry no weight but say where the time goes.
  for (const audit of Object.values(report.audits)) {
    if (audit.scoreDisplayMode === "metricSavings" && audit.score !== null && audit.score < 1) {
      failing.push({
        id: audit.id,
        category: "performance-insight",
        title: audit.title,
        score: audit.score,
        display: audit.displayValue,
      });
    }
  }
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcp: numeric("largest-contentful-paint"),
    tbt: numeric("total-blocking-time"),
    fcp: numeric("first-contentful-paint"),
    cls: numeric("cumulative-layout-shift"),
    jsTransferBytes: requests
      .filter((item) => item.resourceType === "Script")
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    failing,
    report: outputFile,
  };
}

function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The median of each number over the runs; an audit is listed as failing if it failed in most runs. */
export function summarise(runs: LighthouseRun[]): LighthouseSummary {
  const pick = (key: keyof Omit<LighthouseRun, "failing" | "report">) =>
    median(runs.map((item) => item[key]));
  const counts = new Map<string, { audit: LighthouseRun["failing"][number]; count: number }>();
  for (const item of runs) {
    for (const audit of item.failing) {
      const key = `${audit.category}:${audit.id}`;
      const entry = counts.get(key);
      if (entry) entry.count++;
      else counts.set(key, { audit, count: 1 });
    }
  }
  return {
    runs: runs.length,
    performance: pick("performance"),
    accessibility: pick("accessibility"),
    bestPractices: pick("bestPractices"),
    seo: pick("seo"),
    lcp: pick("lcp"),
    tbt: pick("tbt"),
    fcp: pick("fcp"),
    cls: pick("cls"),
    jsTransferBytes: pick("jsTransferBytes"),
    failing: [...counts.values()]
      .filter((entry) => entry.count * 2 > runs.length)
      .map((entry) => entry.audit),
    reports: runs.map((item) => item.report),
  };
}
