// The API workload: the catalogue calls against a bare JSON route measured before and after them.
import { measure } from "../lib/load.ts";
import type { RunningServer } from "../lib/server-process.ts";
import type { ApiRow, Run } from "../results.ts";
import { progress } from "./shared.ts";

/** The API on one engine: the bare route before and after, the four catalogue calls in between. */
export async function apiPhase(
  run: Run,
  server: RunningServer,
  engine: string,
  products: number,
  productSlug: string,
) {
  const { settings, results } = run;
  const probes = results.probes!;
  const bareRoute = () => measure(`${server.url}/__bench/bare`, settings.api);
  const before = await bareRoute();
  progress(run, "bare JSON route (before)", before);
  const rows: Omit<ApiRow, "ratio">[] = [];
  for (const [name, probePath] of [
    ["products, page 1", probes.plain],
    [`products, ${probes.colorName} by price`, probes.colorSorted],
    [`products, search "${probes.searchTerm}"`, probes.search],
    ["product/{slug}", `/api/product/${productSlug}`],
  ] as const) {
    const result = await measure(server.url + probePath, settings.api);
    progress(run, name, result);
    rows.push({ name, path: probePath, result });
  }
  const after = await bareRoute();
  progress(run, "bare JSON route (after)", after);
  const bare = { ...before, rps: (before.rps + after.rps) / 2, before: before.rps, after: after.rps };
  results.api.push({
    engine,
    products,
    bare,
    rows: rows.map((row) => ({ ...row, ratio: row.result.rps / bare.rps })),
  });
}
