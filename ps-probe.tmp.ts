import autocannon from "autocannon";

const base = "http://127.0.0.1:3299";
async function run(path: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url: base + path, connections: 10, duration: 5, headers });
  console.log(
    path.padEnd(60),
    Math.round(result.requests.average),
    "req/s",
    "p99",
    result.latency.p99,
    "non2xx",
    result.non2xx,
  );
  return result.requests.average;
}
const bare1 = await run("/__bench/bare");
const home = await run("/", { accept: "text/html" });
const product = await run("/product/summer-minimal-leather-clutch-9982", { accept: "text/html" });
const listing = await run("/api/products");
const bare2 = await run("/__bench/bare");
const bare = (bare1 + bare2) / 2;
console.log(
  "ratios: home",
  (home / bare).toFixed(2),
  "product",
  (product / bare).toFixed(2),
  "listing",
  (listing / bare).toFixed(2),
);
