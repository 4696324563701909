import type { Page, Response } from "@playwright/test";
import { addToCart, expect, hydrate, test, type Variant } from "./fixtures.ts";

// A guest with a cart gets the public pages the shop keeps, with their cart spliced in (decision 0033, "A guest
// with a cart"): the header's count and mini cart must be theirs, the page must hydrate from the same cart
// without a mismatch, and a later change must show.

/** Hydration mismatches (and any uncaught error) the page reports while the test runs. */
function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    // React's hydration errors: in a production build they are minified (#418, #423, #425).
    if (/hydrat|did not match|#41[89]|#42[35]/i.test(text)) problems.push(text);
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

async function productUrl(page: Page, variant: Variant) {
  const detail = await (await page.request.get(`/api/product/${variant.slug}`)).json();
  const color = (detail.colors as { color_id: number; color_name: string }[]).find(
    (item) => item.color_name === variant.colorName,
  );
  return `/product/${variant.slug}?color=${color?.color_id}&size=${variant.variantId}`;
}

/** The mini cart as the header shows it: its count, and (opened) its heading. */
async function expectCart(page: Page, count: number) {
  const label = count === 1 ? "1 item" : `${count} items`;
  await expect(page.getByTestId("cart-count")).toHaveText(String(count));
  await expect(page.getByLabel(`Cart, ${label}`)).toBeAttached();
}

const served = (response: Response | null) => response?.headers()["x-cache"];

test("a guest with a cart gets kept pages with their cart, hydrates without a mismatch, and sees changes", async ({
  page,
  claimVariants,
}) => {
  const [first, second] = await claimVariants({ count: 2, minStock: 12 });
  if (!first || !second) throw new Error("no variants");
  const problems = watchHydration(page);
  await addToCart(page, first, 11);

  // A full load of each page: the kept page with this guest's cart in it.
  for (const path of ["/", "/shop", `/product/${second.slug}`]) {
    const response = await page.goto(path);
    expect(served(response), path).toBe("splice");
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expectCart(page, 11);
  }

  // The mini cart (before the page's JavaScript runs: a plain <details>) lists the line.
  await page.goto("/");
  await page.locator("details.mini-cart > summary").click();
  const miniCart = page.getByTestId("mini-cart");
  await expect(miniCart).toContainText(first.title);
  await expect(miniCart).toContainText("11 ×");
  await expect(miniCart).toContainText("Your cart (11 items)");
  await page.keyboard.press("Escape");

  // Hydrated from the same cart: no mismatch, the same count.
  await page.goto(await productUrl(page, second));
  await hydrate(page);
  await expectCart(page, 11);

  // Adding another item through the hydrated page updates the header (the root loader revalidates).
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await expect(page.getByText("Your item has been added to the cart!")).toBeVisible();
  await expectCart(page, 12);

  // Client-side navigation keeps the cart; so do full loads.
  await page.locator("a.logo").click();
  await expect(page).toHaveURL(/\/$/);
  await expectCart(page, 12);
  const home = await page.goto("/");
  expect(served(home)).toBe("splice");
  await expectCart(page, 12);
  await hydrate(page);
  await page.locator("details.mini-cart > summary").click();
  await expect(page.getByTestId("mini-cart")).toContainText(second.title);
  await expect(page.getByTestId("mini-cart")).toContainText("Your cart (12 items)");

  expect(problems).toEqual([]);
});

test("a signed-in shopper gets kept pages with their name, cart and saved hearts, and hydrates without a mismatch", async ({
  page,
  shopper,
  claimVariants,
}) => {
  const [first, second] = await claimVariants({ count: 2, minStock: 3 });
  if (!first || !second) throw new Error("no variants");
  const problems = watchHydration(page);
  await page.goto("/user-login");
  await page.getByLabel("Email", { exact: true }).fill(shopper.email);
  await page.getByLabel("Password", { exact: true }).fill(shopper.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).not.toHaveURL(/user-login/);
  // Through the shop's own pages, as a signed-in shopper does (the API alone would take them for a guest and
  // give them a guest cart's cookie).
  await page.goto(await productUrl(page, first));
  for (const count of [1, 2]) {
    await page.getByRole("button", { name: "Add To Cart" }).click();
    await expectCart(page, count);
  }
  await page.goto(`/product/${second.slug}`);
  await page.getByRole("button", { name: `Add to wishlist: ${second.title}`, exact: true }).click();
  await expect(page.getByTestId("wishlist-count")).toHaveText("1");
  expect((await page.context().cookies()).map((cookie) => cookie.name)).toEqual(["shop_session"]);

  const response = await page.goto(`/product/${second.slug}`);
  expect(served(response)).toBe("splice");
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByLabel(`Account: ${shopper.firstName}`)).toBeAttached();
  await expectCart(page, 2);
  await expect(page.getByTestId("wishlist-count")).toHaveText("1");
  const saved = page.getByRole("button", { name: `Remove from wishlist: ${second.title}`, exact: true });
  await expect(saved.first()).toHaveAttribute("aria-pressed", "true");

  // Hydrated from the same data: no mismatch, the same name, counts and heart.
  await hydrate(page);
  await expect(page.getByLabel(`Account: ${shopper.firstName}`)).toBeAttached();
  await expectCart(page, 2);
  await expect(page.getByTestId("wishlist-count")).toHaveText("1");
  await expect(saved.first()).toHaveAttribute("aria-pressed", "true");
  expect(problems).toEqual([]);
});
