import { on, once } from "node:events";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import type { DatabaseTarget } from "../../../platform/config.ts";
import { openDatabase } from "../../../platform/db/connection.ts";
import { exportCatalogue } from "./catalogue-export.ts";

/**
 * The catalogue CSV export in a worker thread (docs/decisions/0067-listing-facets.md, "The export's memory").
 * The export allocates quickly (a page of 500 products' rows, strings and records, again and again), and V8 then
 * grows the young generation of the thread that runs it up to its maximum, which Node sizes from the machine's
 * memory: 404-434 MB of RSS at a million products. Run in the server's own thread, the only cure is a smaller
 * young generation for every request (`--max-semi-space-size`). A worker has a heap of its own, whose young
 * generation is capped here (`resourceLimits`), and the server's stays as it is.
 *
 * The worker opens its own connection (SQLite in WAL mode reads beside the server's writes; PostgreSQL a pool of
 * one), and sends one page of CSV at a time, waiting to be asked for the next: the response's back-pressure
 * reaches the database, and no more than a page or two is ever in flight. The CSV is `exportCatalogue`'s, byte
 * for byte.
 */
const KIND = "catalogue-export";

/** The young generation of the export's thread (MB): measured in docs/benchmarks.md (round 3, decision 0067). */
export const EXPORT_YOUNG_GENERATION_MB = 8;

interface Request {
  kind: typeof KIND;
  target: DatabaseTarget;
}

type Message = { chunk: string } | { done: true };

/**
 * The module the worker runs: the file this code is in, so the thread finds it however the server runs: this
 * source file (Node strips the types: tests, `--dev`, the command line), or the production build's server
 * bundle (build/server), which then loads in the thread without starting anything (the check at the end of this
 * file is what runs the export there).
 */
function workerModule(): URL {
  return new URL(import.meta.url);
}

/** `exportCatalogue` over `target`, run in a worker thread; stopping early (a client gone) ends the worker. */
export async function* exportCatalogueInWorker(
  target: DatabaseTarget,
  options: { youngGenerationMb?: number } = {},
): AsyncGenerator<string> {
  const request: Request = { kind: KIND, target };
  const worker = new Worker(workerModule(), {
    workerData: request,
    resourceLimits: { maxYoungGenerationSizeMb: options.youngGenerationMb ?? EXPORT_YOUNG_GENERATION_MB },
  });
  const messages = on(worker, "message");
  // An error (thrown in the worker, or its connection refused) ends `messages` with it; an exit without one
  // (the thread killed, out of memory) ends the export here.
  const exited = once(worker, "exit").then(([code]) => {
    throw new Error(`the catalogue export's worker stopped (exit code ${code})`);
  });
  exited.catch(() => {});
  try {
    for (;;) {
      const next = await Promise.race([messages.next(), exited]);
      if (next.done) return;
      const [message] = next.value as [Message];
      if ("done" in message) return;
      yield message.chunk;
      worker.postMessage("next");
    }
  } finally {
    await messages.return?.();
    await worker.terminate();
  }
}

async function runInWorker(request: Request) {
  const port = parentPort!;
  const handle = await openDatabase(request.target, { poolSize: 1 });
  try {
    for await (const chunk of exportCatalogue(handle.db)) {
      port.postMessage({ chunk } satisfies Message);
      await once(port, "message");
    }
  } finally {
    await handle.close();
  }
  port.postMessage({ done: true } satisfies Message);
  // Listening keeps the thread alive until the parent, which has the last message, ends it: a thread that ended
  // by itself could be seen to exit before its last message was read.
  port.on("message", () => {});
}

if (!isMainThread && (workerData as Request | undefined)?.kind === KIND) {
  // A failure is an unhandled rejection in this thread: the parent's Worker emits it as its "error".
  void runInWorker(workerData as Request);
}
