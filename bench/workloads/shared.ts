// What the workloads share: a server per dataset, a status check and the progress line.
import { DATA_DIR } from "../lib/datasets.ts";
import { request } from "../lib/http.ts";
import type { LoadResult } from "../lib/load.ts";
import { type RunningServer, startServer } from "../lib/server-process.ts";
import { fmt } from "../lib/table.ts";
import type { Run } from "../results.ts";

export async function withServer<T>(
  dataset: { databaseUrl: string; dataDir?: string; seedDemo?: boolean },
  work: (server: RunningServer) => Promise<T>,
): Promise<T> {
  const server = await startServer({
    databaseUrl: dataset.databaseUrl,
    dataDir: dataset.dataDir ?? DATA_DIR,
    seedDemo: dataset.seedDemo,
  });
  try {
    return await work(server);
  } finally {
    await server.stop();
  }
}

export async function checked(url: string, headers: Record<string, string> = {}): Promise<number> {
  return (await request(url, { headers: { accept: "text/html", ...headers } })).status;
}

export function progress(run: Run, label: string, result: LoadResult, extra = "") {
  const failed = result.failures > 0 ? `  (${result.failures} failed!)` : "";
  run.log(
    `  ${label.padEnd(34)} ${fmt.int(result.rps).padStart(7)} req/s  p50 ${fmt.ms(result.p50)} ms  p95 ${fmt.ms(result.p95)} ms${extra}${failed}`,
  );
}
