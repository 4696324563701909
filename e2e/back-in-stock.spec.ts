import type { Browser, Page } from "@playwright/test";
import { makeStaff, signIn } from "./back-office.ts";
import {
  emailText,
  expect,
  hydrate,
  outboxMentioning,
  type Shopper,
  test,
  uniqueEmail,
  type Variant,
} from "./fixtures.ts";

/**
 * "Notify me when it's back" (issue 35 item 5, docs/decisions/0061-back-in-stock.md): staff sell a variant out, a
 * shopper asks to be told on the product page, staff restock it in the back office, and the shopper's mail is
 * sent once, naming the product, colour and size and linking to the page with them chosen.
 */

/** A browser of its own at the project's screen size, signed in to the back office as `staff`. */
async function staffAt(browser: Browser, staff: Shopper, path: string): Promise<Page> {
  const { viewport, isMobile, hasTouch, baseURL } = test.info().project.use;
  const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch });
  const page = await context.newPage();
  makeStaff(staff);
  await signIn(page, staff, path);
  await expect(page.getByRole("button", { name: "Save changes" })).toBeVisible();
  return page;
}

async function setStock(page: Page, variant: Variant, stock: number) {
  await page.getByLabel(`${variant.colorName}, ${variant.sizeName}: stock`).fill(String(stock));
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Your changes were saved.")).toBeVisible();
}

test("a shopper asks to be told when a sold-out size is back; staff restock it and the mail goes out once", async ({
  page,
  browser,
  claimVariants,
  shopper: staff,
}) => {
  const [variant] = await claimVariants({ minStock: 1 });
  if (!variant) throw new Error("no variant");
  const product = await (await page.request.get(`/api/product/${variant.slug}`)).json();
  const color = (product.colors as { color_id: number; color_name: string }[]).find(
    (each) => each.color_name === variant.colorName,
  );
  const productPath = `/product/${variant.slug}?color=${color?.color_id}&size=${variant.variantId}`;

  const back = await staffAt(browser, staff, `/admin/products/${variant.productId}`);
  await setStock(back, variant, 0);

  await page.goto(productPath);
  await expect(page.getByTestId("stock")).toHaveText("Out Of Stock");
  const form = page.getByTestId("stock-alert");
  await expect(form.getByRole("heading", { name: "Notify me when it's back" })).toBeVisible();
  await expect(form.getByLabel("Email address")).toHaveValue("");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the product page scrolls sideways").toBeLessThanOrEqual(0);

  // With JavaScript: the request goes through a fetcher, and the page is never reloaded.
  await hydrate(page);
  await page.evaluate(() => {
    (window as unknown as { samePage: boolean }).samePage = true;
  });
  const email = uniqueEmail("waiting");
  await form.getByLabel("Email address").fill(email);
  // A request that gets no answer says so and keeps the address typed.
  await page.route(/\/product\/[^?]*\.data/, (route) =>
    route.request().method() === "POST" ? route.abort() : route.continue(),
  );
  await form.getByRole("button", { name: "Notify me" }).click();
  await expect(form.getByRole("status")).toHaveText("Failed to connect to server. Please try again.");
  await expect(form.getByLabel("Email address")).toHaveValue(email);
  await page.unrouteAll();
  await form.getByRole("button", { name: "Notify me" }).click();
  await expect(form.getByRole("status")).toHaveText(
    "Thank you! We will email you once, as soon as this colour and size is back in stock.",
  );
  // Asking again is the same answer, and still one alert.
  await form.getByRole("button", { name: "Notify me" }).click();
  await expect(form.getByRole("status")).toHaveText(/We will email you once/);
  await expect(page).toHaveURL(productPath);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);

  await back.reload();
  await setStock(back, variant, 3);
  await back.goto("/admin");
  await expect(back.getByRole("heading", { name: "Most wanted, sold out" })).toBeVisible();

  // The sweep and the mail worker run in the background: moments on a quiet machine, longer on a busy CI one.
  await expect.poll(() => outboxMentioning(email).length, { timeout: 30_000 }).toBe(1);
  const text = emailText(outboxMentioning(email)[0]!);
  expect(text).toContain(
    `${variant.title} in ${variant.colorName}, size ${variant.sizeName} is back in stock`,
  );
  expect(text).toContain(productPath);
  expect(text).toContain("this is the only email about it");
  await back.context().close();
});
