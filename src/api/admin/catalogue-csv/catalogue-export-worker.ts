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
 * generation (and old one) is capped here (`resourceLimits`), and the server's stay as they are.
 *
 * The worker opens its own connection (SQLite in WAL mode reads beside the server's writes; PostgreSQL a pool of
 * one), and sends one page of CSV at a time as UTF-8 bytes whose buffer it hands over (transferred, not copied:
 * strings posted to the server's thread would be allocated in its young generation, which then grows as before),
 * waiting to be asked for the next: the response's back-pressure reaches the database, and no more than a page
 * or two is ever in flight. The bytes are `exportCatalogue`'s CSV, byte for byte.
 */
const KIND = "catalogue-export";

/**
 * The export thread's heap (MB): a young generation of 8 and an old one of 64 (its live data is one page of 500
 * products); measured in docs/benchmarks.md (round 3, decision 0067). A page that needed more fails the export
 * (the thread ends out of memory; the server's own thread is untouched).
 */
export const EXPORT_YOUNG_GENERATION_MB = 8;
export const EXPORT_OLD_GENERATION_MB = 64;

interface Request {
  kind: typeof KIND;
  target: DatabaseTarget;
}

type Message = { chunk: Uint8Array } | { done: true };

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
  options: { youngGenerationMb?: number; oldGenerationMb?: number } = {},
): AsyncGenerator<Uint8Array> {
  const request: Request = { kind: KIND, target };
  const worker = new Worker(workerModule(), {
    workerData: request,
    resourceLimits: {
      maxYoungGenerationSizeMb: options.youngGenerationMb ?? EXPORT_YOUNG_GENERATION_MB,
      maxOldGenerationSizeMb: options.oldGenerationMb ?? EXPORT_OLD_GENERATION_MB,
    },
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
  const encoder = new TextEncoder();
  try {
    for await (const text of exportCatalogue(handle.db)) {
      // As bytes, moved rather than copied: the server's thread never holds the CSV as strings of its heap.
      const chunk = encoder.encode(text);
      port.postMessage({ chunk } satisfies Message, [chunk.buffer]);
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
