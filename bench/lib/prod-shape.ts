// The production shape (e2e-prod/run.ts: nginx, two instances, PostgreSQL, Redis) run from the bench in a child
// process, its lines in the bench's log, and its JSON files read back. Lighthouse through the proxy and the flash
// sale are measured this way (bench/workloads/pages.ts, bench/workloads/flash-sale.ts).
import { spawn } from "node:child_process";
import fs from "node:fs";
import readline from "node:readline";

/** Runs `node e2e-prod/run.ts ...args`, each line of its output logged indented; answers its exit code. */
export function runProductionShape(args: string[], log: (line: string) => void): Promise<number> {
  return new Promise<number>((resolve) => {
    const child = spawn(process.execPath, ["e2e-prod/run.ts", ...args], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on("line", (line) => {
        if (line.trim()) log(`  | ${line}`);
      });
    }
    child.on("close", (exit) => resolve(exit ?? 1));
    child.on("error", () => resolve(1));
  });
}

/** A JSON file's contents, or null when it is missing or unreadable. */
export function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}
