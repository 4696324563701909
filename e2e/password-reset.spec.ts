import path from "node:path";
import Database from "better-sqlite3";
import { DATA_DIR, emailText, expect, outboxMentioning, test, uniqueEmail } from "./fixtures.ts";

const SENT =
  "If an account exists for that email, we have sent it a link to reset the password. The link works for one hour.";

/** The newest reset link mailed to `email`, read from the server's outbox. */
async function resetLinkFor(email: string, count: number): Promise<string> {
  const mails = () =>
    outboxMentioning(email).filter((file) => emailText(file).includes("/reset-password?token="));
  await expect.poll(() => mails().length).toBe(count);
  const newest = mails().sort().at(-1)!;
  const link = /(http:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]{43})/.exec(emailText(newest))?.[1];
  if (!link) throw new Error("no reset link in the email");
  return new URL(link).pathname + new URL(link).search;
}

/** Moves every reset link of this account an hour into the past, as if it had been mailed long ago. */
function expireResetLinks(email: string) {
  const db = new Database(path.join(DATA_DIR, "shop.sqlite"), { fileMustExist: true });
  try {
    db.prepare(
      `update password_reset_tokens set expires_at = ?
       where user_id = (select id from users where email = ?)`,
    ).run(new Date(Date.now() - 1000).toISOString(), email);
  } finally {
    db.close();
  }
}

test("forgot password: email link → new password → signed in, other sessions out, link single-use; expired links refused", async ({
  page,
  shopper,
}) => {
  // Another device, signed in before the reset.
  const other = await page.request.post("/api/login", {
    data: { email: shopper.email, password: shopper.password },
  });
  const otherToken: string = (await other.json()).token;
  const otherUser = () =>
    page.request.get("/api/user", { headers: { authorization: `Bearer ${otherToken}` } });
  expect((await otherUser()).status()).toBe(200);

  await page.goto("/user-login");
  await page.getByRole("link", { name: "Forgot Password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email", { exact: true }).fill(shopper.email.toUpperCase());
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: SENT })).toBeVisible();

  // An address without an account gets the same answer, and no mail.
  const stranger = uniqueEmail("no-account");
  await page.getByLabel("Email", { exact: true }).fill(stranger);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: SENT })).toBeVisible();

  const link = await resetLinkFor(shopper.email, 1);
  expect(outboxMentioning(stranger)).toEqual([]);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Set your new password" })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("short");
  await page.getByLabel("Confirm new password").fill("short");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("alert")).toContainText("Password reset failed");
  await expect(page.locator(".field__error")).toHaveText(["The password must be at least 8 characters."]);

  await page.getByLabel("New password", { exact: true }).fill("a fresh long password");
  await page.getByLabel("Confirm new password").fill("a fresh long password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await expect(page.getByRole("heading", { name: `Hello, ${shopper.firstName}!` })).toBeVisible();
  expect((await otherUser()).status()).toBe(401);
  expect(
    (
      await page.request.post("/api/login", { data: { email: shopper.email, password: shopper.password } })
    ).status(),
  ).toBe(422);

  // The same link a second time.
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("yet another password");
  await page.getByLabel("Confirm new password").fill("yet another password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "This password reset link has already been used. Please ask for a new one.",
  );

  // A link older than an hour.
  await page.goto("/forgot-password");
  await page.getByLabel("Email", { exact: true }).fill(shopper.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: SENT })).toBeVisible();
  const late = await resetLinkFor(shopper.email, 2);
  expireResetLinks(shopper.email);
  await page.goto(late);
  await page.getByLabel("New password", { exact: true }).fill("yet another password");
  await page.getByLabel("Confirm new password").fill("yet another password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "This password reset link has expired. Please ask for a new one.",
  );
  await expect(page.getByRole("alert").getByRole("link", { name: "Ask for a new link" })).toBeVisible();

  // The password set through the first link is the one that works.
  expect(
    (
      await page.request.post("/api/login", {
        data: { email: shopper.email, password: "a fresh long password" },
      })
    ).status(),
  ).toBe(200);
});
