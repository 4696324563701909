import { execFileSync } from "node:child_process";
import type { Browser, Page } from "@playwright/test";
import { DATA_DIR, emailText, expect, outboxMentioning, test, uniqueEmail } from "./fixtures.ts";

/**
 * Inviting someone to the staff, end to end (decision 0040): the owner invites an address on the Staff screen,
 * the invitee opens the link mailed to it (read from the server's outbox), chooses a name and a password while
 * signed out, and lands in the back office; the owner then finds them on the staff list.
 */

const OWNER_PASSWORD = "an owner's long password";

function createOwner(): string {
  const email = uniqueEmail("owner");
  execFileSync(
    process.execPath,
    ["src/api/admin/owner-cli.ts", "--email", email, "--password", OWNER_PASSWORD],
    { env: { ...process.env, DATA_DIR, DATABASE_URL: "", LOG_LEVEL: "silent" }, stdio: "pipe" },
  );
  return email;
}

/** A browser of its own at the project's screen size. */
async function newPage(browser: Browser): Promise<Page> {
  const { viewport, isMobile, hasTouch, baseURL } = test.info().project.use;
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch });
  return context.newPage();
}

/** The newest invitation link mailed to `email` (its path and query). */
async function invitationLinkFor(email: string): Promise<string> {
  const mails = () =>
    outboxMentioning(email).filter((file) => emailText(file).includes("/staff-invitation?token="));
  await expect.poll(() => mails().length).toBeGreaterThan(0);
  const link = /(http:\/\/\S+\/staff-invitation\?token=[A-Za-z0-9_-]{43})/.exec(
    emailText(mails().sort().at(-1)!),
  )?.[1];
  if (!link) throw new Error("no invitation link in the email");
  return new URL(link).pathname + new URL(link).search;
}

async function expectNoSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} on ${test.info().project.name}`).toBeLessThanOrEqual(0);
}

test("the owner invites someone by email; they set a password through the mailed link and land in the back office", async ({
  browser,
}) => {
  const ownerEmail = createOwner();
  const invitee = uniqueEmail("invitee");
  const errors: string[] = [];

  const owner = await newPage(browser);
  owner.on("pageerror", (error) => errors.push(error.message));
  await owner.goto("/user-login?redirect=%2Fadmin%2Fstaff");
  await owner.getByLabel("Email", { exact: true }).fill(ownerEmail);
  await owner.getByLabel("Password", { exact: true }).fill(OWNER_PASSWORD);
  await owner.getByRole("button", { name: "Login" }).click();
  await expect(owner).toHaveURL(/\/admin\/staff$/);

  const form = owner.getByRole("region", { name: "Invite someone" });
  await form.getByLabel("Email", { exact: true }).fill(invitee);
  await form.getByLabel("Role").selectOption("staff");
  await form.getByLabel("Your password").fill(OWNER_PASSWORD);
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(owner.getByText(`Invitation sent to ${invitee}.`)).toBeVisible();
  const waiting = owner.getByRole("region", { name: "Invitations waiting" });
  await expect(waiting.getByRole("rowheader", { name: invitee })).toBeVisible();
  await expectNoSidewaysScroll(owner, "the staff screen with an invitation waiting");

  // The invitee, signed out in a browser of their own, opens the link from their mailbox.
  const link = await invitationLinkFor(invitee);
  const guest = await newPage(browser);
  guest.on("pageerror", (error) => errors.push(error.message));
  await guest.goto(link);
  await expect(guest.getByRole("heading", { name: "Choose your password" })).toBeVisible();
  await expect(guest.getByText(invitee)).toBeVisible();
  await expectNoSidewaysScroll(guest, "the invitation page");
  await guest.getByLabel("First name").fill("Ayesha");
  await guest.getByLabel("Last name").fill("Siddiqui-Rahman");
  await guest.getByLabel("New password", { exact: true }).fill("packing tape and string");
  await guest.getByLabel("Confirm new password").fill("packing tape and string");
  await guest.getByRole("button", { name: "Set password and join" }).click();
  await expect(guest).toHaveURL(/\/admin$/);
  await expect(guest.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(guest.getByRole("navigation", { name: "Back office" })).toBeAttached();

  // The link was used up: opened again, it says so and offers no form.
  await guest.goto(link);
  await expect(guest.getByText("This invitation has already been used.")).toBeVisible();
  await expect(guest.getByLabel("New password", { exact: true })).toHaveCount(0);

  // The owner sees them on the staff, and nothing waiting any more.
  await owner.reload();
  const staffList = owner.getByRole("region", { name: "Who can open the back office" });
  await expect(staffList.getByRole("rowheader", { name: `Ayesha Siddiqui-Rahman ${invitee}` })).toBeVisible();
  await expect(waiting.getByText("No invitation is waiting to be accepted.")).toBeVisible();
  expect(errors).toEqual([]);

  await guest.context().close();
  await owner.context().close();
});
