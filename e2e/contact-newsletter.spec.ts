import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import {
  DATA_DIR,
  emailText,
  expect,
  headersOf,
  newsletterLinkIn,
  openDatabase,
  outboxMentioning,
  subscriberStatus,
  test,
  uniqueEmail,
} from "./fixtures.ts";

const SENT =
  "Thank you for your message! We have emailed you a confirmation and will reply within one working day.";
const SUBSCRIBED =
  "Thank you! Please check your inbox for a link to confirm your subscription. If this address is already subscribed, there is nothing more to do.";
const CONFIRMED = "Your subscription is confirmed. Thank you for joining the Bags & Threads newsletter!";
const UNSUBSCRIBED = "You have been unsubscribed. You will get no more newsletters from us.";
/** SHOP_EMAIL's default: the e2e server sets none. */
const SHOP_EMAIL = "hello@bagsandthreads.pk";
/** The API drops a contact form sent sooner than this after the page issued it (a robot's speed). */
const MIN_FILL_MS = 3000;

/** The mails in the outbox that mention `text` and `also`, oldest first. */
function mailsWith(text: string, also: string): string[] {
  return outboxMentioning(text)
    .filter((file) => emailText(file).includes(also))
    .sort();
}

function contactMessages(email: string): { name: string; subject: string; message: string }[] {
  const db = openDatabase();
  try {
    return db.prepare("select name, subject, message from contact_messages where email = ?").all(email) as {
      name: string;
      subject: string;
      message: string;
    }[];
  } finally {
    db.close();
  }
}

/** Waits out the form's minimum fill time, counted from when the page was loaded. */
async function afterFillTime(page: Page, loadedAt: number) {
  const left = MIN_FILL_MS + 300 - (Date.now() - loadedAt);
  if (left > 0) await page.waitForTimeout(left);
}

