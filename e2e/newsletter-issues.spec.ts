import { ownerAt } from "./back-office.ts";
import {
  emailText,
  expect,
  headersOf,
  newsletterLinkIn,
  outboxMentioning,
  subscriberStatus,
  test,
  uniqueEmail,
} from "./fixtures.ts";

/**
 * Newsletter issues (issue 35 item 6, docs/decisions/0062): the owner writes an issue, previews it, sends a test and
 * then the issue; every confirmed subscriber gets it exactly once, an unconfirmed address none, and each mail's
 * unsubscribe link (opened, or posted by a mail client per RFC 8058) takes its own address off the list.
 */

/** The outbox mails whose subject is exactly `subject`, to `email`. */
function mailsTo(email: string, subject: string): string[] {
  return outboxMentioning(subject).filter((file) => {
    const lines = headersOf(file).split("\n");
    return lines.includes(`To: ${email}`) && lines.includes(`Subject: ${subject}`);
  });
}

test("the owner writes, previews, tests and sends an issue: each confirmed subscriber gets it once and can unsubscribe", async ({
  page,
  browser,
  baseURL,
}) => {
  const confirmed = [uniqueEmail("issue-a"), uniqueEmail("issue-b")];
  const waiting = uniqueEmail("issue-waiting");
  for (const email of [...confirmed, waiting]) {
    expect((await page.request.post("/api/newsletter/subscribe", { data: { email } })).status()).toBe(200);
  }
  for (const email of confirmed) {
    await expect.poll(() => outboxMentioning(email).length).toBe(1);
    await page.goto(newsletterLinkIn(outboxMentioning(email)[0]!, "confirm"));
    await expect(page.getByRole("heading", { name: "Subscription confirmed" })).toBeVisible();
  }

  const subject = `Eid edit ${Date.now().toString(36)}`;
  const owner = await ownerAt(browser, baseURL, "/admin/newsletter/issues");
  await expect(owner.getByRole("heading", { name: "Newsletter issues", level: 1 })).toBeVisible();
  await owner.getByLabel("Subject").fill(subject);
  await owner
    .getByLabel("Newsletter (HTML)")
    .fill("<h2>Eid is here</h2><p>Lawn kurtas and <b>leather totes</b>.</p><script>alert(1)</script>");
  await owner.getByRole("button", { name: "Save draft" }).click();
  await expect(owner).toHaveURL(/\/admin\/newsletter\/issues\/\d+\?done=saved$/);
  await expect(owner.getByRole("status")).toHaveText("The draft is saved.");
  const preview = owner.frameLocator('iframe[title="Preview of the newsletter"]');
  await expect(preview.getByRole("heading", { name: "Eid is here" })).toBeVisible();
  await expect(owner.getByLabel("Newsletter (HTML)")).not.toHaveValue(/script/);
  const overflow = await owner.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the issue page scrolls sideways").toBeLessThanOrEqual(0);

  await owner.getByRole("button", { name: "Send test" }).click();
  await expect(owner.getByRole("status")).toContainText("A test copy is on its way to owner-");
  const ownerEmail = /on its way to (\S+)\.$/.exec(
    (await owner.getByRole("status").textContent()) ?? "",
  )?.[1];
  await expect.poll(() => mailsTo(ownerEmail!, `[Test] ${subject}`).length).toBe(1);

  await owner.getByRole("button", { name: "Send to all subscribers" }).click();
  await expect(owner.getByRole("button", { name: "Send to all subscribers" })).toHaveCount(0);
  // The page reloads itself while the issue is sent, until the report.
  await expect(owner.getByRole("heading", { name: "Report" })).toBeVisible({ timeout: 30_000 });
  await expect(owner.getByTestId("issue-failed")).toHaveText("0");

  for (const email of confirmed) {
    await expect.poll(() => mailsTo(email, subject).length).toBe(1);
    const headers = headersOf(mailsTo(email, subject)[0]!);
    expect(headers).toMatch(/^List-Unsubscribe: <http:\/\/\S+\/newsletter\/unsubscribe\?token=\S+>$/m);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(emailText(mailsTo(email, subject)[0]!)).toContain("Lawn kurtas and leather totes.");
  }
  expect(mailsTo(waiting, subject)).toEqual([]);

  // A mail client's one-click unsubscribe: a POST to the List-Unsubscribe address, no page in between.
  const [first, second] = confirmed as [string, string];
  const header = /^List-Unsubscribe: <(\S+)>$/m.exec(headersOf(mailsTo(first, subject)[0]!))![1]!;
  const oneClick = await page.request.post(new URL(header).pathname + new URL(header).search, {
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(oneClick.status()).toBe(200);
  expect(subscriberStatus(first)).toBe("unsubscribed");

  // The link in the mail's text opens a page; its button unsubscribes.
  await page.goto(newsletterLinkIn(mailsTo(second, subject)[0]!, "unsubscribe"));
  expect(subscriberStatus(second)).toBe("confirmed");
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
  expect(subscriberStatus(second)).toBe("unsubscribed");
  await owner.context().close();
});
