import { makeStaff, signIn } from "./back-office.ts";
import { emailText, expect, headersOf, outboxMentioning, test, uniqueEmail } from "./fixtures.ts";

/**
 * The contact inbox (issue 35 item 6, docs/decisions/0062): a shopper writes through the contact form, staff see the
 * message as new, answer it, and the shopper's mail threads under the shop's copy; then staff close it.
 */

/** The API drops a contact form sent sooner than this after the page issued it (a robot's speed). */
const MIN_FILL_MS = 3000;

const header = (file: string, name: string) => new RegExp(`^${name}: (.+)$`, "m").exec(headersOf(file))?.[1];

test("staff answer a contact message from the inbox: the reply threads under it, then the message is closed", async ({
  page,
  browser,
  baseURL,
  shopper: staff,
}) => {
  const email = uniqueEmail("inbox");
  const subject = `Kurta size ${Date.now().toString(36)}`;
  const loadedAt = Date.now();
  await page.goto("/contact");
  await page.getByLabel("Name", { exact: true }).fill("Sana Malik");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Subject (optional)").fill(subject);
  await page.getByLabel("Message", { exact: true }).fill("Can I change the size of my kurta to M?");
  await page.waitForTimeout(Math.max(0, MIN_FILL_MS + 300 - (Date.now() - loadedAt)));
  await page.getByRole("button", { name: "SEND" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Message sent" })).toBeVisible();

  const { viewport, isMobile, hasTouch } = test.info().project.use;
  const back = await (await browser.newContext({ baseURL, viewport, isMobile, hasTouch })).newPage();
  makeStaff(staff);
  await signIn(back, staff, "/admin/messages?status=new");
  await expect(back.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();
  await expect(
    back.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Inbox" }),
  ).toHaveAttribute("aria-current", "page");
  const row = back.getByRole("row").filter({ hasText: subject });
  await expect(row).toContainText("New");
  await row.getByRole("link", { name: subject }).click();
  await expect(back.getByRole("heading", { name: subject, level: 1 })).toBeVisible();
  await expect(back.getByTestId("message-text")).toHaveText("Can I change the size of my kurta to M?");
  const overflow = await back.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the message page scrolls sideways").toBeLessThanOrEqual(0);

  await back.getByRole("button", { name: "Send reply" }).click();
  // The browser's own check stops an empty reply; with text it goes.
  await back.getByLabel(`Reply to ${email}`).fill("Yes, we have changed it to M. It ships tomorrow.");
  await back.getByRole("button", { name: "Send reply" }).click();
  await expect(back.getByRole("status")).toHaveText(
    "Your reply is on its way to the sender, and the message is marked answered.",
  );
  await expect(back.locator(".admin-page__head .admin-badge")).toHaveText("Answered");
  await expect(back.getByRole("heading", { name: "Replies (1)" })).toBeVisible();

  await expect.poll(() => outboxMentioning(`Subject: Re: ${subject}`).length).toBe(1);
  const [reply] = outboxMentioning(`Subject: Re: ${subject}`);
  const [shopCopy] = outboxMentioning(email).filter((file) =>
    emailText(file).includes("A message from the contact form"),
  );
  const messageId = header(shopCopy!, "Message-ID");
  expect(messageId).toMatch(/^<contact\.[\w-]+@\S+>$/);
  expect(header(reply!, "To")).toBe(email);
  expect(header(reply!, "Subject")).toBe(`Re: ${subject}`);
  expect(header(reply!, "In-Reply-To")).toBe(messageId);
  expect(header(reply!, "References")).toBe(messageId);
  expect(emailText(reply!)).toContain("> Can I change the size of my kurta to M?");

  await back.getByRole("button", { name: "Close" }).click();
  await expect(back.getByRole("status")).toHaveText("The message is closed.");
  await expect(back.locator(".admin-page__head .admin-badge")).toHaveText("Closed");
  await back.goto("/admin/messages?status=closed");
  await expect(back.getByRole("row").filter({ hasText: subject })).toContainText("Closed");
  await back.context().close();
});
