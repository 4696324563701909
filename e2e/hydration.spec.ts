import type { Page, Request } from "@playwright/test";
import { expect, hydrate, test, type Variant } from "./fixtures.ts";

// Pages load no JavaScript file until the shopper's first interaction, and keep what the shopper does before
// the page has hydrated (decision 0028).

// The service worker's own fetches (it keeps a copy of /offline and its scripts) are not the page's.
test.use({ serviceWorkers: "block" });

/** Every JavaScript file the page requests from now on. */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request: Request) => {
    if (request.resourceType() === "script" || new URL(request.url()).pathname.endsWith(".js")) {
      scripts.push(new URL(request.url()).pathname);
    }
  });
  return scripts;
}

async function productUrl(page: Page, variant: Variant) {
  const detail = await (await page.request.get(`/api/product/${variant.slug}`)).json();
  const color = (detail.colors as { color_id: number; color_name: string }[]).find(
    (item) => item.color_name === variant.colorName,
  );
  return `/product/${variant.slug}?color=${color?.color_id}&size=${variant.variantId}`;
}

/** The application's files arrive `ms` late, so what the test does happens before the page has hydrated. */
async function slowScripts(page: Page, ms: number) {
  await page.route("**/assets/*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

const isHydrated = (page: Page) => page.evaluate(() => document.documentElement.classList.contains("js"));

test("home, shop, a product and the cart request no script before the first interaction, and hydrate on it", async ({
  context,
  cartWithItem: variant,
}) => {
  for (const path of ["/", "/shop", `/product/${variant.slug}`, "/cart"]) {
    // A page of its own each time, so nothing the previous page fetched once hydrated is counted.
    const page = await context.newPage();
    const scripts = watchScripts(page);
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(scripts, path).toEqual([]);
    expect(await isHydrated(page)).toBe(false);

    await hydrate(page);
    expect(scripts.length, path).toBeGreaterThan(0);
    await page.close();
  }
});

test("Add To Cart pressed before the page hydrates adds exactly one, once, through the hydrated page", async ({
  page,
  variant,
}) => {
  const url = await productUrl(page, variant);
  await slowScripts(page, 800);
  await page.goto(url);
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  const button = page.getByRole("button", { name: "Add To Cart" });
  // Pressed twice while the page's JavaScript is on its way: the second press is dropped, not sent again.
  await button.click();
  expect(await isHydrated(page)).toBe(false);
  await expect(page.locator("form.add-to-cart")).toHaveAttribute("aria-busy", "true");
  await button.click({ force: true });
  await expect(page.getByText("Your item has been added to the cart!")).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  // Through the hydrated page (a fetcher), not a plain post: the page stayed.
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

  const cart = await (await page.request.get("/api/cart")).json();
  expect(cart.cart).toHaveLength(1);
  expect(cart.quantity).toBe(1);
});

test("the quantity stepper pressed before the page hydrates counts: + then Add To Cart adds two", async ({
  page,
  variant,
}) => {
  const url = await productUrl(page, variant);
  await slowScripts(page, 800);
  await page.goto(url);
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await page.getByRole("button", { name: "Add To Cart" }).click();
  expect(await isHydrated(page)).toBe(false);
  await expect(page.getByText("Your item has been added to the cart!")).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  const cart = await (await page.request.get("/api/cart")).json();
  expect(cart.cart).toHaveLength(1);
  expect(cart.quantity).toBe(2);
});

test("after the first interaction, links navigate on the client; Back returns", async ({
  page,
  isMobile,
}) => {
  await page.goto("/");
  await hydrate(page);
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  if (isMobile) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Shop", exact: true }).click();
  } else {
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Shop", exact: true })
      .click();
  }
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByText(/^Showing 1 to \d+ of \d+ results$/)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test("a link pressed before the page hydrates loads the next page at once, as without JavaScript", async ({
  page,
}) => {
  await slowScripts(page, 5_000);
  await page.goto("/about");
  await page.locator("footer").getByRole("link", { name: "Contact us" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("phone menu: opened from a cold page, it stays open when the page hydrates and then closes", async ({
  page,
  isMobile,
}) => {
  test.skip(!isMobile, "the menu button shows below 992 px");
  await slowScripts(page, 800);
  await page.goto("/shop");
  await page.getByRole("link", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  await expect(page.locator("html")).toHaveClass(/\bjs\b/);
  await expect(menu).toBeVisible();
  await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "true");
  await menu.getByRole("button", { name: "Close menu" }).click();
  await expect(menu).toBeHidden();
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(menu).toBeVisible();
});

test("header search: text typed before the page hydrates is kept and gets suggestions", async ({
  page,
  isMobile,
}) => {
  await slowScripts(page, 800);
  await page.goto("/about");
  if (isMobile) await page.locator(".site-header__bar").getByRole("link", { name: "Search" }).click();
  const box = page.getByRole("combobox", { name: "Search products" });
  await box.click();
  await box.pressSequentially("kurta", { delay: 20 });
  expect(await isHydrated(page)).toBe(false);
  await expect(page.locator("html")).toHaveClass(/\bjs\b/);
  await expect(box).toHaveValue("kurta");
  await expect(box).toBeVisible();
  const listbox = page.getByRole("listbox", { name: "Search suggestions" });
  await expect(listbox.getByRole("option", { name: /Classic Cotton Kurta/ })).toBeVisible();
  await box.press("Enter");
  await expect(page).toHaveURL(/\/shop\?search=kurta$/);
});
