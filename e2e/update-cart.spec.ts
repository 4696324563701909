import { expect, test } from "./fixtures.ts";

test("POST /api/update-cart as the spec's client sends it (the product's id and the variant) sets the line's quantity", async ({
  page,
  cartWithItem,
}) => {
  const response = await page.request.post("/api/update-cart", {
    data: { product_id: cartWithItem.productId, quantity: 2, variation_id: cartWithItem.variantId },
  });
  expect(response.status()).toBe(200);
  const line = (await response.json()).cart.find(
    (item: { attributes: { variation_id: number } }) =>
      item.attributes.variation_id === cartWithItem.variantId,
  );
  expect(line.quantity).toBe(2);

  await page.goto("/cart");
  const row = page.getByTestId("cart-row").filter({ hasText: cartWithItem.title });
  await expect(row.getByTestId("cart-qty")).toHaveValue("2");
});
