import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOST_URL, type HostHarness, hostHarness } from "../../../testing/host-harness.ts";
import { createTestDatabase, type TestDatabase } from "../../../testing/test-db.ts";

/**
 * The back office's pages through the real host: the guard of the admin layout (guest → login and back,
 * customer → 403 page, staff and owners in), its menu by role, and the headers that keep the pages private.
 */
describe("back-office pages", () => {
  let database: TestDatabase;
  let host: HostHarness;
  const cookies: Record<"customer" | "staff" | "owner", string> = { customer: "", staff: "", owner: "" };

  /** Registers through the register page, as a shopper would, and keeps the session cookie it sets. */
  async function register(email: string): Promise<string> {
    const response = await host.request("/user-register", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: HOST_URL },
      body: new URLSearchParams({
        first_name: "Hina",
        last_name: "Baig",
        email,
        password: "correct horse",
        password_confirmation: "correct horse",
      }).toString(),
    });
    expect(response.status).toBe(302);
    return response.headers.getSetCookie()[0]!.split(";")[0]!;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    host = await hostHarness(database);
    for (const role of ["customer", "staff", "owner"] as const) {
      cookies[role] = await register(`${role}@example.test`);
      if (role !== "customer") {
        await database.db
          .updateTable("users")
          .set({ role })
          .where("email", "=", `${role}@example.test`)
          .execute();
      }
    }
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await database?.drop();
  });

  const page = (path: string, role?: keyof typeof cookies) =>
    host.request(path, role ? { headers: { cookie: cookies[role] } } : {});

  it("sends a guest to the login page, which brings them back afterwards", async () => {
    for (const path of ["/admin", "/admin/customers?page=2", "/admin/no-such-page"]) {
      const response = await page(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location")).toBe(`/user-login?redirect=${encodeURIComponent(path)}`);
    }
  });

  it("shows a customer a 403 page that says the back office is for staff", async () => {
    for (const path of ["/admin", "/admin/no-such-page"]) {
      const response = await page(path, "customer");
      expect(response.status, path).toBe(403);
      const html = await response.text();
      expect(html).toContain("Staff only");
      expect(html).toContain(
        "This area is for the shop&#x27;s staff. Your account cannot open the back office.",
      );
      expect(html).not.toContain('aria-label="Back office"');
      // In the shop's own header and footer: a customer is still in the shop.
      expect(html).toContain('class="site-footer');
    }
  });

  it("lets staff in, with the back-office menu and without the Staff section", async () => {
    const response = await page("/admin", "staff");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<nav class="admin-nav" aria-label="Back office">/);
    for (const label of ["Dashboard", "Orders", "Products", "Catalogue", "Customers", "Audit log"]) {
      expect(html).toContain(`>${label}</a>`);
    }
    expect(html).not.toContain('href="/admin/staff"');
    expect(html).toMatch(/<a aria-current="page"[^>]*href="\/admin"/);
    expect(html).toContain("<title>Dashboard | Back office | Bags &amp; Threads</title>");
    // The dashboard: figures, the chart drawn on the server with its table, orders by status, low stock.
    expect(html).toContain(">Last 30 days</span>");
    expect(html).toMatch(/<svg class="sales-chart__svg"[^>]*role="img"/);
    // Its name is rendered on the server too (the page hydrates without a mismatch).
    expect(html).toMatch(/<title id="[^"]+-title">Daily sales, last 30 days<\/title>/);
    expect(html).toContain("Daily figures as a table");
    expect(html).toContain('href="/admin/orders?status=pending"');
    expect(html).toContain(">Low stock</h2>");
    expect(html).toContain(">Delivered and refused, last 30 days</h2>");
  });

  it("shows the owner the Staff section too", async () => {
    const html = await (await page("/admin", "owner")).text();
    expect(html).toContain('href="/admin/staff"');
    expect(html).toContain("Owner");
  });

  it("answers an unknown back-office address with a 404 inside the back office", async () => {
    const response = await page("/admin/no-such-page", "staff");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("There is no back-office page at this address.");
    expect(html).toContain('aria-label="Back office"');
  });

  it("keeps every back-office page out of caches and search engines", async () => {
    for (const role of [undefined, "customer", "staff"] as const) {
      const response = await page("/admin", role);
      expect(response.headers.get("cache-control"), role).toBe("private, no-store");
    }
    const staff = await page("/admin", "staff");
    expect(staff.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(await staff.text()).toContain('<meta name="robots" content="noindex, nofollow"/>');
  });

  describe("customers", () => {
    const form = (path: string, role: keyof typeof cookies, fields: Record<string, string>) =>
      host.request(path, {
        method: "POST",
        headers: {
          cookie: cookies[role],
          origin: HOST_URL,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams(fields).toString(),
      });
    /** The signed-up customer's page in the back office. */
    const customerPath = async () => {
      const customer = await database.db
        .selectFrom("users")
        .select("id")
        .where("email", "=", "customer@example.test")
        .executeTakeFirstOrThrow();
      return `/admin/customers/${customer.id}`;
    };

    it("lists and finds customers", async () => {
      const html = await (await page("/admin/customers?search=customer%40example", "staff")).text();
      expect(html).toContain('role="search"');
      expect(html).toContain("1 customer matching “customer@example”");
      expect(html).toMatch(/<a [^>]*href="\/admin\/customers\/\d+"[^>]*>Hina Baig<\/a>/);
      // The export takes the search: every customer it finds, not this page.
      expect(html).toContain('href="/api/admin/customers.csv?search=customer%40example" download=""');
      const download = await page("/api/admin/customers.csv?search=customer%40example", "staff");
      expect(download.status).toBe(200);
      expect(await download.text()).toContain("Hina,Baig,customer@example");
      const none = await (await page("/admin/customers?search=nobody", "staff")).text();
      expect(none).toContain("No customer matches this search.");
      const refused = await page("/admin/customers?status=gone", "staff");
      expect(refused.status).toBe(200);
      expect(await refused.text()).toContain("The status must be all, active or disabled.");
    });

    it("keeps staff's note and tags from the customer's page without JavaScript; the list finds the tag", async () => {
      const path = await customerPath();
      const refused = await form(path, "staff", {
        intent: "notes",
        staff_note: "Likes totes",
        tags: "vip, 50%",
      });
      expect(refused.status).toBe(422);
      const refusedHtml = (await refused.text()).replaceAll("<!-- -->", "");
      expect(refusedHtml).toContain("A tag is letters and digits, with spaces or dashes between words.");

      const saved = await form(path, "staff", {
        intent: "notes",
        staff_note: "Likes totes",
        tags: "VIP, Wholesale",
      });
      expect(saved.status).toBe(200);
      const html = (await saved.text()).replaceAll("<!-- -->", "");
      // Said once, beside the form (not again at the top of the page).
      expect(html.split('class="form-alert__message">The note and tags are saved.<')).toHaveLength(2);
      expect(html).toContain("Likes totes</textarea>");
      expect(html).toContain('value="vip, wholesale"');
      expect(html).toContain('href="/admin/customers?tag=wholesale"');
      const list = (await (await page("/admin/customers?tag=wholesale", "staff")).text()).replaceAll(
        "<!-- -->",
        "",
      );
      expect(list).toContain("1 customer");
      expect(list).toContain('href="/api/admin/customers.csv?tag=wholesale" download=""');
      await form(path, "staff", { intent: "notes", staff_note: "", tags: "" });
    });

    it("disables a customer from their page with the staff member's password: their session ends", async () => {
      const path = await customerPath();
      const detail = await (await page(path, "owner")).text();
      expect(detail).toContain("Disable this account");
      expect(detail).toMatch(/<input[^>]*type="password"[^>]*autocomplete="current-password"/i);

      const wrong = await form(path, "owner", { intent: "disable", current_password: "not it" });
      expect(wrong.status).toBe(422);
      expect(await wrong.text()).toContain("The password is incorrect.");
      expect((await page("/user-dashboard", "customer")).status).toBe(200);

      const done = await form(path, "owner", { intent: "disable", current_password: "correct horse" });
      expect(done.status).toBe(200);
      const html = await done.text();
      expect(html).toContain("The account is disabled and signed out everywhere.");
      expect(html).toContain("Enable this account");
      // The record's history shows the change, and so does the audit log.
      expect(html).toContain(">History</h2>");
      expect(html).toContain("Disabled the account");
      const log = await (await page("/admin/audit?entity_type=user", "staff")).text();
      expect(log).toContain("Disabled the account");
      expect(log).toContain("owner@example.test");
      expect(log).toMatch(/<del>—<\/del>/);
      const signedOut = await page("/user-dashboard", "customer");
      expect(signedOut.status).toBe(302);
      expect(signedOut.headers.get("location")).toMatch(/^\/user-login/);

      const missing = await page("/admin/customers/999999", "owner");
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain("No customer has this id.");
    });
  });

  describe("staff", () => {
    const post = (fields: Record<string, string>) =>
      host.request("/admin/staff", {
        method: "POST",
        headers: {
          cookie: cookies.owner,
          origin: HOST_URL,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams(fields).toString(),
      });

    it("is the owner's page: staff get a 403 that says so", async () => {
      const refused = await page("/admin/staff", "staff");
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain("Only the shop&#x27;s owner can do this.");
      const html = await (await page("/admin/staff", "owner")).text();
      expect(html).toContain("Who can open the back office");
      expect(html).toContain("staff@example.test");
      expect(html).toContain("(you)");
    });

    it("invites by email, lists the invitation, withdraws it, and keeps what was typed when refused", async () => {
      const sent = await post({
        intent: "invite",
        email: "new.staff@example.test",
        role: "staff",
        current_password: "correct horse",
      });
      expect(sent.status).toBe(201);
      const html = await sent.text();
      expect(html).toContain("Invitation sent to new.staff@example.test.");
      expect(html).toContain("Invitations waiting");
      expect(html).toMatch(/<th scope="row"[^>]*>new\.staff@example\.test<\/th>/);
      expect(
        await database.db
          .selectFrom("users")
          .select("id")
          .where("email", "=", "new.staff@example.test")
          .execute(),
      ).toEqual([]);

      const invitation = await database.db
        .selectFrom("staff_invitations")
        .select("id")
        .where("email", "=", "new.staff@example.test")
        .executeTakeFirstOrThrow();
      const withdrawn = await post({
        intent: "revoke",
        invitation: String(invitation.id),
        current_password: "correct horse",
      });
      expect(withdrawn.status).toBe(200);
      const after = await withdrawn.text();
      expect(after).toContain(
        "The invitation to new.staff@example.test was withdrawn; its link no longer works.",
      );
      expect(after).toContain("No invitation is waiting to be accepted.");

      const refused = await post({
        intent: "invite",
        email: "second@example.test",
        role: "boss",
        current_password: "correct horse",
      });
      expect(refused.status).toBe(422);
      const refusedHtml = await refused.text();
      expect(refusedHtml).toContain("The role must be staff or owner.");
      expect(refusedHtml).toMatch(/value="second@example.test"/);
    });

    it("keeps the last owner, saying why", async () => {
      const owner = await database.db
        .selectFrom("users")
        .select("id")
        .where("email", "=", "owner@example.test")
        .executeTakeFirstOrThrow();
      const refused = await post({
        intent: "role",
        id: String(owner.id),
        role: "staff",
        current_password: "correct horse",
      });
      expect(refused.status).toBe(409);
      expect(await refused.text()).toContain("The shop must keep at least one owner");
    });
  });

  it("sends a staff member whose session went idle to sign in again", async () => {
    const staffId = (
      await database.db
        .selectFrom("users")
        .select("id")
        .where("email", "=", "staff@example.test")
        .executeTakeFirstOrThrow()
    ).id;
    const idle = new Date(Date.now() - 31 * 60_000).toISOString();
    await database.db
      .updateTable("auth_tokens")
      .set({ created_at: idle, last_used_at: idle })
      .where("user_id", "=", staffId)
      .execute();
    const response = await page("/admin", "staff");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/user-login?redirect=%2Fadmin");
    // The dead session's cookie is cleared on the way.
    expect(response.headers.getSetCookie().some((cookie) => /^shop_session=;/.test(cookie))).toBe(true);
  });
});
