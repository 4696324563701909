import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import Database from "better-sqlite3";
import { ADDRESS, DATA_DIR, expect, type Shopper, test } from "./fixtures.ts";
import { soldOutFirstColourProduct } from "./products.ts";

// Issue 16, reviews from verified buyers: a shopper who received a product rates and reviews it; the review waits
// for the shop's approval; once approved it shows with the average on the product page and its card. A shopper
// who has not received the product reads why they cannot review it.

const NOT_PURCHASED =
  "Only shoppers who bought this product and have received it can review it. Once an order with this product " +
  "has been delivered to you, you can write a review here.";

/** Runs one write on the shop's database, as the back office would make it; answers the rows it changed. */
function writeDatabase(statement: string, ...values: string[]): number {
  const db = new Database(path.join(DATA_DIR, "shop.sqlite"), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    return db.prepare(statement).run(...values).changes;
  } finally {
    db.close();
  }
}

interface Reviewable {
  productId: number;
  slug: string;
  title: string;
  /** A size in stock, to buy. */
  variantId: number;
}

/** A product of this test's own (no other test reviews it), in stock. */
async function reviewableProduct(request: APIRequestContext, label: string): Promise<Reviewable> {
  const product = await soldOutFirstColourProduct(label);
  const detail = await (await request.get(`/api/product/${product.slug}`)).json();
  return {
    productId: product.id,
    slug: product.slug,
    title: product.title,
    variantId: detail.default_variation_id,
  };
}

/** The shopper buys one of `product` through the API (signed in) and the order is delivered. */
async function deliveredOrder(request: APIRequestContext, shopper: Shopper, product: Reviewable) {
  const login = await request.post("/api/login", {
    data: { email: shopper.email, password: shopper.password },
  });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const added = await request.post("/api/cart/add", {
    headers,
    data: { id: product.productId, quantity: 1, size: product.variantId },
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
  const number = (await placed.json()).order.number;
  expect(writeDatabase("update orders set status = 'delivered' where number = ?", number)).toBe(1);
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

test("a verified buyer's review waits for approval, and once the owner approves it shows with the average", async ({
  browser,
  page,
  request,
  shopper,
}) => {
  const product = await reviewableProduct(request, "Reviewed");
  await deliveredOrder(request, shopper, product);
  await logIn(page, shopper, `/product/${product.slug}?tab=reviews`);
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

  // The owner approves it in the back office.
  const owner = { ...shopper, email: `owner-${shopper.email}`, firstName: "Owner" };
  const registered = await request.post("/api/register", {
    data: {
      first_name: owner.firstName,
      last_name: "Shop",
      email: owner.email,
      password: owner.password,
      password_confirmation: owner.password,
    },
  });
  expect(registered.status()).toBe(201);
  expect(writeDatabase("update users set role = 'owner' where email = ?", owner.email)).toBe(1);
  const ownerContext = await browser.newContext();
  const backOffice = await ownerContext.newPage();
  try {
    await backOffice.goto(`/user-login?redirect=${encodeURIComponent("/admin/reviews")}`);
    await backOffice.getByLabel("Email", { exact: true }).fill(owner.email);
    await backOffice.getByLabel("Password", { exact: true }).fill(owner.password);
    await backOffice.getByRole("button", { name: "Login" }).click();
    await expect(backOffice.getByRole("heading", { level: 1, name: "Reviews" })).toBeVisible();
    const card = backOffice.getByRole("article").filter({ hasText: product.title });
    await expect(card.getByText("Room for a laptop", { exact: false })).toBeVisible();
    await card.getByRole("button", { name: `Approve the review by Bilal A. of ${product.title}` }).click();
    await expect(backOffice.getByText(`Approved the review by Bilal A. of ${product.title}.`)).toBeVisible();
    await expect(backOffice.getByRole("article").filter({ hasText: product.title })).toHaveCount(0);
  } finally {
    await ownerContext.close();
  }

  // Everyone sees it now, with the average: the product page, its structured data and its card.
  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole("link", { name: "4 out of 5, 1 review" })).toBeVisible();
  await reviewsTab(page).click();
  await expect(reviewsTab(page)).toHaveText("Reviews (1)");
  await expect(panel.getByRole("img", { name: "4 out of 5, 1 review" })).toBeVisible();
  const review = panel.getByRole("article");
  await expect(review.getByRole("heading", { name: "Holds everything" })).toBeVisible();
  await expect(review.getByText("Bilal A.")).toBeVisible();
  await expect(review.getByText("Verified buyer")).toBeVisible();
  const structured = await page.locator('script[type="application/ld+json"]').allTextContents();
  const productLd = structured.map((text) => JSON.parse(text)).find((data) => data["@type"] === "Product");
  expect(productLd.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });

  await page.goto(`/shop?search=${encodeURIComponent(product.title)}`);
  const card = page.locator(".product-card").filter({ hasText: product.title });
  await expect(card.getByRole("img", { name: "4 out of 5, 1 review" })).toBeVisible();
});

test("without JavaScript a verified buyer writes a review and the page opens on it", async ({
  browser,
  request,
  shopper,
}) => {
  const product = await reviewableProduct(request, "Unscripted");
  await deliveredOrder(request, shopper, product);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await logIn(page, shopper, `/product/${product.slug}`);
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
  request,
  shopper,
}) => {
  const product = await reviewableProduct(request, "Unbought");
  await logIn(page, shopper, `/product/${product.slug}?tab=reviews`);
  const panel = reviewsPanel(page);
  await expect(panel.getByText(NOT_PURCHASED)).toBeVisible();
  await expect(panel.getByRole("group", { name: "Your rating" })).toHaveCount(0);
});

test("a guest is asked to log in and comes back to the reviews", async ({ page, request, shopper }) => {
  const product = await reviewableProduct(request, "Guest");
  await page.goto(`/product/${product.slug}`);
  await page.getByRole("link", { name: "No reviews yet" }).click();
  const panel = reviewsPanel(page);
  await expect(panel).toBeVisible();
  await panel.getByRole("link", { name: "Log in" }).click();
  await page.getByLabel("Email", { exact: true }).fill(shopper.email);
  await page.getByLabel("Password", { exact: true }).fill(shopper.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.slug}\\?tab=reviews#product-tabs$`));
  await expect(reviewsPanel(page).getByText(NOT_PURCHASED)).toBeVisible();
});
