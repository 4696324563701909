import type { Page } from "@playwright/test";
import { expect, hydrate, test } from "./fixtures.ts";
import { oneColourProduct } from "./products.ts";

/**
 * Once the page's JavaScript runs, the hearts stop naming their page for the no-JavaScript redirect: the sign
 * that a click now goes through a fetcher (optimistic, with a toast).
 */
async function hydrated(page: Page) {
  await hydrate(page);
  await expect(page.locator(".wishlist-toggle").first()).toBeVisible();
  await expect(page.locator('.wishlist-toggle input[name="back"]')).toHaveCount(0);
}

const toast = (page: Page, text: string) => page.locator(".toast").filter({ hasText: text });
const heart = (page: Page, action: "Add to" | "Remove from", title: string) =>
  page.getByRole("button", { name: `${action} wishlist: ${title}`, exact: true });
const shopSearch = (title: string) => `/shop?search=${encodeURIComponent(title)}`;

test("a guest saves from the listing and the product page; the count follows; the wishlist adds to cart and removes", async ({
  page,
  claimVariants,
}) => {
  const [first, second] = await claimVariants({ count: 2, minStock: 3 });
  if (!first || !second) throw new Error("no variants");

  await page.goto(shopSearch(first.title));
  await hydrated(page);
  await expect(page.getByTestId("wishlist-count")).toHaveText("0");
  await expect(heart(page, "Add to", first.title)).toHaveAttribute("aria-pressed", "false");
  await heart(page, "Add to", first.title).click();
  await expect(heart(page, "Remove from", first.title)).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("wishlist-count")).toHaveText("1");
  await expect(toast(page, "Your item has been added to the wishlist!")).toBeVisible();

  await page.goto(`/product/${second.slug}`);
  await hydrated(page);
  await heart(page, "Add to", second.title).click();
  await expect(heart(page, "Remove from", second.title)).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("wishlist-count")).toHaveText("2");
  await expect(toast(page, "Your item has been added to the wishlist!")).toBeVisible();

  await page.getByRole("link", { name: "Wishlist, 2 items" }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  const rows = page.getByTestId("wishlist-item");
  await expect(rows).toHaveCount(2);
  // Newest first.
  await expect(rows.first()).toContainText(second.title);
  const row = rows.filter({ hasText: first.title });
  await expect(row.getByTestId("wishlist-stock")).toContainText("In Stock");

  // Choose the claimed colour and size and put it in the cart from here.
  const chooser = row.getByLabel("Colour and size");
  if ((await chooser.count()) > 0) await chooser.selectOption(String(first.variantId));
  await expect(row.getByTestId("wishlist-stock")).toHaveText(`In Stock, ${first.stock} left.`);
  await expect(row).toContainText(`Rs. ${first.price}`);
  await row.getByRole("button", { name: "Add To Cart" }).click();
  await expect(toast(page, "Your item has been added to the cart!")).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  const cart = await (await page.request.get("/api/cart")).json();
  expect(
    cart.cart.map((line: { attributes: { variation_id: number } }) => line.attributes.variation_id),
  ).toEqual([first.variantId]);

  await page.getByRole("button", { name: `Remove ${first.title} from wishlist` }).click();
  await expect(rows).toHaveCount(1);
  await expect(toast(page, "Item Removed From Wishlist Successfully!")).toBeVisible();
  await expect(page.getByTestId("wishlist-count")).toHaveText("1");
  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(second.title);

  // Back on the listing the heart shows what the wishlist holds.
  await page.goto(shopSearch(first.title));
  await expect(heart(page, "Add to", first.title)).toHaveAttribute("aria-pressed", "false");
});

test("a save that fails rolls the heart and the count back with the spec's message; a slow one shows at once", async ({
  page,
  variant,
}) => {
  await page.goto(`/product/${variant.slug}`);
  await hydrated(page);
  const failOnce = async (answer: "abort" | "html500" | "slow") => {
    let used = false;
    await page.route(
      (url) => url.pathname === "/wishlist.data",
      async (route) => {
        if (used || route.request().method() !== "POST") return route.fallback();
        used = true;
        if (answer === "abort") return route.abort("connectionrefused");
        if (answer === "html500") {
          return route.fulfill({
            status: 500,
            contentType: "text/html",
            body: "<h1>500 Internal Server Error</h1>",
          });
        }
        await new Promise((resolve) => setTimeout(resolve, 1500));
        return route.fallback();
      },
    );
  };
  for (const [answer, message] of [
    ["abort", "Failed to connect to server. Please try again."],
    ["html500", "Something went wrong"],
  ] as const) {
    await failOnce(answer);
    await heart(page, "Add to", variant.title).click();
    await expect(toast(page, message)).toBeVisible();
    await expect(heart(page, "Add to", variant.title)).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByTestId("wishlist-count")).toHaveText("0");
    await page.unrouteAll();
  }
  await failOnce("slow");
  await heart(page, "Add to", variant.title).click();
  await expect(heart(page, "Remove from", variant.title)).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("wishlist-count")).toHaveText("1");
  await expect(toast(page, "Your item has been added to the wishlist!")).toBeVisible();
  expect((await (await page.request.get("/api/wishlist/ids")).json()).count).toBe(1);
});