test("contact: field messages, then the message is stored, mailed to the shop and acknowledged to the sender", async ({
  page,
}) => {
  const email = uniqueEmail("contact");
  const loadedAt = Date.now();
  await page.goto("/contact");
  await expect(page).toHaveTitle(/^Contact us \|/);
  await page.getByRole("button", { name: "SEND" }).click();
  await expect(page.getByText("Please enter your name.")).toBeVisible();
  await expect(page.getByText("Please enter your email address.")).toBeVisible();
  await expect(page.getByText("Please write your message.")).toBeVisible();

  await page.getByLabel("Name", { exact: true }).fill("Sana Malik");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Subject (optional)").fill("Order BT-261121-7KQ2M");
  await page.getByLabel("Message", { exact: true }).fill("Short");
  await page.getByRole("button", { name: "SEND" }).click();
  await expect(page.getByText("Your message must be at least 10 characters.")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Sana Malik");

  await page
    .getByLabel("Message", { exact: true })
    .fill("Can I change the size of my kurta to M? <b>Thanks</b>");
  await afterFillTime(page, loadedAt);
  await page.getByRole("button", { name: "SEND" }).click();
  const sent = page.getByRole("status").filter({ hasText: "Message sent" });
  await expect(sent).toContainText(SENT);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");

  expect(contactMessages(email)).toEqual([
    {
      name: "Sana Malik",
      subject: "Order BT-261121-7KQ2M",
      message: "Can I change the size of my kurta to M? <b>Thanks</b>",
    },
  ]);
  await expect.poll(() => mailsWith(email, "A message from the contact form").length).toBe(1);
  const [toShop] = mailsWith(email, "A message from the contact form");
  expect(headersOf(toShop!)).toMatch(new RegExp(`^To: ${SHOP_EMAIL}$`, "m"));
  expect(headersOf(toShop!)).toMatch(new RegExp(`^Reply-To: ${email.replaceAll(".", "\\.")}$`, "m"));
  expect(emailText(toShop!)).toContain("Can I change the size of my kurta to M? <b>Thanks</b>");
  await expect.poll(() => mailsWith(email, "We have received your message").length).toBe(1);
  const [acknowledgement] = mailsWith(email, "We have received your message");
  expect(headersOf(acknowledgement!)).toMatch(new RegExp(`^To: ${email.replaceAll(".", "\\.")}$`, "m"));
  expect(emailText(acknowledgement!)).toContain("Hi Sana Malik,");
});

test("contact: a form filled in by a robot (the hidden field) is answered the same, and nothing is kept or sent", async ({
  page,
}) => {
  const email = uniqueEmail("robot");
  const loadedAt = Date.now();
  await page.goto("/contact");
  await page.getByLabel("Name", { exact: true }).fill("Cheap Pills");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Message", { exact: true }).fill("Visit our shop for cheap pills today");
  await page.locator("#field-website").fill("https://pills.example", { force: true });
  await afterFillTime(page, loadedAt);
  await page.getByRole("button", { name: "SEND" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Message sent" })).toContainText(SENT);
  expect(contactMessages(email)).toEqual([]);
  await page.waitForTimeout(500);
  expect(outboxMentioning(email)).toEqual([]);
});

test("newsletter: subscribe in the footer, confirm from the email, subscribe again (no second mail), unsubscribe", async ({
  page,
}) => {
  const email = uniqueEmail("news");
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("textbox", { name: "Email address" }).fill(email.toUpperCase());
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(footer.getByRole("status")).toHaveText(SUBSCRIBED);
  await expect(footer.getByRole("textbox", { name: "Email address" })).toHaveValue("");
  expect(subscriberStatus(email)).toBe("pending");

  await expect.poll(() => mailsWith(email, "/newsletter/confirm?token=").length).toBe(1);
  const [mail] = mailsWith(email, "/newsletter/confirm?token=");
  expect(headersOf(mail!)).toMatch(
    /^List-Unsubscribe: <http:\/\/\S+\/newsletter\/unsubscribe\?token=\d+\.[\w-]{43}>$/m,
  );
  expect(headersOf(mail!)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

  const confirmLink = newsletterLinkIn(mail!, "confirm");
  await page.goto(confirmLink);
  await expect(page.getByRole("heading", { name: "Subscription confirmed" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(CONFIRMED);
  await expect(page.getByRole("main")).toContainText(email);
  expect(subscriberStatus(email)).toBe("confirmed");
  // Opening the link again is fine.
  await page.reload();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(CONFIRMED);

  // The same answer for an address already on the list, and no second mail.
  await footer.getByRole("textbox", { name: "Email address" }).fill(email);
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(footer.getByRole("status")).toHaveText(SUBSCRIBED);
  await page.waitForTimeout(500);
  expect(mailsWith(email, "/newsletter/confirm?token=")).toHaveLength(1);

  await page.goto(newsletterLinkIn(mail!, "unsubscribe"));
  await expect(page.getByRole("heading", { name: "Unsubscribe from our newsletter" })).toBeVisible();
  expect(subscriberStatus(email)).toBe("confirmed");
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(UNSUBSCRIBED);
  expect(subscriberStatus(email)).toBe("unsubscribed");

  // A stale or made-up link explains itself.
  await page.goto("/newsletter/confirm?token=123.456.forged");
  await expect(page.getByRole("heading", { name: "Subscription not confirmed" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("This confirmation link is not valid.");
});

test("newsletter: a mail client's one-click unsubscribe (RFC 8058 POST to the List-Unsubscribe address)", async ({
  page,
}) => {
  const email = uniqueEmail("oneclick");
  const signUp = await page.request.post("/api/newsletter/subscribe", { data: { email } });
  expect(signUp.status()).toBe(200);
  await expect.poll(() => mailsWith(email, "/newsletter/confirm?token=").length).toBe(1);
  const [mail] = mailsWith(email, "/newsletter/confirm?token=");
  const header = /^List-Unsubscribe: <(\S+)>$/m.exec(headersOf(mail!))?.[1];
  expect(header).toBeTruthy();
  const url = new URL(header!);
  const oneClick = await page.request.post(url.pathname + url.search, {
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(oneClick.status()).toBe(200);
  expect(subscriberStatus(email)).toBe("unsubscribed");
});

test("contact and Subscribe: a submission that gets no answer keeps what was typed and says so (spec section 8)", async ({
  page,
}) => {
  const email = uniqueEmail("offline");
  const loadedAt = Date.now();
  await page.goto("/contact");
  await page.getByLabel("Name", { exact: true }).fill("Ayesha Khan");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Message", { exact: true }).fill("Is the saddle tote back in stock?");
  const submission = (path: string) => (url: URL) => url.pathname === `${path}.data`;
  const contactSubmission = submission("/contact");
  await page.route(contactSubmission, (route) =>
    route.request().method() === "POST" ? route.abort("connectionrefused") : route.fallback(),
  );
  await page.getByRole("button", { name: "SEND" }).click();
  await expect(page.getByRole("alert")).toHaveText("Failed to connect to server. Please try again.");
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("Is the saddle tote back in stock?");
  expect(contactMessages(email)).toEqual([]);
  await page.unroute(contactSubmission);
  await afterFillTime(page, loadedAt);
  await page.getByRole("button", { name: "SEND" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Message sent" })).toContainText(SENT);
  expect(contactMessages(email)).toHaveLength(1);

  const footer = page.getByRole("contentinfo");
  await page.route(submission("/newsletter"), (route) => route.abort("connectionrefused"));
  await footer.getByRole("textbox", { name: "Email address" }).fill(email);
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(footer.getByRole("status")).toHaveText("Failed to connect to server. Please try again.");
  await expect(footer.getByRole("textbox", { name: "Email address" })).toHaveValue(email);
  expect(subscriberStatus(email)).toBeUndefined();
});

test("back office: the owner downloads the confirmed subscribers as CSV from the Newsletter page", async ({
  page,
  shopper,
}) => {
  const writable = new Database(path.join(DATA_DIR, "shop.sqlite"), { fileMustExist: true });
  try {
    writable.prepare("update users set role = 'owner' where email = ?").run(shopper.email);
  } finally {
    writable.close();
  }
  const confirmed = uniqueEmail("listed");
  const waiting = uniqueEmail("waiting");
  for (const email of [confirmed, waiting]) {
    expect((await page.request.post("/api/newsletter/subscribe", { data: { email } })).status()).toBe(200);
  }
  await expect.poll(() => mailsWith(confirmed, "/newsletter/confirm?token=").length).toBe(1);
  await page.goto(newsletterLinkIn(mailsWith(confirmed, "/newsletter/confirm?token=")[0]!, "confirm"));
  await expect(page.getByRole("heading", { name: "Subscription confirmed" })).toBeVisible();

  await page.goto("/user-login?redirect=%2Fadmin%2Fnewsletter");
  await page.getByLabel("Email", { exact: true }).fill(shopper.email);
  await page.getByLabel("Password", { exact: true }).fill(shopper.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/admin\/newsletter$/);
  await expect(page.getByRole("heading", { name: "Newsletter", level: 1 })).toBeVisible();
  await expect(
    page
      .getByRole("navigation", { name: "Back office" })
      .getByRole("link", { name: "Newsletter", exact: true }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("count-confirmed")).not.toHaveText("0");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, "utf8");
  expect(csv.split("\r\n")[0]).toBe("Email,Source,Consent given at,Confirmed at,Unsubscribe link");
  expect(csv).toContain(`\r\n${confirmed},api,`);
  expect(csv).not.toContain(waiting);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the contact form and the footer's Subscribe post their forms and say the outcome", async ({
    page,
  }) => {
    const email = uniqueEmail("nojs");
    const loadedAt = Date.now();
    await page.goto("/contact");
    await page.getByLabel("Name", { exact: true }).fill("Bilal Ahmed");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Message", { exact: true }).fill("Do you deliver to Gilgit?");
    await afterFillTime(page, loadedAt);
    await page.getByRole("button", { name: "SEND" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Message sent" })).toContainText(SENT);
    expect(contactMessages(email)).toHaveLength(1);

    const footer = page.getByRole("contentinfo");
    await footer.getByRole("textbox", { name: "Email address" }).fill(email);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect(page.getByRole("main").getByRole("status")).toHaveText(SUBSCRIBED);
    expect(subscriberStatus(email)).toBe("pending");
  });
});
