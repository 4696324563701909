import { defineConfig } from "vitest/config";
import type { Reporter } from "vitest/node";

/** Storefront tests that render real pages through the host: they run in node, with a database, not in jsdom. */
const STOREFRONT_HOST_TESTS = "src/storefront/**/*.host.test.ts";
const serverTests = [
  "src/api/**/*.test.ts",
  "src/platform/**/*.test.ts",
  "src/shared/**/*.test.ts",
  "src/server/**/*.test.ts",
  // The security suite: each finding of a review as an attack that must fail (docs/security.md).
  "src/security/**/*.test.ts",
  // Back-office pages rendered through the host (src/testing/host-harness.ts), beside the pages they test.
  STOREFRONT_HOST_TESTS,
  "scripts/**/*.test.ts",
  "bench/**/*.test.ts",
];
const engineTests = ["src/api/**/*.test.ts", "src/platform/db/**/*.test.ts", "src/security/**/*.test.ts"];
/**
 * Race, load and fuzz tests: minutes of hostile requests and racing transactions. They run in their own projects
 * (`npm run test:slow`), which CI runs; `npm test` leaves them out and says so.
 */
const slowTests = [
  "src/api/**/*fuzz.test.ts",
  "src/api/**/*-concurrency.test.ts",
  "src/api/products/seed/large-catalogue.test.ts",
];
const SLOW_PROJECTS = ["slow-sqlite", "slow-postgres"];

/** Names the slow projects at the end of a run that left them out. */
let slowLeftOut = false;
const slowNote: Reporter = {
  onInit(vitest) {
    const names = vitest.projects.map((project) => project.name);
    slowLeftOut = !SLOW_PROJECTS.some((name) => names.includes(name));
  },
  onTestRunEnd() {
    if (!slowLeftOut) return;
    console.log(
      `\nNot run here: the race, load and fuzz tests (projects ${SLOW_PROJECTS.join(", ")}): npm run test:slow. CI runs them.\n`,
    );
  },
};

const sqlite = {
  environment: "node",
  globalSetup: ["src/testing/global-setup.ts"],
  env: { TEST_ENGINE: "sqlite" },
  // Tests that start a command line or render the first page of a worker take seconds on a busy 2-core machine.
  testTimeout: 20_000,
};
const postgres = {
  environment: "node",
  globalSetup: ["src/testing/global-setup.ts"],
  env: { TEST_ENGINE: "postgres" },
  testTimeout: 30_000,
  hookTimeout: 30_000,
};

export default defineConfig({
  test: {
    reporters: ["default", slowNote],
    // A worker runs its test files one after another in one module graph, so the API, React Router and jsdom are
    // loaded once per worker rather than once per file (imports were a fifth of the run). Every file still gets
    // its own database, harness and mocks (a file that changes module state resets it in its own hooks).
    isolate: false,
    // Vitest's default is one worker fewer than the cores: one, on our 2-core machines. The suites mostly wait
    // (PostgreSQL, SQLite's disk, child processes, image encoders), so three workers finish the same tests in half
    // the time (src/api/admin + src/api/account on both engines: 402 s with one, 265 s with two, 197 s with three).
    maxWorkers: 3,
    projects: [
      { test: { name: "sqlite", include: serverTests, exclude: slowTests, ...sqlite } },
      { test: { name: "postgres", include: engineTests, exclude: slowTests, ...postgres } },
      {
        test: {
          name: "storefront",
          include: ["src/storefront/**/*.test.{ts,tsx}"],
          exclude: [STOREFRONT_HOST_TESTS],
          environment: "jsdom",
          setupFiles: ["src/storefront/testing/setup.ts"],
          testTimeout: 20_000,
        },
      },
      { test: { name: "slow-sqlite", include: slowTests, ...sqlite } },
      { test: { name: "slow-postgres", include: slowTests, ...postgres } },
    ],
  },
});
