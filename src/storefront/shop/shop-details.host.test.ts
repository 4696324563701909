import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOST_URL, type HostHarness, hostHarness, registeredCookie } from "../../testing/host-harness.ts";
import { createTestDatabase, type TestDatabase } from "../../testing/test-db.ts";

const NEW_DETAILS = {
  name: "Threads & Co",
  tagline: "Kurtas and totes from Multan",
  phone: "0300 7654321",
  whatsapp: "",
  email: "salam@threads.pk",
  address: "22 Bosan Road",
  city: "Multan",
  opening_hours: "Every day, 11am to 9pm\r\n",
  "social.facebook": "https://www.facebook.com/threadsco",
  "social.instagram": "",
  "social.tiktok": "",
  "social.x": "",
  "social.youtube": "",
  "social.pinterest": "",
};

/**
 * The shop's details and pages through the real host (decision 0066): the back office's forms without
 * JavaScript, and the header, footer, contact page, JSON-LD and content pages following a save at once (the kept
 * pages are dropped).
 */
describe("the shop's details and pages", () => {
  let database: TestDatabase;
  let host: HostHarness;
  const cookies = { owner: "", staff: "" };

  beforeAll(async () => {
    database = await createTestDatabase();
    host = await hostHarness(database);
    cookies.owner = await registeredCookie(host, database, "owner@example.test", "owner");
    cookies.staff = await registeredCookie(host, database, "staff@example.test", "staff");
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await database?.drop();
  });

  async function page(path: string) {
    const response = await host.request(path, { headers: { accept: "text/html" } });
    return { html: await response.text(), cache: response.headers.get("x-cache"), status: response.status };
  }

  const post = (path: string, cookie: string, fields: Record<string, string>) =>
    host.request(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: HOST_URL, cookie },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });

  const jsonLd = (html: string) =>
    JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? "null");

  it("shows today's details until the owner saves, and only the owner may save", async () => {
    const contact = await page("/contact");
    expect(contact.html).toContain('href="tel:+924235000000"');
    expect(contact.html).toContain("14 Main Boulevard, Gulberg III, Lahore, Pakistan");
    expect(contact.html).toContain("Monday to Saturday, 10am to 7pm");
    expect(jsonLd((await page("/")).html)).toMatchObject({ "@type": "Store", name: "Bags & Threads" });

    const staffView = await host.request("/admin/shop-details", { headers: { cookie: cookies.staff } });
    const html = await staffView.text();
    expect(html).toContain("Only the shop&#x27;s owner can change the shop&#x27;s details.");
    expect(html).not.toContain('name="phone"');
    const refused = await post("/admin/shop-details", cookies.staff, NEW_DETAILS);
    expect(refused.status).toBe(403);
  });

  it("takes the owner's form, refusing a bad field with its message, and the shop follows at once", async () => {
    host.pages.clear();
    expect((await page("/contact")).cache).toBe("miss");
    expect((await page("/contact")).cache).toBe("hit");

    const bad = await post("/admin/shop-details", cookies.owner, {
      ...NEW_DETAILS,
      "social.facebook": "http://x",
    });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain("The Facebook link must be an https address on facebook.com");

    const saved = await post("/admin/shop-details", cookies.owner, NEW_DETAILS);
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/admin/shop-details?done=saved");

    const contact = await page("/contact");
    expect(contact.cache).toBe("miss");
    expect(contact.html).toContain("<title>Contact us | Threads &amp; Co</title>");
    expect(contact.html).toContain('href="tel:+923007654321"');
    expect(contact.html).toContain("22 Bosan Road, Multan, Pakistan");
    expect(contact.html).toContain("Every day, 11am to 9pm");
    expect(contact.html).toContain("© 2022 <!-- -->Threads &amp; Co");
    expect(contact.html).not.toContain("3500 0000");
    expect(contact.html).toContain('href="https://www.facebook.com/threadsco"');
    expect(contact.html).not.toContain("https://www.instagram.com/");

    const home = await page("/");
    expect(home.html).toContain("<title>Threads &amp; Co | Kurtas and totes from Multan</title>");
    expect(jsonLd(home.html)).toMatchObject({
      "@type": "Store",
      name: "Threads & Co",
      telephone: "+923007654321",
      email: "salam@threads.pk",
      address: { streetAddress: "22 Bosan Road", addressLocality: "Multan", addressCountry: "PK" },
      sameAs: ["https://www.facebook.com/threadsco"],
    });
  });

  it("lets staff preview a page without saving, then save it; the page shows it at once", async () => {
    const before = await page("/about");
    expect(before.html).toContain("began in 2016");
    expect((await page("/about")).cache).toBe("hit");
    const text = '<h2>Since 2019</h2><p>Stitched in <strong>Multan</strong>.</p><script>alert("x")</script>';
    const fields = { title: "Our story", body_html: text, seo_title: "", seo_description: "Who we are." };

    const preview = await post("/admin/pages/about", cookies.staff, { ...fields, intent: "preview" });
    expect(preview.status).toBe(200);
    const previewHtml = await preview.text();
    expect(previewHtml).toContain("Preview (not saved yet)");
    expect(previewHtml).toContain("<h2>Since 2019</h2><p>Stitched in <strong>Multan</strong>.</p>");
    expect(previewHtml).not.toContain('alert("x")</script>');
    expect((await page("/about")).cache).toBe("hit");

    const saved = await post("/admin/pages/about", cookies.staff, { ...fields, intent: "save" });
    expect(saved.status).toBe(303);
    const about = await page("/about");
    expect(about.cache).toBe("miss");
    expect(about.html).toContain("<title>Our story | Threads &amp; Co</title>");
    expect(about.html).toContain('<meta name="description" content="Who we are."/>');
    expect(about.html).toContain("<h2>Since 2019</h2><p>Stitched in <strong>Multan</strong>.</p>");
    expect(about.html).not.toContain("began in 2016");

    const privacy = await page("/privacy-policy");
    expect(privacy.html).toMatch(/id="returns-title"[^>]*>Returns<\/h2>/);
    expect(privacy.html).toMatch(/id="faq-title"[^>]*>FAQs<\/h2>/);
    const terms = await page("/terms-and-conditions");
    expect(terms.html).toMatch(/id="delivery-title"[^>]*>Delivery<\/h2>/);
    expect((await page("/admin/pages/blog")).status).not.toBe(200);
  });
});
