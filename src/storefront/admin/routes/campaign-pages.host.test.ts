import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAMPAIGN_MESSAGES } from "../../../shared/contracts/campaigns.ts";
import { sessionCookie, signedInAs } from "../../../testing/admin-harness.ts";
import { HOST_URL, type HostHarness, hostHarness } from "../../../testing/host-harness.ts";
import { createTestDatabase, type TestDatabase } from "../../../testing/test-db.ts";

/**
 * The back office's Sales page through the real host, as a browser without JavaScript uses it: a sale created from
 * the form and listed in shop time with where it stands, refused with what was typed kept, paused and resumed from
 * its row.
 */
describe("the Sales page", { timeout: 30_000 }, () => {
  let database: TestDatabase;
  let host: HostHarness;
  let cookie = "";

  beforeAll(async () => {
    database = await createTestDatabase();
    host = await hostHarness(database);
    cookie = sessionCookie(await signedInAs(host.api, database, "staff"));
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await database?.drop();
  });

  const page = async (path: string) => {
    const response = await host.request(path, { headers: { cookie } });
    return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
  };

  const post = (form: [string, string][]) =>
    host.request("/admin/campaigns", {
      method: "POST",
      headers: { cookie, origin: HOST_URL, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
      redirect: "manual",
    });

  const SALE_FORM: [string, string][] = [
    ["intent", "create"],
    ["name", "Winter sale"],
    ["percent", "25"],
    ["scope", "all"],
    ["scope_ids", ""],
    ["starts_at", "2099-12-01T09:00"],
    ["ends_at", "2099-12-10T23:59"],
  ];

  it("creates a sale from the form and lists it, scheduled, in shop time; it is in the menu", async () => {
    const created = await post(SALE_FORM);
    expect(created.status).toBe(303);
    expect(created.headers.get("location")).toBe("/admin/campaigns?done=created");
    const { status, html } = await page("/admin/campaigns?done=created");
    expect(status).toBe(200);
    expect(html).toContain('<h1 class="admin-page__title">Sales</h1>');
    expect(html).toContain("The sale is saved");
    expect(html).toContain("Winter sale");
    expect(html).toContain("25%");
    expect(html).toContain("1 Dec 2099, 09:00 to 10 Dec 2099, 23:59");
    expect(html).toContain("Scheduled");
    expect(html).toContain("Pause Winter sale");
    expect(html).toContain('href="/admin/campaigns"');
  });

  it("keeps what was typed and says what is wrong beside the field", async () => {
    const refused = await post(
      SALE_FORM.map(([name, value]): [string, string] => [
        name,
        name === "ends_at" ? "2099-11-01T09:00" : value,
      ]),
    );
    expect(refused.status).toBe(422);
    const html = (await refused.text()).replaceAll("<!-- -->", "");
    expect(html).toContain(CAMPAIGN_MESSAGES.dates);
    expect(html).toContain('value="2099-11-01T09:00"');
    expect(html).toContain('value="Winter sale"');
  });

  it("pauses and resumes a sale from its row", async () => {
    const { id } = await database.db.selectFrom("campaigns").select("id").executeTakeFirstOrThrow();
    const paused = await post([
      ["intent", "status"],
      ["id", String(id)],
      ["status", "paused"],
    ]);
    expect(paused.status).toBe(303);
    expect(paused.headers.get("location")).toBe("/admin/campaigns?done=paused");
    const after = await page("/admin/campaigns?done=paused");
    expect(after.html).toContain("The sale is paused");
    expect(after.html).toContain("Paused");
    expect(after.html).toContain("Resume Winter sale");

    const resumed = await post([
      ["intent", "status"],
      ["id", String(id)],
      ["status", "active"],
    ]);
    expect(resumed.headers.get("location")).toBe("/admin/campaigns?done=active");
    expect((await page("/admin/campaigns")).html).toContain("Pause Winter sale");
  });
});
