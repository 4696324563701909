// The growth workload: how listing latency changes with the catalogue's size.
import { measure } from "../lib/load.ts";
import type { RunningServer } from "../lib/server-process.ts";
import { fmt } from "../lib/table.ts";
import type { Run } from "../results.ts";
import { progress } from "./shared.ts";

/** Listing latency on one catalogue size, one connection at a time. */
export async function growthPhase(run: Run, server: RunningServer, engine: string, products: number) {
  const { settings, results } = run;
  const probes = results.probes!;
  for (const [listing, probePath] of [
    ["page 1", probes.plain],
    ["colour by price", probes.colorSorted],
    ["search", probes.search],
    ["search, no match", "/api/products?search=[<id>]"],
  ] as const) {
    const result = await measure(server.url + probePath, settings.growth);
    progress(run, `${engine} ${fmt.int(products)}: ${listing}`, result);
    results.growth.push({ engine, products, listing, path: probePath, result });
  }
}
