// CPU per answer, in-process: the built host of a checkout (`--dir`, this one by default) answering each path
// through Hono's fetch (no socket, no load generator), against a bare Hono app behind the same security headers
// and compression answering the same bytes. A busy machine slows the clock, not the CPU time a request uses, so
// the ratio holds where autocannon's throughput (bench/compare.ts) is drowned by other processes.
//
//   DATABASE_URL=sqlite:<file> node bench/answer-cpu.ts [--dir=<checkout>] [--requests=3000] --paths=/api/products,...
import path from "node:path";
import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { compression } from "../src/server/compression.ts";

type HostModule = typeof import("../src/server/app.ts");

const arg = (name: string, fallback?: string) =>
  process.argv.find((item) => item.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

/** Mean CPU microseconds (user + system) of `requests` answers from `fetch`, after 200 thrown away. */
async function cpuPerAnswer(
  fetch: (request: Request) => Response | Promise<Response>,
  url: string,
  requests: number,
) {
  const once = async () => (await fetch(new Request(url))).arrayBuffer();
  for (let i = 0; i < 200; i++) await once();
  const start = process.cpuUsage();
  for (let i = 0; i < requests; i++) await once();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / requests;
}

async function main() {
  const dir = path.resolve(arg("dir", ".")!);
  const requests = Number(arg("requests", "3000"));
  const paths = arg("paths", "/api/products")!.split(",");
  process.env.NODE_ENV = "production";
  process.env.SEED_DEMO ??= "false";
  process.env.MAIL_WORKER ??= "off";
  process.env.LOG_LEVEL ??= "warn";
  const { startPlatform, createHost } = (await import(path.join(dir, "build/server/index.js"))) as HostModule;
  const platform = await startPlatform();
  const host = createHost(platform, {});
  for (const urlPath of paths) {
    const url = `http://127.0.0.1${urlPath}`;
    const answer = await host.fetch(new Request(url));
    const body = await answer.arrayBuffer();
    const type = answer.headers.get("content-type") ?? "application/json";
    const bare = new Hono();
    bare.use(secureHeaders(), compression());
    bare.get("*", (c) => c.body(body, 200, { "Content-Type": type }));
    const route = await cpuPerAnswer(host.fetch, url, requests);
    const reference = await cpuPerAnswer(bare.fetch, url, requests);
    console.log(
      `${urlPath}: ${route.toFixed(0)} µs per answer, bare same bytes ${reference.toFixed(0)} µs, ` +
        `share of bare ${(reference / route).toFixed(2)} (${answer.status}, ${body.byteLength} bytes)`,
    );
  }
  await platform.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
