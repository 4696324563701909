import {
  expect,
  fillCheckout,
  openDatabase,
  outboxMentioning,
  stockOf,
  test,
  uniqueEmail,
} from "./fixtures.ts";

test("the checkout form sent again (a double submit, a re-sent POST) places one order", async ({
  page,
  cartWithItem: variant,
  baseURL,
}) => {
  const stockBefore = stockOf(variant.variantId);
  const email = uniqueEmail("twice");
  await page.goto("/checkout");
  await fillCheckout(page, { email, firstName: "Zara", lastName: "Hussain" });

  // The form as the browser would post it, hidden Idempotency-Key included.
  const form = await page
    .locator("form.checkout-layout")
    .evaluate((element) =>
      Object.fromEntries(
        [...new FormData(element as HTMLFormElement)].map(([name, value]) => [name, String(value)]),
      ),
    );
  expect(form.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);

  // Posted twice at once, as a double click without JavaScript or a proxy's retry would.
  const posts = await Promise.all(
    [1, 2].map(() =>
      page.request.post("/checkout", { form, maxRedirects: 0, headers: { Origin: baseURL ?? "" } }),
    ),
  );
  const locations = posts.map((post) => post.headers().location ?? "");
  expect(posts.map((post) => post.status())).toEqual([302, 302]);
  expect(locations[0]).toMatch(/\/order-success\?order=BT-/);
  expect(locations[1]).toBe(locations[0]);
  const number = new URL(locations[0]!, "http://shop").searchParams.get("order") ?? "";

  // And the page's own button, still holding the same form and key, lands on the same order.
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order-success\?order=BT-/);
  await expect(page.getByTestId("order-number")).toHaveText(number);

  const db = openDatabase();
  try {
    const orders = db.prepare("select number from orders where email = ?").all(email) as { number: string }[];
    expect(orders).toEqual([{ number }]);
  } finally {
    db.close();
  }
  expect(stockOf(variant.variantId)).toBe(stockBefore - 1);
  await expect.poll(() => outboxMentioning(number).length).toBe(1);
});
