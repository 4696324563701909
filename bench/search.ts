// Search benchmark: `node bench/search.ts [--products=1000,10000,100000] [--skip-postgres] [--iterations=N]`.
// Seeds (or reuses, .tmp/bench) the large catalogue at each size and prints p50/p95 per query, the index next to
// the old LIKE search. Method and figures: docs/benchmarks.md ("Product search").
import { dropPostgres, postgresDataset, postgresUnavailable, sqliteDataset } from "./lib/datasets.ts";
import { searchPhase } from "./workloads/search.ts";

const argv = process.argv.slice(2);
const value = (name: string) => argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const sizes = (value("products") ?? "1000,10000,100000").split(",").map(Number);
const iterations = Number(value("iterations") ?? 50);
const log = (line: string) => console.log(line);

const ms = (value: number) => value.toFixed(2).padStart(7);

async function main() {
  const postgres = !argv.includes("--skip-postgres") && (await postgresUnavailable()) === null;
  log(
    "engine    products  query                   index p50  p95     |  LIKE p50   p95     | found (index / LIKE)",
  );
  for (const products of sizes) {
    const datasets = [await sqliteDataset(products, log)];
    if (postgres) datasets.push(await postgresDataset(products, log));
    for (const dataset of datasets) {
      for (const row of await searchPhase(dataset, iterations)) {
        log(
          `${row.engine.padEnd(9)} ${String(row.products).padStart(8)}  ${row.query.padEnd(22)} ${ms(row.index.p50)} ${ms(row.index.p95)} | ${ms(row.like.p50)} ${ms(row.like.p95)} | ${row.indexTotal} / ${row.likeTotal.toLocaleString("en-US")}`,
        );
      }
    }
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => dropPostgres());
