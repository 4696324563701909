// Before/after on one machine: serves two checkouts of the shop side by side (each its own build and process)
// and measures the same URLs on both in alternating rounds, so a busy machine slows both alike.
//
//   node bench/compare.ts --a=<dir> --b=<dir> --paths=/api/products,/shop [--db=sqlite:<file>] [--rounds=3]
//        [--duration=5] [--connections=10] [--gzip] [--same-bytes] [--shoppers]
// --same-bytes also measures, on each server, bare Node answering the same bytes as each path
// (`/__bench/same?path=`, bench/server.ts) and prints each path's throughput as a share of it.
// --db defaults to the cached 10,000-product catalogue of bench/run.ts. Both servers read the same database.
// --shoppers measures each path also for a guest with a cart and a signed-in customer with a cart (their cookies
// are made once on a's server: both servers share the database and the signing secret).
import fs from "node:fs";
import path from "node:path";
import { guestCart, sampleVariants, signedInShopper } from "./lib/catalogue-samples.ts";
import { DATA_DIR, WORK_DIR } from "./lib/datasets.ts";
import { type LoadResult, measure } from "./lib/load.ts";
import { type RunningServer, startServer } from "./lib/server-process.ts";
import { fmt, table } from "./lib/table.ts";

const arg = (name: string, fallback?: string) =>
  process.argv.find((item) => item.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

function defaultDatabase(): string {
  const cached = fs.readdirSync(WORK_DIR).find((name) => /^catalogue-10000-.*\.sqlite$/.test(name));
  if (!cached)
    throw new Error("no cached 10,000-product catalogue: run `npm run bench:quick` once, or pass --db");
  return `sqlite:${path.join(WORK_DIR, cached)}`;
}

const median = (values: number[]) =>
  [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? Number.NaN;

async function main() {
  const a = arg("a");
  const b = arg("b");
  const paths = arg("paths", "/api/products")!.split(",");
  if (!a || !b) throw new Error("usage: node bench/compare.ts --a=<dir> --b=<dir> --paths=/api/products,/");
  const rounds = Number(arg("rounds", "3"));
  // As browsers ask (a kept page then goes out gzipped); without it, uncompressed.
  const gzip = process.argv.includes("--gzip");
  const settings = {
    connections: Number(arg("connections", "10")),
    duration: Number(arg("duration", "5")),
    warmup: 1,
  };
  const databaseUrl = arg("db") ?? defaultDatabase();
  const servers: RunningServer[] = [];
  try {
    for (const cwd of [a, b]) {
      servers.push(await startServer({ databaseUrl, dataDir: DATA_DIR, cwd }));
    }
    const sameBytes = process.argv.includes("--same-bytes");
    const rows: (string | number)[][] = [];
    const shares: (string | number)[][] = [];
    const visitors: [label: string, headers: Record<string, string>][] = [["", {}]];
    if (process.argv.includes("--shoppers")) {
      const origin = servers[0]!.url;
      const lines = await sampleVariants(origin, 1);
      visitors.push([" (cart cookie)", { cookie: await guestCart(origin, lines) }]);
      visitors.push([" (signed in, cart)", { cookie: await signedInShopper(origin, lines) }]);
    }
    const cases = paths.flatMap((urlPath) =>
      (urlPath.startsWith("/__bench") ? visitors.slice(0, 1) : visitors).map(([label, headers]) => ({
        urlPath,
        label,
        headers,
      })),
    );
    for (const { urlPath, label, headers } of cases) {
      const runs: LoadResult[][] = [[], []];
      const bare: LoadResult[][] = [[], []];
      const requestHeaders = {
        accept: "application/json, text/html",
        ...(gzip ? { "accept-encoding": "gzip, deflate, br" } : {}),
        ...headers,
      };
      for (let round = 0; round < rounds; round++) {
        for (const [index, server] of servers.entries()) {
          if (sameBytes && label === "") {
            const reference = `${server.url}/__bench/same?path=${encodeURIComponent(urlPath)}`;
            bare[index]!.push(await measure(reference, settings, requestHeaders));
          }
          const result = await measure(server.url + urlPath, settings, requestHeaders);
          if (result.failures > 0)
            console.warn(`  ${urlPath}${label} on ${index === 0 ? "a" : "b"}: ${result.failures} failed`);
          runs[index]!.push(result);
        }
      }
      if (sameBytes && label === "") {
        const share = (index: number) =>
          median(runs[index]!.map((item, round) => item.rps / bare[index]![round]!.rps));
        const bareRps = bare.map((list) => median(list.map((item) => item.rps)));
        shares.push([
          urlPath,
          fmt.int(bareRps[0]!),
          fmt.ratio(share(0)),
          fmt.int(bareRps[1]!),
          fmt.ratio(share(1)),
          fmt.ms(median(runs[1]!.map((item) => item.p99))),
        ]);
      }
      const [rpsA, rpsB] = runs.map((list) => median(list.map((item) => item.rps))) as [number, number];
      const [p95A, p95B] = runs.map((list) => median(list.map((item) => item.p95))) as [number, number];
      const failed = runs.map((list) => list.reduce((sum, item) => sum + item.failures, 0)).join(" / ");
      rows.push([
        `${urlPath}${label}`,
        fmt.int(rpsA),
        fmt.int(rpsB),
        `${fmt.ratio(rpsB / rpsA)}×`,
        fmt.ms(p95A),
        fmt.ms(p95B),
        failed,
      ]);
      console.log(`  ${urlPath}${label}: a ${fmt.int(rpsA)} req/s, b ${fmt.int(rpsB)} req/s`);
    }
    console.log(
      table(
        `a = ${a}, b = ${b}; median of ${rounds} alternating rounds, ${settings.connections} connections, ${settings.duration} s`,
        ["path", "a req/s", "b req/s", "b ÷ a", "a p95 ms", "b p95 ms", "failed a / b"],
        rows,
      ),
    );
    if (sameBytes) {
      console.log(
        table(
          "Each path's throughput ÷ bare Node answering the same bytes (same server, same round; median of rounds)",
          ["path", "a same-bytes req/s", "a ÷ same", "b same-bytes req/s", "b ÷ same", "b p99 ms"],
          shares,
        ),
      );
    }
  } finally {
    for (const server of servers) await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
