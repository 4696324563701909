import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalogue } from "../../../testing/factories.ts";
import { HOST_URL, type HostHarness, hostHarness } from "../../../testing/host-harness.ts";
import { createTestDatabase, type TestDatabase } from "../../../testing/test-db.ts";

/** The back office's catalogue import page through the real host: who may open it, and a plain form post. */
describe("the catalogue import page", () => {
  let database: TestDatabase;
  let host: HostHarness;
  const cookies: Record<"customer" | "staff", string> = { customer: "", staff: "" };

  beforeAll(async () => {
    database = await createTestDatabase();
    await buildCatalogue(database.db);
    host = await hostHarness(database);
    for (const role of ["customer", "staff"] as const) {
      const response = await host.request("/user-register", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: HOST_URL },
        body: new URLSearchParams({
          first_name: "Hina",
          last_name: "Baig",
          email: `${role}@example.test`,
          password: "correct horse",
          password_confirmation: "correct horse",
        }).toString(),
      });
      cookies[role] = response.headers.getSetCookie()[0]!.split(";")[0]!;
    }
    await database.db
      .updateTable("users")
      .set({ role: "staff" })
      .where("email", "=", "staff@example.test")
      .execute();
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await database?.drop();
  });

  const post = (role: keyof typeof cookies, csv: string, dryRun: boolean) => {
    const form = new FormData();
    form.append("file", new File([csv], "products.csv", { type: "text/csv" }));
    if (dryRun) form.append("dry_run", "on");
    return host.request("/admin/products/import", {
      method: "POST",
      headers: { cookie: cookies[role], origin: HOST_URL },
      body: form,
    });
  };

  it("is for staff: a guest is sent to log in, a customer gets the 403 page", async () => {
    expect((await host.request("/admin/products/import")).status).toBe(302);
    expect(
      (await host.request("/admin/products/import", { headers: { cookie: cookies.customer } })).status,
    ).toBe(403);
    const html = await (
      await host.request("/admin/products/import", { headers: { cookie: cookies.staff } })
    ).text();
    expect(html).toMatch(/enctype="multipart\/form-data"/i);
    expect(html).toContain('href="/api/admin/catalogue/export.csv"');
  });

  /** Follows the page's redirect to its job and reloads it, as the page's refresh does, until the job has ended. */
  const report = async (posted: Response) => {
    expect(posted.status).toBe(303);
    const location = posted.headers.get("location")!;
    expect(location).toMatch(/^\/admin\/products\/import\?job=\d+$/);
    for (let tries = 0; tries < 200; tries += 1) {
      const page = await host.request(location, { headers: { cookie: cookies.staff } });
      expect(page.status).toBe(200);
      const html = await page.text();
      if (!html.includes('data-testid="import-job"')) return html;
      expect(html).toMatch(/<noscript><meta http-equiv="refresh" content="2"\/?><\/noscript>/);
      expect(html).toMatch(/<progress/);
      expect(html).toContain('name="intent" value="cancel"');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("the import did not end");
  };

  it("imports a posted file without JavaScript and shows the report with the rejected rows", async () => {
    const csv =
      "Handle,Title,Category,Status,Option1 Value,Option2 Value,Variant Price\r\n" +
      "page-tote,Page Tote,Handbags,active,Black,One Size,1200\r\n" +
      "page-bad,Page Bad,Handbags,active,Black,One Size,twelve\r\n";
    const html = await report(await post("staff", csv, true));
    expect(html).toContain("Checked only, nothing was saved: 1 product would be created");
    expect(html).toMatch(/<th scope="col"[^>]*>Reason<\/th>/);
    expect(html).toContain(
      "Variant Price must be a number of rupees like 1499 or 1499.50 (found &quot;twelve&quot;).",
    );
    expect(
      await database.db.selectFrom("products").select("id").where("slug", "=", "page-tote").execute(),
    ).toEqual([]);

    const imported = await report(await post("staff", csv, false));
    expect(imported).toContain("1 product created");
    expect(
      await database.db.selectFrom("products").select("title").where("slug", "=", "page-tote").execute(),
    ).toEqual([{ title: "Page Tote" }]);
  });

  it("shows a Shopify export's creations and notes, and cancels an import without JavaScript", async () => {
    const csv =
      "Handle,Title,Type,Option1 Name,Option1 Value,Variant Price,Variant Compare At Price\r\n" +
      "page-cap,Page Cap,Caps,Title,Default Title,900,1000\r\n";
    const html = await report(await post("staff", csv, true));
    expect(html).toContain("Would create: colours Default; categories Caps.");
    expect(html).toContain("Discount 10% from the compare-at price of row 2");

    const jobs = await database.db.selectFrom("jobs").select("id").orderBy("id", "desc").execute();
    // A job no runner has taken yet.
    await database.db
      .updateTable("jobs")
      .set({ status: "queued", report: null })
      .where("id", "=", jobs[0]!.id)
      .execute();
    const form = new FormData();
    form.append("intent", "cancel");
    form.append("job", String(jobs[0]!.id));
    const cancelled = await host.request("/admin/products/import", {
      method: "POST",
      headers: { cookie: cookies.staff, origin: HOST_URL },
      body: form,
    });
    expect(await report(cancelled)).toContain(
      "The import was cancelled before it started: nothing was saved.",
    );
  });
});
