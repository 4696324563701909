import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOST_URL, type HostHarness, hostHarness, registeredCookie } from "../../../testing/host-harness.ts";
import { storedOrder, storedShipment } from "../../../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase } from "../../../testing/test-db.ts";

/** The back office's Cash collected page through the real host: who may open it, the lists, a plain form post. */
describe("the cash collected page", () => {
  let database: TestDatabase;
  let host: HostHarness;
  const cookies: Record<"customer" | "staff", string> = { customer: "", staff: "" };

  beforeAll(async () => {
    database = await createTestDatabase();
    host = await hostHarness(database);
    cookies.customer = await registeredCookie(host, database, "customer@example.test");
    cookies.staff = await registeredCookie(host, database, "staff@example.test", "staff");
    for (const number of ["BT-2001", "BT-2002"]) {
      const id = await storedOrder(database.db, { number, status: "delivered" });
      await storedShipment(database.db, id, { consignment_number: `CN-${number}`, status: "delivered" });
    }
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await database?.drop();
  });

  it("is for staff: a guest is sent to log in, a customer gets the 403 page", async () => {
    expect((await host.request("/admin/cash")).status).toBe(302);
    expect((await host.request("/admin/cash", { headers: { cookie: cookies.customer } })).status).toBe(403);
    const html = await (await host.request("/admin/cash", { headers: { cookie: cookies.staff } })).text();
    expect(html).toContain("<title>Cash collected | Back office | Bags &amp; Threads</title>");
    expect(html).toMatch(/<a aria-current="page"[^>]*href="\/admin\/cash"/);
    expect(html).toMatch(/enctype="multipart\/form-data"/i);
    expect(html).toContain(">Delivered, cash not received</h2>");
    expect(html).toContain('href="/admin/orders/BT-2001"');
    expect(html).toContain("Every recorded payment matches the cash that was due.");
  });

  it("records a posted report without JavaScript and shows each row's outcome", async () => {
    const form = new FormData();
    const csv =
      "CN Number,Amount,Payment Date,Payment Ref\r\nCN-BT-2001,1200,2026-11-25,PAY-1\r\nCN-BT-2002,1000,2026-11-25,PAY-1\r\nCN-NONE,5,2026-11-25,PAY-1\r\n";
    form.append("file", new File([csv], "payments.csv", { type: "text/csv" }));
    form.append("courier", "leopards");
    const response = await host.request("/admin/cash", {
      method: "POST",
      headers: { cookie: cookies.staff, origin: HOST_URL },
      body: form,
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(
      "2 of 3 rows recorded, 1 with an amount that differs; 1 not recorded (see why below).",
    );
    expect(html).toContain("Recorded, amount differs");
    expect(html).toContain("No Leopards Courier shipment has the consignment number CN-NONE.");
    // The lists after the upload: nothing left unpaid, one mismatch.
    expect(html).toContain("Every delivered order&#x27;s cash has been recorded.");
    expect(html).toMatch(/Amounts that differ<\/h2>[\s\S]*href="\/admin\/orders\/BT-2002"/);
  });
});
