import { ADDRESS, addToCart, expect, fillCheckout, outboxMentioning, test, uniqueEmail } from "./fixtures.ts";

const INVALID = "Email must be a valid email address.";

test("checkout takes exactly one email address: a second one is refused on the page and nothing is ordered", async ({
  page,
  cartWithItem,
}) => {
  await page.goto("/checkout");
  await fillCheckout(page, {
    email: `${uniqueEmail("first")}, ${uniqueEmail("second")}`,
    firstName: "Ali",
    lastName: "Raza",
  });
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText(INVALID, { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText(`${cartWithItem.title} X 1`)).toBeVisible();

  await page.getByLabel("Email", { exact: true }).fill(`Ali Raza <${uniqueEmail("named")}>`);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByText(INVALID, { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
});

test("an email with a line break and a Bcc: header is refused by the API, and no mail reaches the second address", async ({
  page,
  variant,
}) => {
  await addToCart(page, variant, 1);
  const intruder = uniqueEmail("intruder");
  const body = (email: string) => ({
    email,
    phone: ADDRESS.phone,
    shipping_address: {
      country: "Pakistan",
      first_name: "Ali",
      last_name: "Raza",
      address: ADDRESS.address,
      city: ADDRESS.city,
    },
  });

  for (const email of [
    `${uniqueEmail("victim")}\r\nBcc: ${intruder}`,
    `${uniqueEmail("victim")}\nCc: ${intruder}`,
  ]) {
    const answer = await page.request.post("/api/checkout", { data: body(email) });
    expect(answer.status()).toBe(422);
    expect(await answer.json()).toEqual({ message: INVALID, errors: { email: [INVALID] } });
  }
  const register = await page.request.post("/api/register", {
    data: {
      first_name: "Ali",
      last_name: "Raza",
      email: `${uniqueEmail("member")}\r\nBcc: ${intruder}`,
      password: "a long enough password",
      password_confirmation: "a long enough password",
    },
  });
  expect(register.status()).toBe(422);
  expect((await register.json()).errors).toEqual({ email: ["The email must be a valid email address."] });

  // The cart is still there, and a proper order goes to its one address.
  const own = uniqueEmail("proper");
  const placed = await page.request.post("/api/checkout", { data: body(own) });
  expect(placed.status()).toBe(201);
  const number: string = (await placed.json()).order.number;
  await expect.poll(() => outboxMentioning(number).length).toBe(1);
  expect(outboxMentioning(intruder)).toEqual([]);
});
