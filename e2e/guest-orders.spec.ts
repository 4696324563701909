import {
  ADDRESS,
  addToCart,
  emailText,
  expect,
  fillCheckout,
  outboxMentioning,
  test,
  uniqueEmail,
} from "./fixtures.ts";

const NOT_FOUND = "Sorry, the page you are looking for does not exist";

test("a guest's confirmation shows the whole order to that browser only; other browsers and made-up numbers get 404", async ({
  page,
  browser,
  variant,
}) => {
  await addToCart(page, variant, 2);
  const email = uniqueEmail("guest-confirmation");
  await page.goto("/checkout");
  const shownTotal = (await page.getByTestId("checkout-total").textContent())?.trim() ?? "";
  await fillCheckout(page, { email, firstName: "Hina", lastName: "Qureshi" });
  await page.getByRole("button", { name: "Place Order" }).click();

  await expect(page).toHaveURL(/\/order-success\?order=BT-/);
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  await expect(page.getByText(`A confirmation email has been sent to ${email}.`)).toBeVisible();
  const number = (await page.getByTestId("order-number").textContent())?.trim() ?? "";
  const summary = page.getByTestId("order-summary");
  await expect(summary.getByTestId("order-line")).toHaveCount(1);
  await expect(summary.getByTestId("order-line")).toContainText(variant.title);
  await expect(summary.getByTestId("order-line").locator('[data-label="Qty"]')).toHaveText("2");
  await expect(summary.getByText("Awaiting confirmation")).toBeVisible();
  await expect(page.getByTestId("confirm-order-box")).toContainText("Please confirm your order");
  await expect(summary.getByTestId("amount-due")).toHaveText(shownTotal);
  await expect(summary.getByTestId("shipping-address")).toContainText("Hina Qureshi");
  await expect(summary.getByTestId("shipping-address")).toContainText(ADDRESS.address);
  await expect(summary.getByTestId("shipping-address")).toContainText(`${ADDRESS.city} ${ADDRESS.postcode}`);
  await expect(summary.getByTestId("order-contact")).toContainText(ADDRESS.phone);
  await expect(page.getByRole("link", { name: "Track your order" }).first()).toHaveAttribute(
    "href",
    "/order-lookup",
  );

  // Reloading keeps it (the access token lives in this browser's cookie).
  await page.reload();
  await expect(page.getByTestId("amount-due")).toHaveText(shownTotal);

  // The email says the same: items, amount due on delivery, phone and address.
  await expect.poll(() => outboxMentioning(number).length).toBe(1);
  const mail = emailText(outboxMentioning(number)[0]!);
  expect(mail).toContain(`${variant.title} (${variant.colorName}, ${variant.sizeName}) X 2`);
  expect(mail).toContain(`Amount due on delivery: ${shownTotal}`);
  expect(mail).toContain(`Phone: ${ADDRESS.phone}`);
  expect(mail).toContain(ADDRESS.address);

  // Another browser with the same link sees nothing of it.
  const stranger = await browser.newContext();
  try {
    const other = await stranger.newPage();
    const answer = await other.goto(`/order-success?order=${number}`);
    expect(answer?.status()).toBe(404);
    await expect(other.getByRole("heading", { name: NOT_FOUND })).toBeVisible();
    await expect(other.getByText(ADDRESS.address)).toHaveCount(0);
  } finally {
    await stranger.close();
  }

  // Nor does any made-up number thank anyone, in this browser either.
  for (const url of [
    "/order-success?order=BT-000000-NOPE0",
    "/order-success?order=12345",
    "/order-success",
  ]) {
    const answer = await page.goto(url);
    expect(answer?.status(), url).toBe(404);
    await expect(page.getByRole("heading", { name: NOT_FOUND })).toBeVisible();
  }
});

test("order lookup: a guest finds an order by number and email in any case; a wrong email or number gets one answer", async ({
  page,
  variant,
}) => {
  await addToCart(page, variant, 1);
  const email = uniqueEmail("lookup");
  const placed = await page.request.post("/api/checkout", {
    data: {
      email,
      phone: ADDRESS.phone,
      shipping_address: {
        country: "Pakistan",
        first_name: "Usman",
        last_name: "Tariq",
        address: ADDRESS.address,
        city: ADDRESS.city,
        postcode: ADDRESS.postcode,
      },
    },
  });
  expect(placed.status()).toBe(201);
  const number: string = (await placed.json()).order.number;

  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Track your order" }).click();
  await expect(page).toHaveURL(/\/order-lookup$/);
  await expect(page.getByRole("heading", { name: "Find your order" })).toBeVisible();

  const lookUp = async (orderNumber: string, address: string) => {
    await page.getByLabel("Order number").fill(orderNumber);
    await page.getByLabel("Email", { exact: true }).fill(address);
    await page.getByRole("button", { name: "Find my order" }).click();
  };

  await lookUp(number, "someone.else@example.pk");
  const refusal = page.getByRole("alert");
  await expect(refusal).toContainText("Order not found");
  const wrongEmail = await refusal.textContent();
  await expect(page.getByTestId("order-summary")).toHaveCount(0);

  await lookUp("BT-000000-ZZZZZ", email);
  await expect(refusal).toContainText("Order not found");
  expect(await refusal.textContent()).toBe(wrongEmail);

  const [byWrongEmail, byWrongNumber] = await Promise.all([
    page.request.post("/api/order-lookup", { data: { number, email: "someone.else@example.pk" } }),
    page.request.post("/api/order-lookup", { data: { number: "BT-000000-ZZZZZ", email } }),
  ]);
  expect(byWrongEmail.status()).toBe(404);
  expect(byWrongNumber.status()).toBe(404);
  expect(await byWrongEmail.json()).toEqual(await byWrongNumber.json());

  await lookUp(number.toLowerCase(), email.toUpperCase());
  const summary = page.getByTestId("order-summary");
  await expect(summary).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(summary.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
  await expect(summary.getByText("Awaiting confirmation")).toBeVisible();
  await expect(summary.getByTestId("order-line")).toContainText(variant.title);
  await expect(summary.getByTestId("shipping-address")).toContainText("Usman Tariq");
  await expect(summary.getByTestId("order-contact")).toContainText(ADDRESS.phone);
});
