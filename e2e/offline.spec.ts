import { expect, hydrate, test } from "./fixtures.ts";

test("offline: the shop goes to /offline, which works without a network, and back home when online", async ({
  page,
  context,
}) => {
  await page.goto("/blogs");
  // The page registers the service worker once it has hydrated (on the first interaction).
  await hydrate(page);
  // The service worker keeps the offline page; wait until it is in charge of this page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve));
    }
  });

  await context.setOffline(true);
  await expect(page).toHaveURL(/\/offline$/);
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await expect(page).toHaveTitle(/You are offline/);

  // A full page load without a network still shows the offline page, from the service worker's copy.
  await page.reload();
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await page.goto("/shop").catch(() => undefined);
  await expect(page).toHaveURL(/\/offline$/);
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();

  await context.setOffline(false);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("#new-arrival")).toBeVisible();
});

test("offline before the shopper has touched the page: /offline at once, without the app, and home when online", async ({
  page,
  context,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.endsWith(".js")) scripts.push(request.url());
  });
  await page.goto("/blogs");
  // No interaction: the application's script is still parked (decision 0028).
  await context.setOffline(true);
  await expect(page).toHaveURL(/\/offline$/);
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await expect(page).toHaveTitle(/You are offline/);
  await expect(page.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/");
  expect(scripts).toEqual([]);

  await context.setOffline(false);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("#new-arrival")).toBeVisible();
});

test("not-found: unknown paths answer 404; /offline itself is a real page", async ({ page }) => {
  const missing = await page.goto("/account/nothing-here");
  expect(missing?.status()).toBe(404);
  await expect(
    page.getByRole("heading", { name: "Sorry, the page you are looking for does not exist" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Back To Home" })).toHaveAttribute("href", "/");

  const offline = await page.goto("/offline");
  expect(offline?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
});
