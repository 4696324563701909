import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "../../platform/mail.ts";
import { SHOP_DETAILS_DEFAULTS, type ShopDetails } from "../../shared/contracts/shop-details.ts";
import { type AdminHarness, adminHarness, expectBackOfficeOnly } from "../../testing/admin-harness.ts";
import { apiHarness, shopper } from "../../testing/api-harness.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";

const { engine, available } = testEngine();

const CHANGED: ShopDetails = {
  name: "Threads & Co",
  tagline: "Kurtas and totes from Multan",
  phone: "0300 7654321",
  whatsapp: "+92 301 1112223",
  email: "salam@threads.pk",
  address: "22 Bosan Road",
  city: "Multan",
  opening_hours: ["Monday to Saturday, 10 am to 8 pm", "Sunday closed"],
  social: {
    facebook: "https://www.facebook.com/threadsco",
    instagram: "https://instagram.com/threadsco",
    tiktok: "https://www.tiktok.com/@threadsco",
    x: "",
    youtube: "",
    pinterest: "",
  },
};

/** The shop's details and content pages (issue 35 item 2, decision 0066). */
describe.skipIf(!available)(`shop details and content pages on ${engine}`, () => {
  let database: TestDatabase;
  let admin: AdminHarness;
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-details-mail-"));

  beforeAll(async () => {
    database = await createTestDatabase();
    const mailer = createMailer({ outboxDir, from: "Shop <orders@shop.test>" });
    admin = await adminHarness(database, apiHarness(database, { mailer }));
  });
  afterAll(() => database?.drop());

  it("lets staff read the details and only the owner change them; pages are for staff and owners", async () => {
    await expectBackOfficeOnly(admin, "GET", "/admin/settings/shop");
    await expectBackOfficeOnly(admin, "PUT", "/admin/settings/shop", CHANGED, "owner");
    await expectBackOfficeOnly(admin, "GET", "/admin/pages");
    await expectBackOfficeOnly(admin, "PUT", "/admin/pages/about", { title: "x", body_html: "<p>x</p>" });
    expect((await admin.staff.get("/admin/settings/shop")).status).toBe(200);
  });

  it("answers today's details and texts until someone saves", async () => {
    const details = await shopper(admin.api).get("/shop");
    expect(details.status).toBe(200);
    expect(details.body).toEqual(SHOP_DETAILS_DEFAULTS);
    const about = await shopper(admin.api).get("/pages/about");
    expect(about.body).toMatchObject({ slug: "about", path: "/about", title: "About", updated_at: null });
    expect(about.body.body_html).toContain("Bags &#38; Threads began in 2016");
    const terms = (await shopper(admin.api).get("/pages/terms")).body.body_html as string;
    expect(terms).toContain("cash");
    expect(terms).toContain("within 30 days of delivery");
    const list = await admin.staff.get("/admin/pages");
    expect(list.body.data.map((page: { slug: string }) => page.slug)).toEqual([
      "about",
      "terms",
      "delivery",
      "privacy",
      "returns",
      "faq",
    ]);
    expect((await shopper(admin.api).get("/pages/blog")).status).toBe(404);
  });

  it("refuses a foreign phone, a social link on another site or over http, and a missing name, saving nothing", async () => {
    const refused = await admin.owner.call("PUT", "/admin/settings/shop", {
      ...CHANGED,
      name: " ",
      phone: "+44 20 7946 0000",
      social: {
        ...CHANGED.social,
        instagram: "https://evil.example/instagram.com",
        facebook: "http://facebook.com/x",
      },
      opening_hours: Array.from({ length: 8 }, () => "Open"),
    });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors).sort()).toEqual([
      "name",
      "opening_hours",
      "phone",
      "social.facebook",
      "social.instagram",
    ]);
    expect(refused.body.errors["social.instagram"]).toEqual([
      "The Instagram link must be an https address on instagram.com, such as https://www.instagram.com/yourshop.",
    ]);
    expect((await admin.staff.get("/admin/settings/shop")).body).toEqual(SHOP_DETAILS_DEFAULTS);
  });

  it("saves the owner's details, audits them, and shows them to shoppers and in the mails", async () => {
    const saved = await admin.owner.call("PUT", "/admin/settings/shop", CHANGED);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(CHANGED);
    expect((await shopper(admin.api).get("/shop")).body).toEqual(CHANGED);
    const audit = await database.db
      .selectFrom("audit_log")
      .select(["before", "after", "actor_email"])
      .where("action", "=", "settings.shop-details")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before!)).toEqual(SHOP_DETAILS_DEFAULTS);
    expect(JSON.parse(audit.after!)).toEqual(CHANGED);
    expect(audit.actor_email).toBe(admin.owner.user.email);

    // A mail composed now carries the new name and address, and is sent from the new name.
    const forgot = await shopper(admin.api).post("/password/forgot", { email: admin.customer.user.email });
    expect(forgot.status).toBe(200);
    // The reset mail is queued after the answer (the same answer for any address), so wait for it.
    const queued = () =>
      database.db
        .selectFrom("mail_outbox")
        .select("id")
        .where("recipient", "=", admin.customer.user.email)
        .executeTakeFirst();
    await expect.poll(queued).toBeDefined();
    await admin.api.deliverMail();
    const [file] = fs.readdirSync(outboxDir);
    const mail = fs.readFileSync(path.join(outboxDir, file!), "utf8").replace(/=\r?\n/g, "");
    expect(mail).toContain('From: "Threads & Co" <orders@shop.test>');
    expect(mail).toContain("Subject: Reset your Threads & Co password");
    expect(mail).toContain("Threads &#38; Co");
    expect(mail).toContain("22 Bosan Road, Multan, Pakistan");
    expect(mail).toContain("salam@threads.pk");
    expect(mail).not.toContain("Bags");
  });

  it("keeps a page's safe HTML only, previews it without saving, and audits the save", async () => {
    const unsafe =
      '<h2>Our story</h2><p onclick="x()">Made in <b>Multan</b></p><script>alert(1)</script><img src=x onerror=y>';
    const preview = await admin.staff.call("POST", "/admin/pages/about/preview", { body_html: unsafe });
    expect(preview.status).toBe(200);
    expect(preview.body.body_html).toBe("<h2>Our story</h2><p>Made in <b>Multan</b></p>");
    expect((await shopper(admin.api).get("/pages/about")).body.updated_at).toBeNull();

    const saved = await admin.staff.call("PUT", "/admin/pages/about", {
      title: " About Threads ",
      body_html: unsafe,
      seo_title: "About Threads & Co",
      seo_description: "Kurtas and totes from Multan.",
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      title: "About Threads",
      body_html: "<h2>Our story</h2><p>Made in <b>Multan</b></p>",
      seo_title: "About Threads & Co",
      updated_by: admin.staff.user.email,
    });
    expect((await shopper(admin.api).get("/pages/about")).body).toEqual(saved.body);
    const audit = await database.db
      .selectFrom("audit_log")
      .select(["action", "entity_type", "entity_id"])
      .where("entity_type", "=", "page")
      .execute();
    expect(audit).toEqual([{ action: "page.create", entity_type: "page", entity_id: "about" }]);
  });

  it("refuses a page with nothing left to show, a missing title, an overlong search title or an unknown page", async () => {
    const empty = await admin.staff.call("PUT", "/admin/pages/terms", {
      title: "Terms",
      body_html: "<script>alert(1)</script>",
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.body_html).toEqual([
      "The text has nothing to show once the HTML the shop does not keep is removed.",
    ]);
    const fields = await admin.staff.call("PUT", "/admin/pages/terms", {
      title: "",
      body_html: "<p>Terms</p>",
      seo_title: "x".repeat(71),
    });
    expect(Object.keys(fields.body.errors).sort()).toEqual(["seo_title", "title"]);
    expect(
      (await admin.staff.call("PUT", "/admin/pages/blog", { title: "x", body_html: "<p>x</p>" })).status,
    ).toBe(404);
    expect((await shopper(admin.api).get("/pages/terms")).body.updated_at).toBeNull();
  });
});
