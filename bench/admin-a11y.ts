// Back-office accessibility: `node bench/admin-a11y.ts [--pages=dashboard,orders,...]`. Builds the app if needed,
// starts the production server on the demo catalogue, makes an owner (`npm run owner:create`'s code), signs in
// through the storefront's own login form and runs Lighthouse (mobile) on the main back-office screens with that
// session cookie. Prints each screen's accessibility score and the audits that failed. Not part of `npm test`.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildApp, buildExists } from "./lib/build.ts";
import { WORK_DIR } from "./lib/datasets.ts";
import { chromeAvailable, lighthouseWithRetries } from "./lib/lighthouse.ts";
import { withServer } from "./workloads/shared.ts";

const EMAIL = "owner@bench.example.pk";
const PASSWORD = "bench-owner-password-1";

const argv = process.argv.slice(2);
const only = argv
  .find((arg) => arg.startsWith("--pages="))
  ?.split("=")[1]
  ?.split(",");

/** The session cookie the login form sets (a same-origin form post, as a browser sends it). */
async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/user-login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin,
      "sec-fetch-site": "same-origin",
    },
    body: new URLSearchParams({ email: EMAIL, password: PASSWORD }),
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  const session = cookies.find((cookie) => cookie.startsWith("shop_session="));
  if (!session) throw new Error(`signing in answered ${response.status} without a session cookie`);
  return session;
}

async function main() {
  if (!chromeAvailable()) throw new Error("no Chromium: set CHROME_PATH");
  if (!buildExists()) buildApp();
  const dataDir = path.join(WORK_DIR, "admin-a11y");
  fs.rmSync(dataDir, { recursive: true, force: true });
  const databaseUrl = `sqlite:${path.join(dataDir, "shop.sqlite")}`;
  await withServer({ databaseUrl, dataDir, seedDemo: true }, async (server) => {
    execFileSync(process.execPath, ["src/api/admin/owner-cli.ts", "--email", EMAIL, "--password", PASSWORD], {
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
      stdio: "ignore",
    });
    const cookie = await signIn(server.url);
    const firstProduct = await (await fetch(`${server.url}/api/products?page=1`)).json();
    const productId = (firstProduct as { data: { id: number }[] }).data[0]?.id;
    const pages: [string, string][] = [
      ["dashboard", "/admin"],
      ["orders", "/admin/orders"],
      ["products", "/admin/products"],
      ["product", `/admin/products/${productId}`],
      ["new product", "/admin/products/new"],
      ["newsletter", "/admin/newsletter"],
      ["customers", "/admin/customers"],
      ["reviews", "/admin/reviews"],
      ["catalogue", "/admin/catalogue"],
      ["categories", "/admin/catalogue/categories"],
      ["slides", "/admin/catalogue/sliders"],
      ["import", "/admin/products/import"],
      ["staff", "/admin/staff"],
      ["audit", "/admin/audit"],
    ];
    console.log(
      "screen         path                           a11y  best-practices  failing (accessibility)",
    );
    for (const [name, pagePath] of pages) {
      if (only && !only.includes(name)) continue;
      const status = (await fetch(server.url + pagePath, { headers: { cookie }, redirect: "manual" })).status;
      if (status !== 200) {
        console.log(`${name.padEnd(14)} ${pagePath.padEnd(30)} answered ${status}, skipped`);
        continue;
      }
      const file = path.join(dataDir, "lighthouse", `${name.replaceAll(" ", "-")}.json`);
      let lastError: unknown;
      const result = await lighthouseWithRetries(server.url + pagePath, file, { Cookie: cookie }, (error) => {
        lastError = error;
      });
      if (!result) throw lastError;
      const failing = result.failing
        .filter((audit) => audit.category === "accessibility")
        .map((audit) => audit.id)
        .join(", ");
      console.log(
        `${name.padEnd(14)} ${pagePath.padEnd(30)} ${String(result.accessibility).padStart(4)}  ${String(result.bestPractices).padStart(14)}  ${failing || "-"}`,
      );
    }
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
