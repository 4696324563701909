import type { APIRequestContext, Page } from "@playwright/test";
import { ownerAt } from "./back-office.ts";
import { ADDRESS, addToCart, expect, stockOf, test, uniqueEmail, type Variant } from "./fixtures.ts";

/**
 * The back office's returns (docs/decisions/0054-returns.md), end to end at 1280 and 390 px: a guest's delivered
 * order of two items is returned for store credit through the API (as the shopper's returns page would), with a
 * photo; staff find it under "New", approve it (the customer sends it), record one item back in stock and the
 * other written off, and settle it with a store-credit code; it is then under "Closed", and the report counts
 * its product.
 */

/** A 1×1 PNG: the customer's photo of the item. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** A cash-on-delivery order of one of each variant, placed through the API; its number and access token. */
async function placeOrder(page: Page, variants: Variant[]) {
  for (const variant of variants) await addToCart(page, variant, 1);
  const placed = await page.request.post("/api/checkout", {
    data: {
      email: uniqueEmail("returns"),
      phone: ADDRESS.phone,
      shipping_address: {
        country: "Pakistan",
        first_name: "Ayesha",
        last_name: "Khan",
        address: ADDRESS.address,
        city: ADDRESS.city,
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order, access_token: token } = await placed.json();
  return { number: order.number as string, token: token as string };
}

/** The back office moves the order on to delivered, as staff would from its page. */
async function deliver(staff: APIRequestContext, number: string) {
  const path = `/api/admin/orders/${number}`;
  const confirmed = await staff.post(`${path}/confirm`, { data: { note: "" } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  for (const status of ["processing", "shipped", "delivered"]) {
    const moved = await staff.patch(path, { data: { status, note: "" } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("staff approve, receive (one item restocked, one written off) and settle a store-credit return", async ({
  page,
  browser,
  baseURL,
  claimVariants,
}, info) => {
  const [kept, spoilt] = await claimVariants({ count: 2 });
  if (!kept || !spoilt) throw new Error("two variants");
  const { number, token } = await placeOrder(page, [kept, spoilt]);
  const owner = await ownerAt(browser, baseURL, "/admin/returns");
  await deliver(owner.request, number);

  // The customer asks to return both for store credit, the wrong size, with a photo.
  const overview = await page.request.get(`/api/orders/${number}/returns?token=${encodeURIComponent(token)}`);
  expect(overview.status(), await overview.text()).toBe(200);
  const lines = ((await overview.json()).items as { order_item_id: number }[]).map((item) => ({
    order_item_id: item.order_item_id,
    quantity: 1,
  }));
  const asked = await page.request.post(`/api/orders/${number}/returns`, {
    multipart: {
      token,
      items: JSON.stringify(lines),
      reason: "wrong_size",
      reason_text: "Both run small.",
      resolution: "credit",
      photos: { name: "tag.png", mimeType: "image/png", buffer: PNG },
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const returnNumber: string = (await asked.json()).number;

  // Staff find it under "New".
  await owner.goto("/admin/returns?status=new");
  await expect(owner.getByRole("link", { name: /^New \(\d+\)$/ })).toHaveAttribute("aria-current", "page");
  const row = owner.getByTestId("admin-return-row").filter({ hasText: returnNumber });
  await expect(row).toContainText("Ayesha Khan");
  await expect(row).toContainText("Store credit");
  await expect(row).toContainText("Wrong size");
  await expect(row.getByRole("link", { name: number, exact: true })).toHaveAttribute(
    "href",
    `/admin/orders/${number}`,
  );
  await noSidewaysScroll(owner);
  await owner.screenshot({ path: info.outputPath("returns-list.png"), fullPage: true });
  await row.getByRole("link", { name: returnNumber, exact: true }).click();
  await expect(owner.getByRole("heading", { name: `Return ${returnNumber}` })).toBeVisible();
  await expect(owner.getByText("Both run small.")).toBeVisible();
  await expect(owner.getByTestId("return-item")).toHaveCount(2);
  // The photo's thumbnail loads with the staff session.
  const photo = owner.getByRole("img", { name: "From the customer, 1 of 1" });
  await photo.scrollIntoViewIfNeeded();
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await noSidewaysScroll(owner);
  await owner.screenshot({ path: info.outputPath("return-new.png"), fullPage: true });

  // Approved: the customer sends it.
  await owner.getByLabel("Sent by the customer").check();
  await owner.getByLabel("Note for the customer (optional)").first().fill("Please pack both in one parcel.");
  await owner.getByRole("button", { name: "Approve return" }).click();
  await expect(owner.getByText("The return is approved.")).toBeVisible();
  await expect(owner.getByTestId("return-event")).toHaveCount(2);
  await expect(owner.getByTestId("return-event").nth(1)).toContainText("Please pack both in one parcel.");

  // Received: the first back in stock, the second written off.
  const receive = owner.getByRole("form", { name: "Received" });
  await receive
    .getByRole("group", { name: new RegExp(spoilt.title) })
    .getByLabel("Written off")
    .check();
  await receive.getByRole("button", { name: "Record as received" }).click();
  await expect(owner.getByText("The return is received.")).toBeVisible();
  const items = owner.getByTestId("return-item");
  await expect(items.filter({ hasText: kept.title })).toContainText("Back in stock");
  await expect(items.filter({ hasText: spoilt.title })).toContainText("Written off");
  expect(stockOf(kept.variantId)).toBe(kept.stock);
  expect(stockOf(spoilt.variantId)).toBe(spoilt.stock - 1);

  // Settled with a store-credit code.
  await owner.getByRole("button", { name: /^Give Rs\. [\d,.]+ store credit$/ }).click();
  await expect(owner.getByText("The return is settled and closed.")).toBeVisible();
  await expect(owner.getByText(/^CREDIT-[A-Z0-9]{8}$/)).toBeVisible();
  await expect(owner.locator(".admin-page__head .admin-badge")).toHaveText("Closed: Store credit given");
  await noSidewaysScroll(owner);
  await owner.screenshot({ path: info.outputPath("return-settled.png"), fullPage: true });

  // Under "Closed", with its outcome; no longer under "New".
  await owner.getByRole("link", { name: "All returns" }).click();
  await owner.getByRole("link", { name: /^Closed \(\d+\)$/ }).click();
  await expect(owner).toHaveURL(/\/admin\/returns\?status=closed$/);
  await expect(owner.getByTestId("admin-return-row").filter({ hasText: returnNumber })).toContainText(
    /store credit given/i,
  );
  await owner.goto("/admin/returns?status=new");
  await expect(owner.getByTestId("admin-return-row").filter({ hasText: returnNumber })).toHaveCount(0);

  // The report counts the products, returned for the wrong size.
  await owner.getByRole("link", { name: "Returns report" }).click();
  await expect(owner.getByRole("heading", { name: "Returns report" })).toBeVisible();
  await owner.getByLabel("Period").selectOption("3");
  await owner.getByRole("button", { name: "Show" }).click();
  await expect(owner).toHaveURL(/months=3/);
  const product = owner.getByTestId("report-product").filter({ hasText: kept.title });
  await expect(product).toBeVisible();
  await expect(owner.getByRole("row", { name: /Wrong size/ }).first()).toBeVisible();
  await noSidewaysScroll(owner);
  await owner.screenshot({ path: info.outputPath("returns-report.png"), fullPage: true });
  await owner.context().close();
});
