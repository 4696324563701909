import { expect, type Page, test } from "@playwright/test";

/** The header's main navigation: the menu bar on desktop, the off-canvas menu on phones. */
async function openShopFromNavigation(page: Page, mobile: boolean) {
  if (mobile) {
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Shop", exact: true }).click();
    await expect(menu).toBeHidden();
  } else {
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Shop", exact: true })
      .click();
  }
}

async function chooseFilter(page: Page, group: string, option: string) {
  await page.getByRole("button", { name: "Filter" }).click();
  const panel = page.getByRole("dialog", { name: "Filter products" });
  await expect(panel).toBeVisible();
  await panel.getByRole("region", { name: group }).getByRole("link", { name: option, exact: true }).click();
  await expect(panel).toBeHidden();
}

test("home → shop → filter → product → colour and size → add to cart → mini cart", async ({
  page,
}, testInfo) => {
  const mobile = testInfo.project.name === "mobile";

  await page.goto("/");
  await expect(page.locator("#new-arrival .product-card")).toHaveCount(6);
  await expect(page.locator("#daily-deals .product-card")).toHaveCount(8);
  await expect(page.getByTestId("cart-count")).toHaveText("0");
  // The header sticks once the page is scrolled 200 px or more.
  const bar = page.locator(".site-header__bar");
  await expect(bar).not.toHaveClass(/is-sticky/);
  await page.evaluate(() => window.scrollTo(0, 250));
  await expect(bar).toHaveClass(/is-sticky/);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar).not.toHaveClass(/is-sticky/);

  await openShopFromNavigation(page, mobile);
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByText(/^Showing 1 to 12 of \d+ results$/)).toBeVisible();
  await expect(page.locator(".shop .product-card")).toHaveCount(12);

  await chooseFilter(page, "Categories", "Kurtas");
  await expect(page).toHaveURL(/\/shop\/kurtas$/);
  await expect(page.getByRole("heading", { level: 1, name: "Kurtas" })).toBeVisible();

  await chooseFilter(page, "Colour", "Teal");
  await expect(page).toHaveURL(/\/shop\/kurtas\?color=\d+$/);
  const product = page.locator(".shop .product-card").filter({ hasText: "Classic Cotton Kurta" });
  await expect(product).toHaveCount(1);
  await product.getByRole("link", { name: "Classic Cotton Kurta" }).click();

  await expect(page).toHaveURL(/\/product\/classic-cotton-kurta$/);
  await expect(page.getByRole("heading", { level: 1, name: "Classic Cotton Kurta" })).toBeVisible();
  // The first colour and its first size are chosen for the shopper.
  await expect(page.getByRole("group", { name: /^Colour: Sky Blue/ })).toBeVisible();
  await expect(page.getByTestId("stock")).toContainText(/In Stock, \d+ left\./);

  await page.getByRole("link", { name: "Teal" }).click();
  await expect(page).toHaveURL(/\/product\/classic-cotton-kurta\?color=\d+$/);
  await expect(page.getByRole("group", { name: /^Colour: Teal/ })).toBeVisible();

  await page.getByRole("link", { name: "M", exact: true }).click();
  await expect(page).toHaveURL(/\?color=\d+&size=\d+$/);
  await expect(page.getByRole("group", { name: /^Size: M/ })).toBeVisible();
  const stockText = await page.getByTestId("stock").textContent();
  const stock = Number(stockText?.match(/In Stock, (\d+) left\./)?.[1]);
  expect(stock).toBeGreaterThan(1);

  // The stepper stays within 1..stock.
  const quantity = page.getByRole("spinbutton", { name: "Quantity" });
  await expect(page.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
  await page.getByRole("button", { name: "Increase quantity" }).click();
  await expect(quantity).toHaveValue("2");

  await page.getByRole("button", { name: "Add To Cart" }).click();
  const toast = page.getByText("Your item has been added to the cart!");
  await expect(toast).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("2");

  await page.locator("summary", { has: page.getByTestId("cart-count") }).click();
  const miniCart = page.getByTestId("mini-cart");
  await expect(miniCart).toBeVisible();
  await expect(miniCart.getByRole("link", { name: "Classic Cotton Kurta" })).toBeVisible();
  await expect(miniCart).toContainText("Teal / M");
  await expect(miniCart).toContainText("2 × Rs. 9,499.00");
  await expect(miniCart.getByRole("link", { name: "Checkout" })).toHaveAttribute("href", "/checkout");
  await expect(miniCart.getByRole("link", { name: "View cart" })).toHaveAttribute("href", "/cart");

  // The overlay closes the mini cart.
  await page.getByTestId("dropdown-overlay").click({ position: { x: 10, y: 700 } });
  await expect(miniCart).toBeHidden();

  // The toast closes itself after 5000 ms.
  await expect(toast).toBeHidden({ timeout: 8000 });
});

test("unknown products and paths answer 404 with their messages", async ({ page }) => {
  const product = await page.goto("/product/no-such-product");
  expect(product?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "No Product Found" })).toBeVisible();

  const other = await page.goto("/no/such/page");
  expect(other?.status()).toBe(404);
  await expect(
    page.getByRole("heading", { name: "Sorry, the page you are looking for does not exist" }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Back To Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});
