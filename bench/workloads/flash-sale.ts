// The flash sale (issue 34): `e2e-prod/run.ts --only=flash-sale` at the bench's size in a child process, through
// the production shape (nginx over HTTPS, two instances, PostgreSQL, Redis), its figures read back from its report.
// What the sale does and what it asserts: e2e-prod/flash-sale.ts.
import fs from "node:fs";
import path from "node:path";
import type { FlashSaleFigures } from "../../e2e-prod/flash-sale.ts";
import type { CheckResult } from "../../e2e-prod/load.ts";
import { WORK_DIR } from "../lib/datasets.ts";
import { readJson, runProductionShape } from "../lib/prod-shape.ts";
import { fmt } from "../lib/table.ts";
import type { Run } from "../results.ts";

/** The sale's figures and the invariants it found broken (none: exact orders, none oversold, no 5xx, clear refusals). */
export type FlashSaleResult = FlashSaleFigures & { problems: string[] };

interface ShapeReport {
  skipped?: number;
  reason?: string;
  checks?: CheckResult[];
}

/** What the run came to: a skip it reported itself (a missing service), no figures, or the sale's result. */
export function saleOutcome(
  code: number,
  report: ShapeReport | null,
): { skipped: string } | { result: FlashSaleResult } {
  if (report?.skipped && report.reason) return { skipped: report.reason };
  const check = report?.checks?.find((one) => one.name === "Flash sale");
  if (!check || !("placed" in check.figures)) {
    return { skipped: `no figures written (exit ${code}${check ? `: ${check.problems.join("; ")}` : ""})` };
  }
  return { result: { ...(check.figures as FlashSaleFigures), problems: check.problems } };
}

export async function flashSalePhase(run: Run) {
  const { settings, results, log } = run;
  const reportFile = path.join(WORK_DIR, "prod-shape-flash-sale.json");
  fs.rmSync(reportFile, { force: true });
  const { shoppers, units, inFlight, browsers } = settings.flashSale;
  const code = await runProductionShape(
    [
      "--only=flash-sale",
      `--shoppers=${shoppers}`,
      `--units=${units}`,
      `--in-flight=${inFlight}`,
      `--browsers=${browsers}`,
      `--report=${reportFile}`,
    ],
    log,
  );
  const outcome = saleOutcome(code, readJson<ShapeReport>(reportFile));
  if ("skipped" in outcome) {
    results.skipped.push(`Flash sale: ${outcome.skipped}`);
    return;
  }
  results.flashSale = outcome.result;
  const sale = outcome.result;
  log(
    `  ${sale.placed} orders, checkout p50 ${fmt.ms(sale.checkout.p50)} ms p99 ${fmt.ms(sale.checkout.p99)} ms, pages p99 ${fmt.ms(sale.pagesDuringSale.p99)} ms during the sale, ${fmt.ms(sale.pagesAfterSellOut.p99)} ms after`,
  );
}
