import { ownerAt } from "./back-office.ts";
import { expect, hydrate, test } from "./fixtures.ts";

/**
 * The blog (issue 35 item 3, docs/decisions/0064-blog.md): the owner writes a post scheduled for the next minute
 * (the form takes Pakistan time to the minute); a shopper does not find it before its time and finds it after, by
 * client-side navigation, with no job run in between; its page shows it (at 390 px too); the owner deletes it.
 */

const MINUTE = 60_000;
const SHOP_OFFSET = 5 * 60 * MINUTE;

test("a post publishes at its time", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const project = test.info().project.name;
  const word = `linenscheduled${project}${Date.now().toString(36)}`;
  const title = `Linen for the Lahore heat (${project})`;

  const owner = await ownerAt(browser, baseURL, "/admin/posts");
  await owner.getByRole("link", { name: "Write a post" }).click();
  await expect(owner.getByRole("heading", { name: "Write a post" })).toBeVisible();
  // The next whole minute at least 15 seconds away: the time the post goes public.
  const publishAt = Math.ceil((Date.now() + 15_000) / MINUTE) * MINUTE;
  await owner.getByLabel("Title").fill(title);
  await owner
    .getByLabel("Body (HTML)")
    .fill(`<h2>Breathe easy</h2><p>Loose ${word} kurtas and a light tote.</p><script>alert(1)</script>`);
  await owner.getByLabel("Category").fill("Summer notes");
  await owner.getByLabel("Tags").fill("Linen, Summer");
  await owner.getByLabel("Status").selectOption("published");
  await owner
    .getByLabel("Publish at (Pakistan time)")
    .fill(new Date(publishAt + SHOP_OFFSET).toISOString().slice(0, 16));
  await owner.getByRole("button", { name: "Save post" }).click();
  await expect(owner.getByText("The post is saved.")).toBeVisible();
  await expect(owner.getByText("Scheduled", { exact: true })).toBeVisible();
  const postPage = owner.url();
  const address = `/blogs/${await owner.getByLabel("Address").inputValue()}`;

  // Before its time: not in the list, not at its address.
  await page.goto(`/blogs?search=${word}`);
  await expect(page.getByText("No posts found")).toBeVisible();
  await expect(page.getByTestId("blog-card")).toHaveCount(0);
  const early = await page.request.get(address);
  expect(Date.now() < publishAt, "still before the publish time").toBe(true);
  expect(early.status()).toBe(404);

  // After it: the same search, sent by the page's own form (a client-side navigation), finds it.
  await page.goto(`/blogs?search=${word}`);
  await hydrate(page);
  await page.evaluate(() => {
    (window as { stayed?: boolean }).stayed = true;
  });
  await page.waitForTimeout(Math.max(0, publishAt - Date.now() + 1_000));
  const sidebar = page.getByRole("complementary", { name: "Blog filters" });
  await sidebar.getByRole("button", { name: "Search" }).click();
  const card = page.getByTestId("blog-card");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(title);
  await expect(card).toContainText("Summer notes");

  await card.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(address);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Breathe easy" })).toBeVisible();
  await expect(page.getByText(`Loose ${word} kurtas and a light tote.`)).toBeVisible();
  await expect(page.getByRole("list", { name: "Tags" })).toContainText("linen");
  expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the post's page scrolls sideways").toBeLessThanOrEqual(0);

  // Its own page, loaded afresh, carries the article's structured data.
  await page.reload();
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd).toMatchObject({ "@type": "Article", headline: title, datePublished: expect.any(String) });
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");

  // The owner deletes it, after confirming; its address is gone.
  await owner.goto(postPage);
  await owner.getByRole("link", { name: "Delete post" }).click();
  await owner.getByRole("button", { name: "Delete for good" }).click();
  await expect(owner.getByText("The post was deleted.")).toBeVisible();
  expect((await page.request.get(address)).status()).toBe(404);
});
