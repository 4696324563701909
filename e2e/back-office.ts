import { execFileSync } from "node:child_process";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import Database from "better-sqlite3";
import { DATA_DIR, expect, fillCheckout, type Shopper, test, uniqueEmail } from "./fixtures.ts";

/** Makes the fixture's account a member of staff, or an owner (the owner would do this in the back office). */
export function makeStaff(shopper: Shopper, role: "staff" | "owner" = "staff") {
  const db = new Database(path.join(DATA_DIR, "shop.sqlite"), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare("update users set role = ? where email = ?").run(role, shopper.email);
  } finally {
    db.close();
  }
}

/** Signs in through the login page, which then opens `then`. */
export async function signIn(page: Page, shopper: Shopper, then: string) {
  await page.goto(`/user-login?redirect=${encodeURIComponent(then)}`);
  await page.getByLabel("Email", { exact: true }).fill(shopper.email);
  await page.getByLabel("Password", { exact: true }).fill(shopper.password);
  await page.getByRole("button", { name: "Login" }).click();
}

const OWNER_PASSWORD = "an owner's long password";

/** A new owner, made the way the README says (`npm run owner:create`) against the e2e server's database. */
function createOwner(): string {
  const email = uniqueEmail("owner");
  execFileSync(
    process.execPath,
    ["src/api/admin/owner-cli.ts", "--email", email, "--password", OWNER_PASSWORD],
    { env: { ...process.env, DATA_DIR, NODE_ENV: "test" }, cwd: path.resolve("."), stdio: "pipe" },
  );
  return email;
}

/** A browser of its own (the project's screen size), signed in as a new owner through the login page. */
export async function ownerAt(browser: Browser, baseURL: string | undefined, path: string): Promise<Page> {
  const { viewport, isMobile, hasTouch } = test.info().project.use;
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch });
  const page = await context.newPage();
  await page.goto(`/user-login?redirect=${encodeURIComponent(path)}`);
  await page.getByLabel("Email", { exact: true }).fill(createOwner());
  await page.getByLabel("Password", { exact: true }).fill(OWNER_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(`${baseURL}${path}`);
  return page;
}

/** Checks out the cart in `page` with the e2e address; answers the order's number. */
export async function placeOrder(
  page: Page,
  contact: { email?: string; firstName?: string; lastName?: string },
) {
  await page.goto("/checkout");
  await fillCheckout(page, contact);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order-success\?order=BT-/);
  return (await page.getByTestId("order-number").textContent())?.trim() ?? "";
}
