import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOST_URL, type HostHarness, hostHarness } from "../../../testing/host-harness.ts";
import { createTestDatabase, type TestDatabase } from "../../../testing/test-db.ts";

/**
 * The invitation link's page through the real host, signed out as the invitee is: it says what the link is for,
 * asks a name only when there is no account, signs the invitee in and opens the back office, and explains a
 * link that cannot be used.
 */
describe("staff invitation page", () => {
  let database: TestDatabase;
  let host: HostHarness;

  beforeAll(async () => {
    database = await createTestDatabase();
    host = await hostHarness(database);
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await database?.drop();
  });

  /** An invitation sent by an owner (through the service the staff screen calls); answers the mailed token. */
  async function invitationFor(email: string, role: "staff" | "owner" = "staff"): Promise<string> {
    const now = new Date().toISOString();
    const owner = await database.db
      .insertInto("users")
      .values({
        first_name: "Shop",
        last_name: "Owner",
        email: `owner-${Date.now()}-${Math.random()}@example.test`,
        password_hash: "scrypt$unused",
        phone: null,
        image: null,
        role: "owner",
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await host.api.services.admin.invitations.invite(
      { user: owner, tokenId: 0 },
      {
        email,
        role,
        current_password: "checked by the route",
      },
    );
    const mail = await database.db
      .selectFrom("mail_outbox")
      .select("text_body")
      .where("recipient", "=", email)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    return /\/staff-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text_body)![1]!;
  }

  const open = (token: string) => host.request(`/staff-invitation?token=${encodeURIComponent(token)}`);
  const send = (token: string, fields: Record<string, string>) =>
    host.request("/staff-invitation", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: HOST_URL },
      body: new URLSearchParams({ token, ...fields }).toString(),
    });

  it("asks a new invitee's name and password, then signs them in and opens the back office", async () => {
    const token = await invitationFor("nida@example.test");
    const page = await open(token);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toMatch(/no-store/);
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const html = await page.text();
    expect(html).toContain("<strong>nida@example.test</strong>");
    expect(html).toContain("a member of staff");
    expect(html).toContain('name="first_name"');

    const mismatch = await send(token, {
      first_name: "Nida",
      last_name: "Raza",
      password: "packing tape",
      password_confirmation: "packing tope",
    });
    expect(mismatch.status).toBe(422);
    expect(await mismatch.text()).toContain("The password confirmation does not match.");

    const accepted = await send(token, {
      first_name: "Nida",
      last_name: "Raza",
      password: "packing tape",
      password_confirmation: "packing tape",
    });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe("/admin");
    const session = accepted.headers.getSetCookie()[0]!.split(";")[0]!;
    const admin = await host.request("/admin", { headers: { cookie: session } });
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain("Dashboard");

    const again = await open(token);
    expect(again.status).toBe(422);
    expect(await again.text()).toContain("This invitation has already been used.");
  });

  it("asks only a password when the address already has an account, and says what accepting does", async () => {
    const register = await host.request("/user-register", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: HOST_URL },
      body: new URLSearchParams({
        first_name: "Hina",
        last_name: "Baig",
        email: "hina@example.test",
        password: "correct horse",
        password_confirmation: "correct horse",
      }).toString(),
    });
    expect(register.status).toBe(302);
    const token = await invitationFor("hina@example.test", "owner");
    const html = await (await open(token)).text();
    expect(html).toContain("an owner");
    expect(html).toContain("This address already has an account");
    expect(html).not.toContain('name="first_name"');
  });

  it("explains a missing, forged or withdrawn link, without a form", async () => {
    const missing = await host.request("/staff-invitation");
    expect(await missing.text()).toContain("This invitation link is not valid.");
    const forged = await open("forged-token");
    expect(forged.status).toBe(422);
    const forgedHtml = await forged.text();
    expect(forgedHtml).toContain("This invitation link is not valid.");
    expect(forgedHtml).not.toContain('name="password"');
    const token = await invitationFor("withdrawn@example.test");
    await database.db
      .updateTable("staff_invitations")
      .set({ revoked_at: new Date().toISOString() })
      .execute();
    expect(await (await open(token)).text()).toContain("This invitation was withdrawn.");
  });
});
