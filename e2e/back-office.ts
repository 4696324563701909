import path from "node:path";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { DATA_DIR, type Shopper } from "./fixtures.ts";

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
