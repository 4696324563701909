import {
  ADDRESS,
  addToCart,
  expect,
  fillCheckout,
  openDatabase,
  outboxMentioning,
  stockOf,
  test,
  uniqueEmail,
} from "./fixtures.ts";

test("guest checkout: cart → checkout → confirmation; the order is stored, stock taken, email sent", async ({
  page,
  variant,
}) => {
  await addToCart(page, variant, 2);
  const stockBefore = stockOf(variant.variantId);
  const email = uniqueEmail("guest");

  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: "Your cart items" })).toBeVisible();
  await expect(page.getByTestId("cart-row")).toHaveCount(1);
  await expect(page.getByTestId("cart-row").getByRole("link", { name: variant.title })).toBeVisible();
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText(`${variant.title} X 2`)).toBeVisible();
  await expect(page.getByText("Rs. 200", { exact: true })).toBeVisible();
  const shownTotal = await page.getByTestId("checkout-total").textContent();
  await fillCheckout(page, { email, firstName: "Ali", lastName: "Raza" });
  await page.getByLabel("Order notes (optional)").fill("Please call before delivery.");
  await page.getByRole("button", { name: "Place Order" }).click();

  await expect(page).toHaveURL(/\/order-success\?order=BT-/);
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  await expect(page.getByText(/confirmation email has been sent/)).toBeVisible();
  const number = (await page.getByTestId("order-number").textContent())?.trim() ?? "";
  expect(number).toMatch(/^BT-\d{6}-[A-Z0-9]{5}$/);
  await expect(page.getByRole("link", { name: "Order History" })).toHaveAttribute("href", "/account/orders");
  await expect(page.getByRole("link", { name: "Contact us" }).first()).toHaveAttribute("href", "/contact");
  await expect(page.getByRole("link", { name: "Shop Now" })).toBeVisible();
  // The header's cart was refreshed: the order emptied it.
  await expect(page.getByTestId("cart-count")).toHaveText("0");

  const db = openDatabase();
  try {
    const order = db.prepare("select * from orders where number = ?").get(number) as Record<string, unknown>;
    expect(order).toMatchObject({
      email,
      first_name: "Ali",
      city: "Islamabad",
      status: "awaiting_confirmation",
      user_id: null,
    });
    const items = db.prepare("select * from order_items where order_id = ?").all(order.id) as Record<
      string,
      unknown
    >[];
    expect(items).toEqual([expect.objectContaining({ variant_id: variant.variantId, quantity: 2 })]);
    // What the shopper saw is what was charged (money is stored in paisa).
    expect(
      `Rs. ${((order.total as number) / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`,
    ).toBe(shownTotal);
  } finally {
    db.close();
  }
  expect(stockOf(variant.variantId)).toBe(stockBefore - 2);
  await expect.poll(() => outboxMentioning(number).length).toBe(1);
});

test("checkout validation: the spec's messages before anything is sent, and an empty cart goes back to /cart", async ({
  page,
  variant,
}) => {
  await page.goto("/checkout");
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText("No items found in cart")).toBeVisible();

  await addToCart(page, variant, 1);
  await page.goto("/checkout");

  let checkoutRequests = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") checkoutRequests += 1;
  });
  await page.getByRole("button", { name: "Place Order" }).click();
  for (const message of [
    "Email is required.",
    "Phone is required.",
    "First name is required.",
    "Last name is required.",
    "Address is required.",
    "City is required.",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel("Email", { exact: true })).toBeFocused();

  await fillCheckout(page, { email: uniqueEmail("validation"), firstName: "Sana", lastName: "Malik" });
  await page.getByLabel("City").fill("   ");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText("City is required.", { exact: true })).toBeVisible();
  await expect(page.getByText("Email is required.", { exact: true })).toBeHidden();
  expect(checkoutRequests).toBe(0);
  await expect(page).toHaveURL(/\/checkout$/);
});

test("register → checkout as that shopper (details prefilled, guest cart kept) → order history", async ({
  page,
  variant,
}) => {
  // Added as a guest; registering merges the guest cart into the new account's.
  await addToCart(page, variant, 1);
  const email = uniqueEmail("shopper");

  await page.goto("/user-register");
  await page.getByLabel("First Name").fill("Ayesha");
  await page.getByLabel("Last Name").fill("Khan");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("correct horse battery");
  await page.getByLabel("Confirm Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Register" }).click();

  await expect(page).toHaveURL(/\/user-dashboard$/);
  await expect(page.getByRole("heading", { name: "Hello, Ayesha!" })).toBeVisible();
  await expect(page.getByText("You have not placed any orders yet.")).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");

  await page.goto("/checkout");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await expect(page.getByLabel("First Name")).toHaveValue("Ayesha");
  await expect(page.getByLabel("Last Name")).toHaveValue("Khan");
  await fillCheckout(page);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order-success\?order=BT-/);
  const number = (await page.getByTestId("order-number").textContent())?.trim() ?? "";
  // A signed-in shopper sees their own order's figures and address on the confirmation.
  await expect(page.getByText(`A confirmation email has been sent to ${email}.`)).toBeVisible();

  await page.getByRole("link", { name: "Order History" }).click();
  await expect(page).toHaveURL(/\/account\/orders$/);
  const row = page.getByTestId("order-row").filter({ hasText: number });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Awaiting confirmation");
  await row.getByRole("link", { name: `View order ${number}` }).click();

  await expect(page).toHaveURL(new RegExp(`/account/orders/${number}$`));
  await expect(page.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
  await expect(page.getByTestId("order-line")).toHaveCount(1);
  await expect(page.getByTestId("order-line")).toContainText(variant.title);
  await expect(page.getByText(ADDRESS.address)).toBeVisible();

  const db = openDatabase();
  try {
    const order = db.prepare("select user_id from orders where number = ?").get(number) as {
      user_id: number;
    };
    const user = db.prepare("select id from users where email = ?").get(email) as { id: number };
    expect(order.user_id).toBe(user.id);
  } finally {
    db.close();
  }
});
