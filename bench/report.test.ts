import { describe, expect, it } from "vitest";
import type { LighthouseSummary } from "./lib/lighthouse.ts";
import type { WarmResult } from "./lib/warm-pages.ts";
import { budget } from "./report.ts";
import { createResults, type PageRow } from "./results.ts";
import { FULL } from "./settings.ts";
import { type FlashSaleResult, saleOutcome } from "./workloads/flash-sale.ts";
import { proxyOutcome } from "./workloads/pages.ts";

const NAMES = ["home", "shop", "product", "cart"];

function summary(values: Partial<LighthouseSummary> = {}): LighthouseSummary {
  return {
    runs: 3,
    performance: 100,
    accessibility: 100,
    bestPractices: 100,
    seo: 100,
    lcp: 950,
    tbt: 10,
    fcp: 900,
    cls: 0,
    jsTransferBytes: 0,
    failing: [],
    reports: [],
    ...values,
  };
}

/** A run's results with the four pages; `direct` and `proxy` give each page's Lighthouse (or none). */
function resultsWith(
  direct: (name: string) => LighthouseSummary | null,
  proxy: (name: string) => LighthouseSummary | null | undefined,
  names = NAMES,
) {
  const results = createResults(FULL);
  results.pages = names.map((name): PageRow => {
    const proxied = proxy(name);
    return {
      name,
      path: `/${name}`,
      weight: null,
      lighthouse: direct(name),
      ...(proxied ? { lighthouseProxy: { ...proxied, path: `/${name}`, lcpRuns: [proxied.lcp] } } : {}),
    };
  });
  return results;
}

const line = (results: ReturnType<typeof createResults>, start: string) => {
  const found = budget(results).find((item) => item.line.startsWith(start));
  if (!found) throw new Error(`no budget line starting "${start}"`);
  return found;
};

describe("budget: Lighthouse direct and through the proxy (decision 0035)", () => {
  it("judges the paints through the proxy and shows the direct run's for reference", () => {
    const results = resultsWith(
      (name) => summary({ lcp: name === "home" ? 1_230 : 950 }),
      () => summary({ lcp: 920 }),
    );
    const direct = line(results, "Lighthouse largest contentful paint, direct");
    expect(direct).toMatchObject({ target: "(< 1.2 s)", pass: null });
    expect(direct.line).toContain("reference, decision 0035");
    expect(direct.value).toContain("home 1,230 ms");
    expect(line(results, "Lighthouse largest contentful paint, through the proxy")).toMatchObject({
      target: "< 1.2 s",
      pass: true,
    });
  });

  it("misses when a page's paint through the proxy is 1.2 s or more", () => {
    const results = resultsWith(
      () => summary(),
      (name) => summary({ fcp: name === "cart" ? 1_200 : 900 }),
    );
    expect(line(results, "Lighthouse first contentful paint, through the proxy").pass).toBe(false);
  });

  it("holds every score on both runs", () => {
    const results = resultsWith(
      () => summary(),
      (name) => summary({ performance: name === "home" ? 99 : 100 }),
    );
    const performance = line(results, "Lighthouse performance");
    expect(performance.pass).toBe(false);
    expect(performance.value).toContain("through the proxy: home 99");
    expect(line(results, "Lighthouse accessibility").pass).toBe(true);
  });

  it("judges the direct run's paints when the proxy was not measured", () => {
    const results = resultsWith(
      (name) => summary({ lcp: name === "home" ? 1_230 : 950 }),
      () => undefined,
    );
    const direct = line(results, "Lighthouse largest contentful paint, direct");
    expect(direct).toMatchObject({ target: "< 1.2 s", pass: false });
    expect(budget(results).some((item) => item.line.includes("through the proxy"))).toBe(false);
  });

  it("does not let the proxy's scores pass for a direct run that measured nothing", () => {
    const results = resultsWith(
      () => null,
      () => summary(),
    );
    const performance = line(results, "Lighthouse performance");
    expect(performance.pass).toBe(false);
    expect(performance.value).toContain("(some pages not measured)");
  });

  it("is not a pass when some pages were left out (--pages)", () => {
    const results = resultsWith(
      () => summary(),
      () => summary(),
      ["home", "cart"],
    );
    expect(line(results, "Lighthouse largest contentful paint, through the proxy").pass).toBe(false);
    expect(line(results, "Lighthouse SEO").pass).toBe(false);
  });

  it("says so on every Lighthouse line when a warm-up did not settle", () => {
    const results = resultsWith(
      () => summary(),
      () => summary(),
    );
    const warm: WarmResult = {
      pages: 4,
      failed: [],
      images: 40,
      avif: 12,
      passes: 60,
      settled: false,
      seconds: 60,
    };
    results.warmups.push({ run: "through the proxy", result: warm });
    for (const start of ["Lighthouse performance", "Lighthouse largest contentful paint, through the proxy"])
      expect(line(results, start).value).toContain("(the warm-up did not settle: through the proxy)");
  });
});

