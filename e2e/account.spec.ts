import { expect, test } from "./fixtures.ts";

// Login and register are rate-limited per client address (10 per 15 minutes), and every e2e browser shares
// one address, so the account journeys log in as few times as they can.
test("account pages need a login: a guest is sent to log in and comes back; failures show as text", async ({
  page,
  shopper,
}) => {
  const { email, password } = shopper;

  await page.goto("/account/orders?page=1");
  await expect(page).toHaveURL(/\/user-login\?redirect=%2Faccount%2Forders%3Fpage%3D1$/);
  await expect(page.getByRole("checkbox", { name: "Remember me" })).toBeVisible();
  await expect(page.getByText("Forgot Password?")).toBeVisible();

  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("<b>not the password</b>");
  await page.getByRole("button", { name: "Login" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Login failed");
  await expect(alert).toContainText("These credentials do not match our records.");
  await expect(page.locator(".field__error")).toHaveText(["These credentials do not match our records."]);
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);

  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/account\/orders\?page=1$/);
  await expect(page.getByRole("heading", { name: "Order History" })).toBeVisible();
  await expect(page.getByText("You have not placed any orders yet.")).toBeVisible();

  // Someone else's order and a made-up number look the same: not found, with the 404 status.
  const unknown = await page.goto("/account/orders/BT-000000-NOPE0");
  expect(unknown?.status()).toBe(404);
  await expect(
    page.getByRole("heading", { name: "Sorry, the page you are looking for does not exist" }),
  ).toBeVisible();

  // Profile: a refusal says 'Profile update failed'; a good change is saved and shown in the header's menu.
  await page.goto("/my-account");
  await page.getByLabel("Email", { exact: true }).fill("");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByLabel("Email", { exact: true })).toBeFocused(); // the browser's own check stops an empty email first
  await page.getByLabel("First Name").fill("Bilal Raza");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Phone (optional)").fill("0321 7654321");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Your profile has been updated.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("First Name")).toHaveValue("Bilal Raza");
  await expect(page.getByLabel("Phone (optional)")).toHaveValue("0321 7654321");

  await page.getByLabel("Current password").fill("wrong password");
  await page.getByLabel("New password", { exact: true }).fill("another long password");
  await page.getByLabel("Confirm new password").fill("another long password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("alert")).toContainText("Password update failed");
  await expect(page.getByText("The current password is incorrect.", { exact: true }).first()).toBeVisible();

  // Logout from the account menu revokes the session; the account pages ask for a login again.
  await page.goto("/user-dashboard");
  await expect(page.getByRole("heading", { name: "Hello, Bilal Raza!" })).toBeVisible();
  await page.locator(".account-nav").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/user-dashboard");
  await expect(page).toHaveURL(/\/user-login\?redirect=%2Fuser-dashboard$/);
});
