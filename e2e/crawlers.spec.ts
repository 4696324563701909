import { expect, hydrate, test } from "./fixtures.ts";

test("robots.txt names the sitemap, which lists pages, categories and products by absolute URL", async ({
  request,
  baseURL,
}) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  const robotsText = await robots.text();
  expect(robotsText).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  // The cart is open to crawlers (decision 0020, amended); what a crawler sees there is the empty cart.
  expect(robotsText).not.toContain("Disallow: /cart");
  for (const path of ["/checkout", "/my-account", "/user-login", "/user-register", "/order", "/api/"]) {
    expect(robotsText).toContain(`Disallow: ${path}\n`);
  }

  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toMatch(/^application\/xml/);
  const xml = await sitemap.text();
  const products = (await (await request.get("/api/products?take=48")).json()).meta.total;
  expect(xml).toContain(`<url><loc>${baseURL}/</loc></url>`);
  expect(xml).toContain(`<loc>${baseURL}/shop/kurtas</loc><lastmod>`);
  expect(xml).toMatch(
    new RegExp(
      `<url><loc>${baseURL}/product/classic-cotton-kurta</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[^<]+</lastmod></url>`,
    ),
  );
  expect(xml.match(/\/product\//g)?.length).toBeGreaterThanOrEqual(products);
  expect(xml).not.toMatch(/\/(cart|checkout|user-login)</);
});

test("favicons, the apple touch icon and the web manifest are linked and served", async ({
  page,
  request,
}) => {
  await page.goto("/");
  const hrefs = await page
    .locator('head link[rel="icon"], head link[rel="apple-touch-icon"], head link[rel="manifest"]')
    .evaluateAll((links) => links.map((link) => `${link.getAttribute("rel")} ${link.getAttribute("href")}`));
  expect(hrefs.sort()).toEqual([
    "apple-touch-icon /apple-touch-icon.png",
    "icon /favicon.ico",
    "icon /favicon.svg",
    "manifest /site.webmanifest",
  ]);
  for (const [path, type] of [
    ["/favicon.ico", "image/x-icon"],
    ["/favicon.svg", "image/svg+xml"],
    ["/apple-touch-icon.png", "image/png"],
    ["/icon-192.png", "image/png"],
    ["/icon-512.png", "image/png"],
  ]) {
    const response = await request.get(path!);
    expect([path, response.status(), response.headers()["content-type"]?.split(";")[0]]).toEqual([
      path,
      200,
      type,
    ]);
  }
  const manifest = await (await request.get("/site.webmanifest")).json();
  expect(manifest).toMatchObject({ name: "Bags & Threads", start_url: "/", display: "standalone" });
  expect(manifest.theme_color).toBe(await page.locator('meta[name="theme-color"]').getAttribute("content"));
  expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
    expect.arrayContaining(["192x192", "512x512"]),
  );
});

test("filtered, sorted and paginated shop pages point their canonical link at the plain listing page", async ({
  page,
  baseURL,
}) => {
  const canonical = page.locator('head link[rel="canonical"]');
  await page.goto("/shop/kurtas?sort=high2low");
  await expect(canonical).toHaveAttribute("href", `${baseURL}/shop/kurtas`);

  // Client-side: to page 2 of the whole shop, then a filter on top.
  await page.goto("/shop");
  await hydrate(page);
  await expect(canonical).toHaveAttribute("href", `${baseURL}/shop`);
  await page
    .getByRole("navigation", { name: "Pagination" })
    .getByRole("link", { name: "Page 2", exact: true })
    .click();
  await expect(page).toHaveURL(/\/shop\?page=2$/);
  await expect(canonical).toHaveAttribute("href", `${baseURL}/shop?page=2`);
  await page.getByLabel("Sort by").selectOption("low2high");
  await expect(page).toHaveURL(/sort=low2high/);
  await expect(canonical).toHaveAttribute("href", `${baseURL}/shop`);
  await expect(canonical).toHaveCount(1);

  // The product page's canonical is its bare URL, whatever colour and size are chosen.
  const card = page.locator(".shop .product-card").first();
  const title = (await card.locator(".product-card__title").textContent())?.trim() ?? "";
  await card.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(/\/product\/[a-z0-9-]+$/);
  const slug = new URL(page.url()).pathname;
  await expect(canonical).toHaveAttribute("href", `${baseURL}${slug}`);

  // The cart's canonical is /cart, whatever query it was opened with.
  await page.goto("/cart?utm_source=mail");
  await expect(canonical).toHaveAttribute("href", `${baseURL}/cart`);
  await expect(canonical).toHaveCount(1);
});
