import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { makeStaff, signIn } from "./back-office.ts";
import { ADDRESS, expect, hydrate, type Shopper, test, uniqueEmail, type Variant } from "./fixtures.ts";

/**
 * Returns, the shopper's side (decision 0054): a customer (from their order page) and a guest (from the order
 * lookup) each ask to return a delivered order, with JavaScript on and client-side navigation; a request that
 * gets no answer keeps the form and what was typed. Runs at 1280 px and 390 px (the two projects).
 */

const CONNECTION_FAILED = "Failed to connect to server. Please try again.";

/** A member of staff's bearer token: a new account made staff the way the owner would. */
async function staffToken(request: APIRequestContext): Promise<string> {
  const staff: Shopper = {
    email: uniqueEmail("staff"),
    password: "a long enough password",
    firstName: "Sana",
    lastName: "Staff",
  };
  const registered = await request.post("/api/register", {
    data: {
      first_name: staff.firstName,
      last_name: staff.lastName,
      email: staff.email,
      password: staff.password,
      password_confirmation: staff.password,
    },
  });
  expect(registered.status()).toBe(201);
  makeStaff(staff);
  const login = await request.post("/api/login", { data: { email: staff.email, password: staff.password } });
  expect(login.status()).toBe(200);
  return (await login.json()).token;
}

/**
 * Buys one of `variant` through the API (as `customer`, else as a guest with `email`), and staff move the order
 * to delivered through the admin API, as the back office would: confirmed, processing, shipped, delivered.
 */
async function deliveredOrder(
  request: APIRequestContext,
  variant: Variant,
  buyer: { customer: Shopper } | { email: string },
): Promise<string> {
  let headers: Record<string, string> = {};
  if ("customer" in buyer) {
    const login = await request.post("/api/login", {
      data: { email: buyer.customer.email, password: buyer.customer.password },
    });
    headers = { authorization: `Bearer ${(await login.json()).token}` };
  }
  const email = "customer" in buyer ? buyer.customer.email : buyer.email;
  const added = await request.post("/api/cart/add", {
    headers,
    data: { id: variant.productId, quantity: 2, size: variant.variantId },
  });
  expect(added.status()).toBe(200);
  const placed = await request.post("/api/checkout", {
    headers,
    data: {
      email,
      phone: ADDRESS.phone,
      shipping_address: {
        country: "Pakistan",
        first_name: "Ayesha",
        last_name: "Khan",
        address: ADDRESS.address,
        address_2: "",
        city: ADDRESS.city,
        postcode: ADDRESS.postcode,
      },
      notes: "",
    },
  });
  expect(placed.status()).toBe(201);
  const number: string = (await placed.json()).order.number;
  const staff = { authorization: `Bearer ${await staffToken(request)}` };
  const order = `/api/admin/orders/${number}`;
  expect(
    (await request.post(`${order}/confirm`, { headers: staff, data: { note: "Called" } })).status(),
  ).toBe(200);
  for (const status of ["processing", "shipped", "delivered"]) {
    const moved = await request.patch(order, { headers: staff, data: { status, note: "" } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  return number;
}

/** Nothing is wider than the screen (long product names wrap). */
async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** For looking at the page: RETURNS_SHOTS=<folder> keeps a full-page screenshot. */
async function shot(page: Page, name: string) {
  const folder = process.env.RETURNS_SHOTS;
  if (!folder) return;
  const project = test.info().project.name;
  await page.screenshot({ path: path.join(folder, `${project}-${name}.png`), fullPage: true });
}

const photo = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: "#a85" } })
    .jpeg()
    .toBuffer();

test("a customer asks to return a delivered order from its page, and follows it there", async ({
  page,
  request,
  shopper,
  variant,
}) => {
  const number = await deliveredOrder(request, variant, { customer: shopper });
  await signIn(page, shopper, `/account/orders/${number}`);
  await expect(page.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
  await hydrate(page);

  await page.getByRole("link", { name: "Return or exchange items" }).click();
  await expect(page).toHaveURL(new RegExp(`/order-returns\\?order=${number}$`));
  await expect(page.getByText(/^Return by \d{1,2} \w+ \d{4}$/)).toBeVisible();
  await shot(page, "customer-form");
  await expectNoOverflow(page);

  await page.getByLabel(`Quantity of ${variant.title} to return`).selectOption("1");
  await page.getByRole("radio", { name: "Wrong size" }).check();
  await page.getByRole("radio", { name: "Money back" }).check();
  await page
    .getByLabel(/^Photos/)
    .setInputFiles({ name: "tag.jpg", mimeType: "image/jpeg", buffer: await photo() });
  await page.getByRole("button", { name: "Ask for a return" }).click();

  await expect(page.getByText(new RegExp(`We have your return request ${number}-R1\\.`))).toBeVisible();
  const card = page.getByTestId("return-card");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("New");
  await expect(card).toContainText("Money back");
  await expect(card).toContainText(`1 × ${variant.title}`);
  // One of two is left to return.
  await expect(page.getByLabel(`Quantity of ${variant.title} to return`).locator("option")).toHaveText([
    "0",
    "1",
  ]);
  await shot(page, "customer-returned");
  await expectNoOverflow(page);

  // The order's page shows the return in its short block.
  await page.getByRole("link", { name: "Back to the order" }).click();
  const block = page.getByTestId("order-returns-block");
  await expect(block).toContainText("New");
  await shot(page, "customer-order");
});

test("a guest finds the order, asks for a return, and a request that gets no answer keeps the form", async ({
  page,
  request,
  variant,
}) => {
  const email = uniqueEmail("guest");
  const number = await deliveredOrder(request, variant, { email });
  await page.goto("/order-lookup");
  await hydrate(page);
  await page.getByLabel("Order number").fill(number);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Find my order" }).click();
  await page.getByRole("link", { name: "Return or exchange items" }).click();
  await expect(page).toHaveURL(new RegExp(`/order-returns\\?order=${number}&token=`));

  await page.getByLabel(`Quantity of ${variant.title} to return`).selectOption("2");
  await page.getByRole("radio", { name: "Other", exact: true }).check();
  await page.getByLabel(/^Details/).fill("The colour is not what I expected.");
  await page.getByRole("radio", { name: "Store credit" }).check();

  // The connection drops: the page stays, says so, and keeps every choice.
  await page.route("**/order-returns.data*", (route) =>
    route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
  );
  await page.getByRole("button", { name: "Ask for a return" }).click();
  await expect(page.getByText(CONNECTION_FAILED)).toBeVisible();
  await expect(page.getByLabel(/^Details/)).toHaveValue("The colour is not what I expected.");
  await expect(page.getByLabel(`Quantity of ${variant.title} to return`)).toHaveValue("2");
  await expect(page.getByRole("radio", { name: "Store credit" })).toBeChecked();
  await shot(page, "guest-failed");
  await expectNoOverflow(page);

  // Back online, the same form goes through.
  await page.unroute("**/order-returns.data*");
  await page.getByRole("button", { name: "Ask for a return" }).click();
  await expect(page.getByText(/We have your return request/)).toBeVisible();
  const card = page.getByTestId("return-card");
  await expect(card).toContainText("Store credit");
  await expect(card).toContainText("The colour is not what I expected.");
  // Both were asked for: nothing is left to return.
  await expect(page.getByText("Every item of this order is already in a return request.")).toBeVisible();
  await shot(page, "guest-returned");
  await expectNoOverflow(page);
});
