import { ownerAt, placeOrder } from "./back-office.ts";
import { addToCart, expect, test, uniqueEmail } from "./fixtures.ts";

/**
 * Shipping a cash-on-delivery order from the back office: the owner confirms a shopper's order after a call,
 * marks it processing, books it on the Ship orders screen and prints its airway bill. Booked with own delivery:
 * the e2e server runs without the courier simulators (COURIER_SIMULATORS is off, so every other journey keeps
 * the shop as it is configured by default), and own delivery books the same way from this screen; the couriers'
 * own bookings are covered against their simulators in src/api/couriers/ and the page's host test.
 */
test("the owner confirms an order, books it with a courier and prints its airway bill", async ({
  page,
  browser,
  baseURL,
  variant,
}) => {
  await addToCart(page, variant, 1);
  const number = await placeOrder(page, {
    email: uniqueEmail("ship"),
    firstName: "Sadia",
    lastName: "Malik",
  });

  // Confirmed after a phone call, then processing: only then can it be booked.
  const owner = await ownerAt(browser, baseURL, `/admin/orders/${number}`);
  await owner.getByRole("button", { name: "Confirm order (after a call)" }).click();
  await expect(owner.getByText("The order is confirmed.")).toBeVisible();
  await owner.getByRole("button", { name: "Mark as processing" }).click();
  await expect(owner.getByText("The order is now being processed.")).toBeVisible();
  const shipment = owner.locator("section", { has: owner.getByRole("heading", { name: "Shipment" }) });
  await expect(shipment).toContainText("Not booked with a courier yet.");
  await expect(shipment.getByRole("link", { name: "Book with a courier" })).toHaveAttribute(
    "href",
    `/admin/shipping?orders=${number}`,
  );

  // The back office's menu leads to the screen; the order is on it, with a box to tick.
  await owner
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Ship orders" })
    .click();
  await expect(owner.getByRole("heading", { name: "Ship orders", level: 1 })).toBeVisible();
  const project = test.info().project.name;
  // Taken from the top, so the sticky header is where it belongs in the full-page picture.
  const snapshot = async (name: string) => {
    await owner.evaluate(() => window.scrollTo(0, 0));
    await owner.screenshot({ path: `test-results/${name}-${project}.png`, fullPage: true });
  };
  await snapshot("admin-shipping");
  const box = owner.getByRole("checkbox", { name: `Select order ${number}` });
  await box.check();
  await expect(owner.getByRole("button", { name: "Book 1 selected order" })).toBeVisible();

  await owner.getByLabel("Courier").selectOption("own");
  const consignment = `RIDER-${number.slice(-5)}`;
  await owner.getByLabel("Consignment number").fill(consignment);
  await owner.getByLabel("Tracking page").fill(`https://track.example.pk/${consignment}`);
  await owner.getByRole("button", { name: "Book 1 selected order" }).click();

  const results = owner.getByRole("region", { name: "1 order booked" });
  await expect(results).toBeVisible();
  await expect(results.getByTestId("booking-result")).toContainText(number);
  await expect(results.getByTestId("consignment-number")).toHaveText(consignment);
  // The list now says it is booked, and the box is cleared.
  const row = owner.getByTestId("shipping-row").filter({ hasText: number });
  await expect(row).toContainText(`Own delivery or another courier · ${consignment}`);
  await expect(box).not.toBeChecked();
  await expect(owner.getByLabel("Consignment number")).toHaveValue("");
  await snapshot("admin-shipping-booked");

  // The airway bills open in a new tab, with the session cookie: a PDF.
  const print = results.getByRole("link", { name: "Print airway bills (PDF)" });
  await expect(print).toHaveAttribute("target", "_blank");
  const href = await print.getAttribute("href");
  expect(href).toBe(`/api/admin/shipments/labels.pdf?orders=${number}`);
  const pdf = await owner.request.get(href ?? "");
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // The order's page shows the shipment.
  await results.getByRole("link", { name: number }).click();
  await expect(owner.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
  await expect(owner.getByTestId("shipment-consignment")).toHaveText(consignment);
  await expect(shipment).toContainText("Own delivery or another courier");
  await expect(shipment.getByRole("link", { name: "Track the parcel" })).toHaveAttribute(
    "href",
    `https://track.example.pk/${consignment}`,
  );
  await expect(shipment.getByRole("link", { name: "Book with a courier" })).toHaveCount(0);
  await owner.context().close();
});
