import { defineConfig } from "@playwright/test";

/**
 * End-to-end journeys against the real, built server (fresh database with the demo catalogue) in Debian's
 * Chromium, at a desktop and a phone width. Playwright's own browser download does not work on our machines.
 */
// E2E_PORT lets two checkouts run their browser tests side by side on one machine.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: "e2e",
  // Every test brings its own data (e2e/fixtures.ts), so tests of one file may run side by side too.
  fullyParallel: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { viewport: { width: 1280, height: 800 } } },
    {
      name: "mobile",
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      // The phone runs every shopper's journey. The back office's workflows are the same at both widths, so they
      // run at the desktop's; its layout on a phone is checked page by page in admin-access.spec.ts, which runs
      // here. Headers and crawler files do not depend on the width. (CI time: docs/decisions/0069-ci-time.md.)
      testIgnore: [
        /admin-(catalogue|import|orders|payments|products|returns|shipping|two-factor)\.spec\.ts$/,
        /(staff-invitation|staff-order|inbox|newsletter-issues|shopify-import|crawlers|csp)\.spec\.ts$/,
      ],
    },
  ],
  webServer: {
    // The server runs from a private copy of the build in .tmp/e2e, so a rebuild in the working tree during the
    // run cannot swap its assets; its data folder starts empty, so the demo catalogue is seeded fresh.
    command:
      "npm run build && rm -rf .tmp/e2e && mkdir -p .tmp/e2e && cp -R build .tmp/e2e/build && cd .tmp/e2e && node ../../server.ts",
    url: `${baseURL}/api/categories`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR: "data",
      SESSION_SECRET: "e2e-only-session-secret-0123456789abcdef",
      LOG_LEVEL: "warn",
      // Every browser in the run shares one address (and the journeys reuse phone numbers); the limits
      // themselves are tested in the API suite.
      AUTH_ATTEMPTS_PER_15_MIN: "1000",
      LOGIN_FAILURES_PER_ADDRESS_PER_HOUR: "100000",
      LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: "100000",
      ORDERS_PER_PHONE_PER_HOUR: "100000",
      ORDERS_PER_ADDRESS_PER_HOUR: "100000",
      CONTACT_MESSAGES_PER_HOUR: "100000",
      NEWSLETTER_SIGNUPS_PER_HOUR: "100000",
      // The payment providers are local simulators (e2e/online-payments.spec.ts), and bank transfers go to their
      // test account (e2e/admin-payments.spec.ts: staff mark one paid and refund part of it): no money moves.
      PAYMENT_SIMULATORS: "on",
      // The Shopify import's photos come from a server on this machine (e2e/shopify-import.spec.ts).
      IMPORT_IMAGE_PRIVATE_HOSTS: "allow",
    },
  },
});
