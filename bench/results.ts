// The results of a bench run, as written to bench/results/<date>.json.
import { execFileSync } from "node:child_process";
import os from "node:os";
import type { ListingProbes } from "./lib/catalogue-samples.ts";
import type { LighthouseSummary } from "./lib/lighthouse.ts";
import type { LoadResult } from "./lib/load.ts";
import type { PageWeight } from "./lib/page-weight.ts";
import type { WarmResult } from "./lib/warm-pages.ts";
import type { Settings } from "./settings.ts";
import type { CheckoutResult } from "./workloads/checkout.ts";
import type { FlashSaleResult } from "./workloads/flash-sale.ts";

export interface ApiRow {
  name: string;
  path: string;
  result: LoadResult;
  /** Requests per second divided by the bare JSON route's, measured in the same server run. */
  ratio: number;
}
export interface EngineApi {
  engine: string;
  products: number;
  bare: LoadResult & { before: number; after: number };
  rows: ApiRow[];
}
export interface SsrRow {
  name: string;
  path: string;
  result: LoadResult | null;
  status: number;
  ratioToMinimal: number;
  ratioToLightest: number;
  /** Requests per second divided by the bare JSON route's, measured before and after the pages. */
  ratioToBare: number;
}
export interface GrowthRow {
  engine: string;
  products: number;
  listing: string;
  path: string;
  result: LoadResult;
}
export interface PageRow {
  name: string;
  /** Where the page weight was measured (the API catalogue's server). */
  path: string;
  /** Where Lighthouse loaded it (the demo catalogue's server). */
  lighthousePath?: string;
  weight: PageWeight | null;
  /** Lighthouse on the direct server: plain HTTP/1.1 to one instance (bench/server.ts). */
  lighthouse: LighthouseSummary | null;
  /** Lighthouse through the production shape (HTTPS, HTTP/2, nginx, two instances), with each run's LCP. */
  lighthouseProxy?: (LighthouseSummary & { path: string; lcpRuns: number[] }) | null;
  error?: string;
}
export interface BudgetLine {
  line: string;
  target: string;
  value: string;
  pass: boolean | null;
}

/** Everything one run measured; filled in by the workloads, written and reported at the end. */
export function createResults(settings: Settings) {
  return {
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
    /** The flash sale through the production shape (bench/workloads/flash-sale.ts). */
    flashSale: null as FlashSaleResult | null,
    ssr: {
      engine: "sqlite",
      products: 0,
      bare: null as (LoadResult & { before: number; after: number }) | null,
      rows: [] as SsrRow[],
      lightest: "",
    },
    growth: [] as GrowthRow[],
    pages: [] as PageRow[],
    /** The warm-up before each Lighthouse run (bench/lib/warm-pages.ts). */
    warmups: [] as { run: "direct" | "through the proxy"; result: WarmResult }[],
    seeding: [] as { engine: string; products: number; seconds: number }[],
    skipped: [] as string[],
    budget: [] as BudgetLine[],
    seconds: 0,
  };
}

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

export type Results = ReturnType<typeof createResults>;

/** One bench run: what to measure, where the numbers go, and the progress log. */
export interface Run {
  settings: Settings;
  results: Results;
  log: (line: string) => void;
}
