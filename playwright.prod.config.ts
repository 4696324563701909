import { defineConfig } from "@playwright/test";

/**
 * Browser journeys through the production shape: nginx with HTTPS on :8443 in front of two instances. Not run
 * on its own: `npm run test:prod-shape` (e2e-prod/run.ts) brings the shape up, runs this, and tears it down.
 */
export default defineConfig({
  testDir: "e2e-prod",
  testMatch: "*.spec.ts",
  fullyParallel: true,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  outputDir: ".tmp/prod-shape/test-results",
  reporter: [["list"], ["json", { outputFile: ".tmp/prod-shape/journeys.json" }]],
  use: {
    baseURL: "https://localhost:8443",
    // The run's certificate is self-signed.
    ignoreHTTPSErrors: true,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "desktop", use: { viewport: { width: 1280, height: 800 } } }],
});
