import { emailText, expect, hydrate, outboxMentioning, test, uniqueEmail } from "./fixtures.ts";

/**
 * A stolen session cannot quietly move an account to another mailbox: changing the login email needs the
 * current password, and the old address gets a link that puts it back and signs every session out.
 */
test("changing the login email needs the password; the old address can undo it and sign everyone out", async ({
  page,
  shopper,
}, testInfo) => {
  await page.goto("/user-login");
  await page.getByLabel("Email", { exact: true }).fill(shopper.email);
  await page.getByLabel("Password", { exact: true }).fill(shopper.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/);

  await page.goto("/my-account");
  await hydrate(page);
  const newEmail = uniqueEmail("moved");
  await page.getByLabel("Email", { exact: true }).fill(newEmail);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Profile update failed")).toBeVisible();
  await expect(page.getByText("Enter your current password to change your email.").first()).toBeVisible();

  await page.getByLabel("Email", { exact: true }).fill(newEmail);
  await page.getByLabel("Your password").fill(shopper.password);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Your profile has been updated.")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("profile-email-changed.png"), fullPage: true });

  // The old address is told, with the link that undoes it.
  const mails = () =>
    outboxMentioning(shopper.email).filter((file) =>
      emailText(file).includes("/account/undo-email-change?token="),
    );
  await expect.poll(() => mails().length).toBe(1);
  const link = /(http:\/\/\S+\/account\/undo-email-change\?token=[A-Za-z0-9_-]{43})/.exec(
    emailText(mails()[0]!),
  )?.[1];
  expect(link).toBeDefined();

  const other = await page.context().browser()!.newContext();
  const mailbox = await other.newPage();
  await mailbox.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(mailbox.getByRole("heading", { name: "Put your old email back" })).toBeVisible();
  await mailbox.screenshot({ path: testInfo.outputPath("undo-email-change.png"), fullPage: true });
  await mailbox.getByRole("button", { name: "Put my old email back" }).click();
  await expect(mailbox.getByText(/Your old email is back/)).toBeVisible();
  await other.close();

  // Whoever changed it is signed out; the old email signs in again.
  await page.goto("/my-account");
  await expect(page).toHaveURL(/\/user-login/);
  await page.getByLabel("Email", { exact: true }).fill(shopper.email);
  await page.getByLabel("Password", { exact: true }).fill(shopper.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/my-account|\/user-dashboard/);
});
