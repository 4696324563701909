// The server-rendering workload.
import { measure } from "../lib/load.ts";
import type { RunningServer } from "../lib/server-process.ts";
import type { Run, SsrRow } from "../results.ts";
import { checked, progress } from "./shared.ts";

/** Server rendering: a minimal React Router page, the lightest shop page and the three main pages. */
export async function ssrPhase(run: Run, server: RunningServer, products: number, productSlug: string) {
  const { settings, results, log } = run;
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
    progress(run, `${name} ${pagePath}`.slice(0, 34), result);
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