test("a sold-out product can be saved and is marked on the wishlist, with nothing to add to the cart", async ({
  page,
}) => {
  const soldOut = await oneColourProduct("Sold Out Test Weekender", 0);
  await page.goto(`/product/${soldOut.slug}`);
  await expect(page.getByTestId("stock")).toHaveText("Out Of Stock");
  await hydrated(page);
  await heart(page, "Add to", soldOut.title).click();
  await expect(page.getByTestId("wishlist-count")).toHaveText("1");
  await expect(toast(page, "Your item has been added to the wishlist!")).toBeVisible();
  await page.goto("/wishlist");
  const row = page.getByTestId("wishlist-item");
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("wishlist-stock")).toHaveText("Sold out");
  await expect(row.getByRole("button", { name: "Add To Cart" })).toBeDisabled();
  await expect(row.getByLabel("Colour and size")).toBeDisabled();
});

test("signing in merges the guest's saved products into the account's wishlist", async ({
  page,
  request,
  shopper,
  claimVariants,
}) => {
  const [onAccount, asGuest] = await claimVariants({ count: 2, minStock: 1 });
  if (!onAccount || !asGuest) throw new Error("no variants");
  const login = await request.post("/api/login", {
    data: { email: shopper.email, password: shopper.password },
  });
  const { token } = await login.json();
  const saved = await request.post("/api/wishlist/add", {
    data: { id: onAccount.productId },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(saved.status()).toBe(200);

  await page.goto(`/product/${asGuest.slug}`);
  await hydrated(page);
  await heart(page, "Add to", asGuest.title).click();
  await expect(page.getByTestId("wishlist-count")).toHaveText("1");
  await expect(toast(page, "Your item has been added to the wishlist!")).toBeVisible();

  await page.goto("/user-login?redirect=%2Fwishlist");
  await page.getByLabel("Email", { exact: true }).fill(shopper.email);
  await page.getByLabel("Password", { exact: true }).fill(shopper.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByTestId("wishlist-count")).toHaveText("2");
  const rows = page.getByTestId("wishlist-item");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: onAccount.title })).toHaveCount(1);
  await expect(rows.filter({ hasText: asGuest.title })).toHaveCount(1);
  // The guest's cookie is gone: the saved products are the account's now.
  const cookies = await page.context().cookies();
  expect(cookies.map((cookie) => cookie.name)).not.toContain("wishlist_key");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the heart is a form that saves or removes and comes back to the page; the wishlist page's forms work", async ({
    page,
    variant,
  }) => {
    await page.goto(shopSearch(variant.title));
    await heart(page, "Add to", variant.title).click();
    // Back on the same listing (its query written the way forms write it).
    await expect(page).toHaveURL(/\/shop\?search=/);
    expect(new URL(page.url()).searchParams.get("search")).toBe(variant.title);
    await expect(heart(page, "Remove from", variant.title)).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("link", { name: "Wishlist, 1 item" })).toBeVisible();

    await page.goto(`/product/${variant.slug}`);
    await heart(page, "Remove from", variant.title).click();
    await expect(page).toHaveURL(new RegExp(`/product/${variant.slug}$`));
    await expect(heart(page, "Add to", variant.title)).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByRole("link", { name: "Wishlist, 0 items" })).toBeVisible();
    await heart(page, "Add to", variant.title).click();

    await page.goto("/wishlist");
    const row = page.getByTestId("wishlist-item");
    await expect(row).toHaveCount(1);
    const chooser = row.getByLabel("Colour and size");
    if ((await chooser.count()) > 0) await chooser.selectOption(String(variant.variantId));
    await row.getByRole("button", { name: "Add To Cart" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Your item has been added to the cart!" }),
    ).toBeVisible();
    await expect(page.getByTestId("cart-count")).toHaveText("1");

    await page.getByRole("button", { name: `Remove ${variant.title} from wishlist` }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Item Removed From Wishlist Successfully!" }),
    ).toBeVisible();
    await expect(page.getByText("Your wishlist is empty")).toBeVisible();
    await expect(page.getByRole("link", { name: "Wishlist, 0 items" })).toBeVisible();
  });
});

test("a heart pressed just before a full navigation is saved: the wishlist shows it", async ({
  page,
  claimVariants,
}) => {
  const [variant] = await claimVariants({ count: 1 });
  if (!variant) throw new Error("no variant");
  await page.goto(shopSearch(variant.title));
  await hydrated(page);
  await heart(page, "Add to", variant.title).click();
  // The heart shows the choice at once; the header's count says "saved" only once the server has it (before,
  // it said so while React Router was still loading the wishlist route's code, and this navigation lost it).
  await expect(heart(page, "Remove from", variant.title)).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("wishlist-count")).toHaveText("1");
  await page.goto("/wishlist");
  await expect(page.getByTestId("wishlist-item").filter({ hasText: variant.title })).toHaveCount(1);
  await expect(page.getByTestId("wishlist-count")).toHaveText("1");
});
