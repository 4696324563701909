// Whether the production build in build/ was made from the sources as they are now. `npm start` builds only when
// it was not (scripts/start.ts). The fingerprint is a SHA-256 over the path and content of every input file, so a
// checkout, a `git stash` or an edit all count, and touching a file without changing it does not.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** What the build is made of: the app and its assets, the dependencies, and the build's configuration. */
export const BUILD_INPUTS = [
  "src",
  "public",
  "package.json",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];

/** Tests are not part of the build; changing one does not make it stale. */
const IGNORED = /\.test\.tsx?$|(^|\/)testing\//;

export const STAMP_FILE = "build/.build-stamp.json";
const ENTRY = "build/server/index.js";

export type BuildState = { stale: false } | { stale: true; reason: "missing" | "changed" };

function filesUnder(root: string, relative: string, into: string[]): void {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isDirectory()) {
    for (const name of fs.readdirSync(full).sort()) filesUnder(root, path.posix.join(relative, name), into);
  } else if (!IGNORED.test(relative)) {
    into.push(relative);
  }
}

/** The fingerprint of the build's inputs under `root`. */
export function sourceFingerprint(root: string, inputs: readonly string[] = BUILD_INPUTS): string {
  const files: string[] = [];
  for (const input of inputs) filesUnder(root, input, files);
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(file);
    hash.update("\0");
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** Missing (no build, or one made before stamps existed), changed (made from other sources), or up to date. */
export function buildState(root: string, inputs: readonly string[] = BUILD_INPUTS): BuildState {
  const stampPath = path.join(root, STAMP_FILE);
  if (!fs.existsSync(path.join(root, ENTRY)) || !fs.existsSync(stampPath))
    return { stale: true, reason: "missing" };
  let stamp: { fingerprint?: unknown };
  try {
    stamp = JSON.parse(fs.readFileSync(stampPath, "utf8"));
  } catch {
    return { stale: true, reason: "missing" };
  }
  return stamp.fingerprint === sourceFingerprint(root, inputs)
    ? { stale: false }
    : { stale: true, reason: "changed" };
}

/** Records that build/ was made from the sources as they are now (call after a successful build). */
export function writeStamp(root: string, fingerprint: string): void {
  fs.writeFileSync(
    path.join(root, STAMP_FILE),
    `${JSON.stringify({ fingerprint, builtAt: new Date().toISOString() }, null, 2)}\n`,
  );
}

/**
 * Runs `react-router build` and stamps the result; answers the build's exit status. The fingerprint is taken
 * before the build, so an edit made while it runs makes the next start build again.
 */
export function buildStorefront(root: string, output: "quiet" | "full"): number {
  const fingerprint = sourceFingerprint(root);
  const build = spawnSync(path.join(root, "node_modules/.bin/react-router"), ["build"], {
    cwd: root,
    stdio: ["ignore", output === "full" ? "inherit" : "ignore", "inherit"],
  });
  if (build.status !== 0) return build.status ?? 1;
  writeStamp(root, fingerprint);
  return 0;
}
