import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** Whether the production build the bench serves is there (`build/server` and `build/client`). */
export function buildExists(): boolean {
  return fs.existsSync("build/server/index.js") && fs.existsSync("build/client");
}

/**
 * Builds the app (`npm run build` is `react-router build`; the CLI is run directly so no npm is needed on PATH).
 * Answers the seconds it took; throws when the build fails.
 */
export function buildApp(): number {
  const started = performance.now();
  const cli = JSON.parse(fs.readFileSync("node_modules/@react-router/dev/package.json", "utf8")) as {
    bin: Record<string, string>;
  };
  const bin = path.resolve("node_modules/@react-router/dev", cli.bin["react-router"] ?? "bin.cjs");
  const built = spawnSync(process.execPath, [bin, "build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (built.status !== 0) throw new Error("the build failed; run `npm run build` to see why");
  return (performance.now() - started) / 1000;
}
