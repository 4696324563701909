import { expect, test } from "./fixtures.ts";
import { soldOutFirstColourProduct } from "./products.ts";

/** The gallery's large photos (800 px URLs) in order. */
async function galleryPhotos(page: import("@playwright/test").Page) {
  return page
    .locator(".gallery__main img")
    .evaluateAll((images) => images.map((image) => image.getAttribute("src")));
}

test("a product whose first colour is sold out opens on the first colour and size in stock, at the card's price, and its gallery follows the colour", async ({
  page,
}) => {
  const product = await soldOutFirstColourProduct("Defaults");

  await page.goto(`/shop?search=${encodeURIComponent(product.title)}`);
  const card = page.locator(".product-card").filter({ hasText: product.title });
  await expect(card).toHaveCount(1);
  // The card shows the price of the variant the page opens on (Large, Rs. 1,200 less 20%), not the sold-out
  // cheapest size (Rs. 1,000).
  await expect(card.locator(".price__current")).toHaveText("Rs. 960.00");
  await expect(card.locator(".price__old")).toHaveText("Was Rs. 1,200.00");

  // Client-side navigation to the product.
  await card.getByRole("link", { name: product.title }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product.slug}$`));
  await expect(page.getByRole("heading", { level: 1, name: product.title })).toBeVisible();
  await expect(page.getByRole("group", { name: `Colour: ${product.inStock.name}` })).toBeVisible();
  await expect(page.getByRole("group", { name: `Size: ${product.sizes.large}` })).toBeVisible();
  await expect(page.getByTestId("stock")).toHaveText("In Stock, 4 left.");
  await expect(page.locator(".product__price .price__current")).toHaveText("Rs. 960.00");
  await expect(page.getByRole("button", { name: "Add To Cart" })).toBeEnabled();

  // Only the chosen colour's photos, through the autoplay (every 4000 ms) too.
  expect(await galleryPhotos(page)).toEqual(product.inStock.photos);
  const active = page.locator(".gallery__image.is-active");
  await expect(active).toHaveAttribute("alt", `${product.title} in ${product.inStock.name}, photo 1`);
  await page.mouse.move(0, 0);
  await expect(active).toHaveAttribute("alt", `${product.title} in ${product.inStock.name}, photo 2`, {
    timeout: 6000,
  });
  await expect(active).toHaveAttribute("alt", `${product.title} in ${product.inStock.name}, photo 1`, {
    timeout: 6000,
  });

  // A colour without photos of its own shows the product's general photo, not another colour's.
  await page.getByRole("link", { name: product.noPhotos.name, exact: true }).click();
  await expect(page.getByRole("group", { name: `Colour: ${product.noPhotos.name}` })).toBeVisible();
  await expect(page.getByTestId("stock")).toHaveText("In Stock, 6 left.");
  await expect(page.getByRole("group", { name: `Size: ${product.sizes.large}` })).toBeVisible();
  await expect(page.locator(".product__price .price__current")).toHaveText("Rs. 1,000.00");
  expect(await galleryPhotos(page)).toEqual([product.generalPhoto]);

  // The sold-out colour can still be chosen, and says so.
  await page.getByRole("link", { name: product.soldOut.name, exact: true }).click();
  await expect(page.getByTestId("stock")).toHaveText("Out Of Stock");
  await expect(page.getByRole("button", { name: "Add To Cart" })).toBeDisabled();
  expect(await galleryPhotos(page)).toEqual(product.soldOut.photos);

  // A full page load of the bare product URL opens where the client-side navigation did.
  await page.goto(`/product/${product.slug}`);
  await expect(page.getByRole("group", { name: `Colour: ${product.inStock.name}` })).toBeVisible();
  await expect(page.getByTestId("stock")).toHaveText("In Stock, 4 left.");
});

test("the card's price follows when an order sells out the variant the page opens on", async ({ page }) => {
  const product = await soldOutFirstColourProduct("Sellout");
  const detail = await (await page.request.get(`/api/product/${product.slug}`)).json();
  const added = await page.request.post("/api/cart/add", {
    data: { id: product.id, quantity: 4, size: detail.default_variation_id },
  });
  expect(added.status()).toBe(200);
  const order = await page.request.post("/api/checkout", {
    data: {
      email: "e2e-sellout@example.pk",
      phone: "0300 1234567",
      shipping_address: {
        country: "Pakistan",
        first_name: "Sana",
        last_name: "Iqbal",
        address: "House 1",
        address_2: "",
        city: "Lahore",
        postcode: "",
      },
      notes: "",
    },
  });
  expect(order.status()).toBe(201);

  // The colour the page opened on sold out: the next colour with stock sets the card's price now.
  await page.goto(`/shop?search=${encodeURIComponent(product.title)}`);
  const card = page.locator(".product-card").filter({ hasText: product.title });
  await expect(card.locator(".price__current")).toHaveText("Rs. 1,000.00");
  await card.getByRole("link", { name: product.title }).click();
  await expect(page.getByRole("group", { name: `Colour: ${product.noPhotos.name}` })).toBeVisible();
  await expect(page.getByTestId("stock")).toHaveText("In Stock, 6 left.");
  await expect(page.locator(".product__price .price__current")).toHaveText("Rs. 1,000.00");
});
