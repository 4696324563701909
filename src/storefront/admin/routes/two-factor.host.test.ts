import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { HOST_URL, type HostHarness, hostHarness } from "../../../testing/host-harness.ts";
import { createTestDatabase, type TestDatabase } from "../../../testing/test-db.ts";
import { nextStepCode } from "../../../testing/two-factor.ts";

/**
 * The two-factor pages through the real host, without JavaScript (plain form posts): set-up with the QR code and
 * the key written out, the recovery codes shown once, the back office's guard sending a session that owes its
 * code to the code page (and one the owner's rule catches to the set-up), and the owner's switch.
 */
describe("two-factor sign-in pages", () => {
  let database: TestDatabase;
  let host: HostHarness;
  const PASSWORD = "correct horse";

  async function register(email: string, role: "customer" | "staff" | "owner"): Promise<void> {
    const response = await form("/user-register", "", {
      first_name: "Sana",
      last_name: "Mir",
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(response.status).toBe(302);
    await database.db.updateTable("users").set({ role }).where("email", "=", email).execute();
  }

  /** Signs in through the login page with the password alone; the session cookie it sets. */
  async function signIn(email: string): Promise<string> {
    const response = await form("/user-login", "", { email, password: PASSWORD, redirect: "/admin" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin");
    return response.headers.getSetCookie()[0]!.split(";")[0]!;
  }

  const page = (path: string, cookie: string) => host.request(path, { headers: { cookie } });
  const form = (path: string, cookie: string, fields: Record<string, string>) =>
    host.request(path, {
      method: "POST",
      headers: { cookie, origin: HOST_URL, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  const keyIn = (html: string) =>
    /data-testid="two-factor-key">([A-Z2-7 ]+)</.exec(html)?.[1]?.replaceAll(" ", "");

  /** Sets up two-factor sign-in through the page, as a member without JavaScript would; answers the key. */
  async function setUp(cookie: string, path = "/admin/two-factor"): Promise<{ key: string; html: string }> {
    const started = await form(path, cookie, { intent: "start" });
    const key = keyIn(await started.text());
    if (!key) throw new Error("no key on the set-up page");
    const confirmed = await form(path, cookie, { intent: "confirm", code: nextStepCode(key) });
    expect(confirmed.status).toBe(200);
    return { key, html: await confirmed.text() };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    host = await hostHarness(database);
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await database?.drop();
  });
  afterEach(() => vi.useRealTimers());

  it("sets up without JavaScript: QR code and key, a wrong code keeps the same key, then ten recovery codes once", async () => {
    await register("setup@example.test", "staff");
    const cookie = await signIn("setup@example.test");

    const intro = await page("/admin/two-factor", cookie);
    expect(intro.status).toBe(200);
    expect(intro.headers.get("cache-control")).toBe("private, no-store");
    const introHtml = await intro.text();
    expect(introHtml).toContain("<title>Two-factor sign-in | Back office | Bags &amp; Threads</title>");
    expect(introHtml).toContain('name="intent" value="start"');

    const scan = await form("/admin/two-factor", cookie, { intent: "start" });
    expect(scan.status).toBe(200);
    const scanHtml = await scan.text();
    expect(scanHtml).toMatch(/<img class="two-factor__qr" src="data:image\/svg\+xml,%3Csvg/);
    expect(scanHtml).toContain('alt="QR code to scan with your authenticator app"');
    const key = keyIn(scanHtml);
    expect(key).toMatch(/^[A-Z2-7]{32}$/);

    const wrong = await form("/admin/two-factor", cookie, { intent: "confirm", code: "000000" });
    expect(wrong.status).toBe(422);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain("That code is not right.");
    expect(keyIn(wrongHtml)).toBe(key);

    const done = await form("/admin/two-factor", cookie, { intent: "confirm", code: nextStepCode(key!) });
    expect(done.status).toBe(200);
    const codesHtml = await done.text();
    expect(codesHtml).toContain("Save your recovery codes");
    const codes = [...codesHtml.matchAll(/<li>([a-z2-9]{5}-[a-z2-9]{5})<\/li>/g)].map((match) => match[1]!);
    expect(codes).toHaveLength(10);
    expect(codesHtml).toContain('name="intent" value="saved"');
    expect(codesHtml).toMatch(/<input type="checkbox" [^>]*required=""/);
    const onwards = await form("/admin/two-factor", cookie, { intent: "saved", saved: "on" });
    expect(onwards.status).toBe(302);
    expect(onwards.headers.get("location")).toBe("/admin");
    expect(codesHtml).not.toContain(key);

    // Shown once: the page now says it is on, with no key and no codes.
    const onHtml = await (await page("/admin/two-factor", cookie)).text();
    expect(onHtml).toContain("Two-factor sign-in is on");
    expect(onHtml).toContain("10 of 10");
    for (const code of codes) expect(onHtml).not.toContain(code);
    expect(onHtml).not.toContain(key);
  }, 30_000);

  it("keeps customers and guests out of the two-factor pages", async () => {
    await register("shopper@example.test", "customer");
    const customer = (
      await form("/user-login", "", { email: "shopper@example.test", password: PASSWORD })
    ).headers
      .getSetCookie()[0]!
      .split(";")[0]!;
    for (const path of ["/admin/two-factor", "/admin/two-factor/verify"]) {
      const refused = await page(path, customer);
      expect(refused.status, path).toBe(403);
      expect(await refused.text()).toContain("Staff only");
      const guest = await page(path, "");
      expect(guest.status, path).toBe(302);
      expect(guest.headers.get("location")).toBe(`/user-login?redirect=${encodeURIComponent(path)}`);
    }
    expect((await form("/admin/two-factor", customer, { intent: "start" })).status).toBe(403);
  });

  it("after the password, every back-office page sends the member to the code page, which brings them back", async () => {
    await register("verify@example.test", "staff");
    const { key } = await setUp(await signIn("verify@example.test"));
    const cookie = await signIn("verify@example.test");

    for (const path of ["/admin", "/admin/orders?status=pending"]) {
      const refused = await page(path, cookie);
      expect(refused.status, path).toBe(302);
      expect(refused.headers.get("location")).toBe(
        `/admin/two-factor/verify?redirect=${encodeURIComponent(path)}`,
      );
    }
    // The set-up page cannot be used to replace the key: it goes to the code page too.
    expect((await page("/admin/two-factor", cookie)).headers.get("location")).toBe(
      "/admin/two-factor/verify?redirect=%2Fadmin",
    );

    const verify = await page("/admin/two-factor/verify?redirect=%2Fadmin%2Forders", cookie);
    expect(verify.status).toBe(200);
    const html = await verify.text();
    expect(html).toContain("Enter your code");
    expect(html).toMatch(/<input[^>]*autoComplete="one-time-code"[^>]*name="code"/);
    expect(html).toContain('name="redirect" value="/admin/orders"');
    expect(html).not.toContain('aria-label="Back office"');

    const wrong = await form("/admin/two-factor/verify", cookie, {
      code: "000000",
      redirect: "/admin/orders",
    });
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain("That code is not right.");

    const right = await form("/admin/two-factor/verify", cookie, {
      code: nextStepCode(key),
      redirect: "/admin/orders",
    });
    expect(right.status).toBe(302);
    expect(right.headers.get("location")).toBe("/admin/orders");
    expect((await page("/admin/orders", cookie)).status).toBe(200);
    // Done: the code page sends a complete session on.
    expect((await page("/admin/two-factor/verify", cookie)).headers.get("location")).toBe("/admin");
  });

  it("the owner's switch on the staff screen sends a member without it to the set-up first", async () => {
    await register("owner@example.test", "owner");
    await register("member@example.test", "staff");
    const owner = await signIn("owner@example.test");
    const staffHtml = await (await page("/admin/staff", owner)).text();
    expect(staffHtml).toContain("Require two-factor sign-in for all staff and owners");
    expect(staffHtml).toContain(">Off</span>");

    const ownFirst = await form("/admin/staff", owner, {
      intent: "two-factor",
      required: "true",
      current_password: PASSWORD,
    });
    expect(ownFirst.status).toBe(409);
    expect(await ownFirst.text()).toContain("Turn on two-factor sign-in for your own account first");

    await setUp(owner);
    const saved = await form("/admin/staff", owner, {
      intent: "two-factor",
      required: "true",
      current_password: PASSWORD,
    });
    expect(saved.status).toBe(200);
    const savedHtml = await saved.text();
    expect(savedHtml).toContain("Two-factor sign-in is now required");
    expect(savedHtml).toContain(">Set-up due</span>");
    expect(savedHtml).toContain(">On</span>");

    const member = await signIn("member@example.test");
    const sent = await page("/admin/orders", member);
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/admin/two-factor?redirect=%2Fadmin%2Forders");
    const setupHtml = await (await page("/admin/two-factor?redirect=%2Fadmin%2Forders", member)).text();
    expect(setupHtml).toContain("Required by the shop");
    await setUp(member, "/admin/two-factor?redirect=%2Fadmin%2Forders");
    const onwards = await form("/admin/two-factor?redirect=%2Fadmin%2Forders", member, { intent: "saved" });
    expect(onwards.headers.get("location")).toBe("/admin/orders");
    expect((await page("/admin/orders", member)).status).toBe(200);

    // The owner removes the member's two-factor sign-in (lost phone and codes): the member is signed out.
    const resetHtml = await (await page("/admin/staff", owner)).text();
    expect(resetHtml).toContain("Lost phone and recovery codes?");
    const memberId = (
      await database.db
        .selectFrom("users")
        .select("id")
        .where("email", "=", "member@example.test")
        .executeTakeFirstOrThrow()
    ).id;
    const removed = await form("/admin/staff", owner, {
      intent: "two-factor-reset",
      id: String(memberId),
      current_password: PASSWORD,
    });
    expect(removed.status).toBe(200);
    expect(await removed.text()).toContain("Their two-factor sign-in was removed");
    expect((await page("/admin/orders", member)).headers.get("location")).toBe(
      "/user-login?redirect=%2Fadmin%2Forders",
    );

    await form("/admin/staff", owner, { intent: "two-factor", current_password: PASSWORD });
    expect(
      (await database.db.selectFrom("staff_two_factor_policy").select("required").executeTakeFirstOrThrow())
        .required,
    ).toBe(0);
  });
});
