import { execFileSync } from "node:child_process";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { DATA_DIR, expect, type Shopper, test, uniqueEmail } from "./fixtures.ts";

// The back office's door: who gets in (staff and owners), who is sent to sign in (guests, and back afterwards),
// who is refused (customers, with a 403 on every back-office page), and what disabling a customer does to a
// session they have open elsewhere.

const CLI = path.resolve("src/api/admin/owner-cli.ts");

/**
 * Makes an existing account the owner with `npm run owner:create`, on the e2e server's own database. An existing
 * account gets a new password there (decision 0040): the shopper's own, so the journeys sign in as before.
 */
function makeOwner(shopper: Shopper) {
  const output = execFileSync(
    process.execPath,
    [CLI, "--email", shopper.email, "--password", shopper.password],
    { env: { ...process.env, DATA_DIR, DATABASE_URL: "", LOG_LEVEL: "silent" }, encoding: "utf8" },
  );
  expect(output).toContain(
    `Promoted ${shopper.email} to owner (its password is the new one and every session of the account is signed out).`,
  );
}

async function logIn(page: Page, shopper: Shopper) {
  await page.getByLabel("Email", { exact: true }).fill(shopper.email);
  await page.getByLabel("Password", { exact: true }).fill(shopper.password);
  await page.getByRole("button", { name: "Login" }).click();
}

async function signedInPage(browser: Browser, shopper: Shopper, target: string, isMobile: boolean) {
  const context = await browser.newContext({
    viewport: isMobile ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    isMobile,
    hasTouch: isMobile,
  });
  const page = await context.newPage();
  await page.goto(`/user-login?redirect=${encodeURIComponent(target)}`);
  await logIn(page, shopper);
  await expect(page).toHaveURL(new RegExp(`${target.replace(/[?]/g, "\\$&")}$`));
  return page;
}

test("a customer gets a 403 'Staff only' page on every back-office page", async ({ page, shopper }) => {
  await page.goto("/user-login");
  await logIn(page, shopper);
  await expect(page).toHaveURL(/\/user-dashboard$/);
  for (const path of [
    "/admin",
    "/admin/customers",
    "/admin/customers/1",
    "/admin/staff",
    "/admin/audit",
    "/admin/orders",
    "/admin/products",
    "/admin/anything-else",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "Staff only" })).toBeVisible();
    await expect(page.getByText("This area is for the shop's staff.")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Back office" })).toHaveCount(0);
  }
  // The API says the same to the same session.
  const api = await page.request.get("/api/admin/dashboard");
  expect(api.status()).toBe(403);
});

test("a guest is sent to sign in and comes back to the back-office page they asked for", async ({
  page,
  shopper,
}) => {
  makeOwner(shopper);
  await page.goto("/admin/customers?status=active");
  await expect(page).toHaveURL(/\/user-login\?redirect=/);
  expect(new URL(page.url()).searchParams.get("redirect")).toBe("/admin/customers?status=active");
  await logIn(page, shopper);
  await expect(page).toHaveURL(/\/admin\/customers\?status=active$/);
  await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  await expect(page.getByLabel("Status")).toHaveValue("active");
});

test("the owner sees the dashboard, with the menu, figures, chart and low stock", async ({
  page,
  shopper,
}, testInfo) => {
  makeOwner(shopper);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/user-login?redirect=%2Fadmin");
  await logIn(page, shopper);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  const menu = page.getByRole("navigation", { name: "Back office" });
  for (const section of ["Dashboard", "Orders", "Products", "Catalogue", "Customers", "Staff", "Audit log"]) {
    await expect(menu.getByRole("link", { name: section, exact: true })).toBeAttached();
  }
  await expect(menu.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Last 30 days", { exact: true })).toBeVisible();
  await expect(page.getByRole("img", { name: /Daily sales, last 30 days/ })).toBeVisible();
  await page.getByText("Daily figures as a table").click();
  await expect(page.getByRole("table", { name: /each of the last 30 days/ }).getByRole("row")).toHaveCount(
    31,
  );
  await expect(page.getByRole("heading", { name: "Low stock" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Orders waiting" })).toBeVisible();
  // Nothing spills sideways on a phone: the page is as wide as the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, testInfo.project.name).toBeLessThanOrEqual(0);

  await menu.getByRole("link", { name: "Customers" }).click();
  await expect(page).toHaveURL(/\/admin\/customers$/);
  await expect(menu.getByRole("link", { name: "Customers" })).toHaveAttribute("aria-current", "page");
  // The other screens fit too: wide tables scroll inside their cards.
  for (const path of ["/admin/customers", "/admin/staff", "/admin/audit"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const spill = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(spill, `${path} on ${testInfo.project.name}`).toBeLessThanOrEqual(0);
  }
  // Every screen hydrated as the server drew it.
  expect(errors).toEqual([]);
});

test("disabling a customer ends the session they have open, and they cannot sign in again", async ({
  browser,
  shopper: owner,
  request,
}, testInfo) => {
  makeOwner(owner);
  const customer: Shopper = {
    email: uniqueEmail("customer"),
    password: "a long enough password",
    firstName: "Maryam",
    lastName: "Qureshi-Longname-Abbasi",
  };
  const registered = await request.post("/api/register", {
    data: {
      first_name: customer.firstName,
      last_name: customer.lastName,
      email: customer.email,
      password: customer.password,
      password_confirmation: customer.password,
    },
  });
  expect(registered.status()).toBe(201);
  const isMobile = testInfo.project.name === "mobile";

  const shopperPage = await signedInPage(browser, customer, "/my-account", isMobile);
  await expect(shopperPage.getByRole("heading", { name: "Account details" })).toBeVisible();

  const ownerPage = await signedInPage(browser, owner, "/admin/customers", isMobile);
  await ownerPage.getByLabel("Name, email or phone").fill(customer.email);
  await ownerPage.getByRole("button", { name: "Search" }).click();
  await expect(ownerPage.getByRole("table")).toContainText(customer.email);
  await ownerPage.getByRole("link", { name: `${customer.firstName} ${customer.lastName}` }).click();
  await expect(
    ownerPage.getByRole("heading", { level: 1, name: `${customer.firstName} ${customer.lastName}` }),
  ).toBeVisible();

  // A wrong password changes nothing and says why.
  await ownerPage.getByLabel("Your password").fill("not my password");
  await ownerPage.getByRole("button", { name: "Disable account" }).click();
  await expect(ownerPage.getByText("The password is incorrect.").first()).toBeVisible();
  await shopperPage.reload();
  await expect(shopperPage.getByRole("heading", { name: "Account details" })).toBeVisible();

  await ownerPage.getByLabel("Your password").fill(owner.password);
  await ownerPage.getByRole("button", { name: "Disable account" }).click();
  await expect(ownerPage.getByText("The account is disabled and signed out everywhere.")).toBeVisible();
  await expect(ownerPage.getByRole("button", { name: "Enable account" })).toBeVisible();
  await expect(ownerPage.getByRole("cell", { name: "Disabled the account" })).toBeVisible();

  // The customer's open session is over: their next page asks them to sign in, and signing in is refused.
  await shopperPage.reload();
  await expect(shopperPage).toHaveURL(/\/user-login\?redirect=%2Fmy-account$/);
  await logIn(shopperPage, customer);
  await expect(shopperPage.getByText("This account has been disabled.").first()).toBeVisible();
  await expect(shopperPage).toHaveURL(/\/user-login/);

  await shopperPage.context().close();
  await ownerPage.context().close();
});
