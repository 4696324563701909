import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import Database from "better-sqlite3";
import { ADDRESS, DATA_DIR, expect, type Shopper, test, type Variant } from "./fixtures.ts";

// Issue 16, reviews from verified buyers: a shopper who received a product rates and reviews it; the review waits
// for the shop's approval; once approved it shows with the average on the product page and its card. A shopper
// who has not received the product reads why they cannot review it.

const NOT_PURCHASED =
  "Only shoppers who bought this product and have received it can review it. Once an order with this product " +
  "has been delivered to you, you can write a review here.";

/** Sets an order's status in the shop's database, as the back office's order workflow would. */
function setOrderStatus(number: string, status: string) {
  const db = new Database(path.join(DATA_DIR, "shop.sqlite"), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const changed = db.prepare("update orders set status = ? where number = ?").run(status, number);
    expect(changed.changes).toBe(1);
  } finally {
    db.close();
  }
}

/** The shopper buys one of `variant` through the API (signed in) and the order is delivered. */
async function deliveredOrder(request: APIRequestContext, shopper: Shopper, variant: Variant) {
  const login = await request.post("/api/login", {
    data: { email: shopper.email, password: shopper.password },
  });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const added = await request.post("/api/cart/add", {
    headers,
    data: { id: variant.productId, quantity: 1, size: variant.variantId },
  });
  expect(added.status()).toBe(200);
  const placed = await request.post("/api/checkout", {
    headers,
    data: {
      email: shopper.email,
      phone: ADDRESS.phone,
      shipping_address: {
        country: "Pakistan",
        first_name: shopper.firstName,
        last_name: shopper.lastName,
        address: ADDRESS.address,
        address_2: "",
        city: ADDRESS.city,
        postcode: ADDRESS.postcode,
      },
      notes: "",
    },
  });
  expect(placed.status()).toBe(201);
  setOrderStatus((await placed.json()).order.number, "delivered");
}

async function logIn(page: Page, shopper: Shopper, redirect: string) {
  await page.goto(`/user-login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel("Email", { exact: true }).fill(shopper.email);
  await page.getByLabel("Password", { exact: true }).fill(shopper.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.locator(".account-menu summary")).toHaveAttribute(
    "aria-label",
    `Account: ${shopper.firstName}`,
  );
}

/** Clicks the star that stands for `stars` in the review form's rating. */
async function rate(page: Page, stars: number) {
  const radio = page.getByRole("radio", { name: `${stars} star${stars === 1 ? "" : "s"}` });
  await page.locator("label.rating-input__option", { has: radio }).click();
  await expect(radio).toBeChecked();
}

const reviewsTab = (page: Page) => page.getByRole("tab", { name: /^Reviews \(\d+\)$/ });
const reviewsPanel = (page: Page) => page.getByRole("tabpanel", { name: /^Reviews/ });

test("a verified buyer's review waits for approval", async ({ page, request, shopper, variant }) => {
  await deliveredOrder(request, shopper, variant);
  await logIn(page, shopper, `/product/${variant.slug}?tab=reviews`);
  await expect(reviewsTab(page)).toHaveText("Reviews (0)");
  const panel = reviewsPanel(page);
  await expect(panel.getByRole("heading", { name: "Add a Review" })).toBeVisible();
  await expect(panel.getByText("No reviews yet.", { exact: false })).toBeVisible();

  await rate(page, 4);
  await panel.getByLabel(/^Title/).fill("Holds everything");
  await panel
    .getByLabel("Your review")
    .fill("Room for a laptop, lunch and a water bottle.\nThe strap is comfortable.");
  await panel.getByRole("button", { name: "Submit review" }).click();

  await expect(
    panel.getByRole("status").filter({ hasText: "Thank you! Your review has been sent" }),
  ).toBeVisible();
  await expect(panel.getByText("Your review is waiting for the shop's approval.")).toBeVisible();
  await expect(panel.getByRole("heading", { name: "Edit your review" })).toBeVisible();
  // Not shown or counted until the shop approves it.
  await expect(reviewsTab(page)).toHaveText("Reviews (0)");
  await expect(panel.getByRole("article")).toHaveCount(0);
});

test("without JavaScript a verified buyer writes a review and the page opens on it", async ({
  browser,
  request,
  shopper,
  variant,
}) => {
  await deliveredOrder(request, shopper, variant);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await logIn(page, shopper, `/product/${variant.slug}`);
    // The tabs are links: the reviews tab opens the page on the reviews.
    await reviewsTab(page).click();
    await expect(page).toHaveURL(/\?tab=reviews#product-tabs$/);
    const panel = reviewsPanel(page);
    await expect(panel).toBeVisible();
    await panel.getByRole("radio", { name: "5 stars" }).check({ force: true });
    await panel.getByLabel("Your review").fill("Exactly as pictured, well stitched.");
    await panel.getByRole("button", { name: "Submit review" }).click();
    await expect(page).toHaveURL(/\?tab=reviews#write-review$/);
    await expect(panel.getByText("Thank you! Your review has been sent", { exact: false })).toBeVisible();
    await expect(panel.getByText("Your review is waiting for the shop's approval.")).toBeVisible();
  } finally {
    await context.close();
  }
});

test("a shopper who has not received the product reads why they cannot review it", async ({
  page,
  shopper,
  variant,
}) => {
  await logIn(page, shopper, `/product/${variant.slug}?tab=reviews`);
  const panel = reviewsPanel(page);
  await expect(panel.getByText(NOT_PURCHASED)).toBeVisible();
  await expect(panel.getByRole("group", { name: "Your rating" })).toHaveCount(0);
});

test("a guest is asked to log in and comes back to the reviews", async ({ page, shopper, variant }) => {
  await page.goto(`/product/${variant.slug}`);
  await page.getByRole("link", { name: "No reviews yet" }).click();
  const panel = reviewsPanel(page);
  await expect(panel).toBeVisible();
  await panel.getByRole("link", { name: "Log in" }).click();
  await page.getByLabel("Email", { exact: true }).fill(shopper.email);
  await page.getByLabel("Password", { exact: true }).fill(shopper.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${variant.slug}\\?tab=reviews#product-tabs$`));
  await expect(reviewsPanel(page).getByText(NOT_PURCHASED)).toBeVisible();
});