describe("proxyOutcome", () => {
  const written = { warm: {} as WarmResult, pages: { home: { ...summary(), path: "/", lcpRuns: [900] } } };

  it("takes the summary of a run that ended well", () => {
    expect(proxyOutcome(0, { skipped: 0 }, written)).toEqual({ summary: written });
  });

  it("reports a failed run as failed, whatever files an earlier run left", () => {
    expect(proxyOutcome(130, { skipped: 1, reason: "no nginx" }, written)).toEqual({
      skipped: "the production shape failed (exit 130)",
    });
  });

  it("passes on the reason the production shape gave for skipping", () => {
    expect(proxyOutcome(0, { skipped: 1, reason: "PostgreSQL is not reachable" }, null)).toEqual({
      skipped: "PostgreSQL is not reachable",
    });
  });

  it("says when no figures were written", () => {
    expect(proxyOutcome(0, null, null)).toEqual({ skipped: "no figures written (see the log above)" });
    expect(proxyOutcome(0, null, { warm: {} as WarmResult, pages: {} })).toEqual({
      skipped: "no figures written (see the log above)",
    });
  });
});

describe("the flash sale (issue 34)", () => {
  const timing = (p99: number) => ({ count: 100, p50: p99 / 2, p99, max: p99 + 1 });
  function sale(values: Partial<FlashSaleResult> = {}): FlashSaleResult {
    return {
      options: { shoppers: 2000, units: 100, inFlight: 200, browsers: 20, timeLimitMs: 120_000 },
      variant: { productId: 1, variantId: 2, slug: "a" },
      seconds: 30,
      shoppersDone: 2000,
      notStarted: 0,
      placed: 100,
      ordersStored: 100,
      quantityOrdered: 100,
      stockLeft: 0,
      lowestStockSeen: 0,
      refusedAtAdd: 1800,
      refusedAtCheckout: 100,
      soldOutMs: 5000,
      statuses: {},
      checkout: timing(900),
      addToCart: timing(100),
      pagesDuringSale: timing(450),
      pagesAfterSellOut: timing(300),
      requestsPerSecond: 200,
      shoppersPerSecond: 60,
      ordersPerSecond: 20,
      problems: [],
      ...values,
    };
  }
  const withSale = (value: FlashSaleResult | null) => {
    const results = createResults(FULL);
    results.flashSale = value;
    return results;
  };

  it("passes a sale that kept every count and met both goals", () => {
    const results = withSale(sale());
    expect(line(results, "Flash sale: orders").pass).toBe(true);
    expect(line(results, "Flash sale: checkout p99").pass).toBe(true);
    expect(line(results, "Flash sale: pages p99").pass).toBe(true);
  });

  it("fails the counts on any problem the sale found, and says it", () => {
    const results = withSale(sale({ problems: ["3 answers were 5xx or none"] }));
    expect(line(results, "Flash sale: orders").pass).toBe(false);
    expect(line(results, "Flash sale: orders").value).toContain("3 answers were 5xx or none");
  });

  it("misses the goals at a checkout p99 of 1 s or pages p99 of 0.5 s while stock sells", () => {
    const results = withSale(sale({ checkout: timing(1000), pagesDuringSale: timing(500) }));
    expect(line(results, "Flash sale: checkout p99").pass).toBe(false);
    expect(line(results, "Flash sale: pages p99").pass).toBe(false);
  });

  it("judges nothing when the sale was not measured", () => {
    const results = withSale(null);
    for (const start of ["Flash sale: orders", "Flash sale: checkout p99", "Flash sale: pages p99"]) {
      expect(line(results, start)).toMatchObject({ value: "not measured", pass: null });
    }
  });

  it("reads the sale's figures and problems from the production shape's report, failed or not", () => {
    const { problems, ...figures } = sale({ problems: ["stock left 1, not 0"] });
    const report = { checks: [{ name: "Flash sale", problems, figures }] };
    expect(saleOutcome(1, report)).toEqual({ result: { ...figures, problems } });
  });

  it("passes on a skip, and says when no figures were written", () => {
    expect(saleOutcome(0, { skipped: 1, reason: "Redis is not reachable" })).toEqual({
      skipped: "Redis is not reachable",
    });
    expect(saleOutcome(1, null)).toEqual({ skipped: "no figures written (exit 1)" });
    const threw = { checks: [{ name: "Flash sale", problems: ["threw: no product left"], figures: {} }] };
    expect(saleOutcome(1, threw)).toEqual({ skipped: "no figures written (exit 1: threw: no product left)" });
  });
});
