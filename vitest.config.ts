import { defineConfig } from "vitest/config";

const serverTests = [
  "src/api/**/*.test.ts",
  "src/platform/**/*.test.ts",
  "src/shared/**/*.test.ts",
  "src/server/**/*.test.ts",
  "scripts/**/*.test.ts",
  "bench/**/*.test.ts",
];
const engineTests = ["src/api/**/*.test.ts", "src/platform/db/**/*.test.ts"];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "sqlite",
          include: serverTests,
          environment: "node",
          globalSetup: ["src/testing/global-setup.ts"],
          env: { TEST_ENGINE: "sqlite" },
        },
      },
      {
        test: {
          name: "postgres",
          include: engineTests,
          environment: "node",
          globalSetup: ["src/testing/global-setup.ts"],
          env: { TEST_ENGINE: "postgres" },
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: "storefront",
          include: ["src/storefront/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["src/storefront/testing/setup.ts"],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
