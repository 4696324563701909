// `npm start`: builds the storefront only when build/ is missing or was made from other sources (see
// build-stamp.ts), says what it is doing, then serves the production build.
import path from "node:path";
import { buildState, buildStorefront } from "./build-stamp.ts";

const root = path.resolve(import.meta.dirname, "..");
const say = (line: string) => process.stdout.write(`${line}\n`);

const state = buildState(root);
if (state.stale) {
  say(
    state.reason === "missing"
      ? "Building the storefront (first start, about a minute)…"
      : "The sources changed since the last build: rebuilding the storefront (about a minute)…",
  );
  const started = Date.now();
  const status = buildStorefront(root, "quiet");
  if (status !== 0) {
    say("The build failed (messages above). `npm run build` shows its full output.");
    process.exit(status);
  }
  say(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
} else {
  say("Build is up to date.");
}

say("Starting the shop…");
// The production build, in this process (server.ts handles SIGTERM and SIGINT itself).
process.env.NODE_ENV = "production";
await import("../server.ts");
