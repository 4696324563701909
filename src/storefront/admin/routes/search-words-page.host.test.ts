import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookie, signedInAs } from "../../../testing/admin-harness.ts";
import { buildCatalogue } from "../../../testing/factories.ts";
import { HOST_URL, type HostHarness, hostHarness } from "../../../testing/host-harness.ts";
import { createTestDatabase, type TestDatabase } from "../../../testing/test-db.ts";

/**
 * The search words page through the real host, as a browser without JavaScript uses it: the default words in
 * the textarea, a save that search follows at once, and a bad line refused by its number with what was typed
 * kept.
 */
describe("the search words page", { timeout: 30_000 }, () => {
  let database: TestDatabase;
  let host: HostHarness;
  let cookie = "";

  beforeAll(async () => {
    database = await createTestDatabase();
    await buildCatalogue(database.db);
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
  const post = (text: string) =>
    host.request("/admin/search-words", {
      method: "POST",
      headers: { cookie, origin: HOST_URL, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams([["synonyms", text]]).toString(),
      redirect: "manual",
    });

  it("shows the words a line in the menu's page, with each word to try", async () => {
    const { status, html } = await page("/admin/search-words");
    expect(status).toBe(200);
    expect(html).toContain('<h1 class="admin-page__title">Search words</h1>');
    expect(html).toContain('href="/admin/search-words"');
    expect(html).toContain("batwa: wallet, purse, card holder\n");
    expect(html).toContain('href="/shop?search=dupatta"');
  });

  it("saves the textarea, and the shop's search follows", async () => {
    const saved = await post("Thaila: tote\r\n\r\nbatwa: wallet,  purse\n");
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/admin/search-words?done=saved");
    const after = await page("/admin/search-words?done=saved");
    expect(after.html).toContain("The search words are saved.");
    expect(after.html).toContain("thaila: tote\nbatwa: wallet, purse</textarea>");
    const shop = await page("/shop?search=thaila");
    expect(shop.html).toContain("Leather Tote");
  });

  it("names the line of a refused entry and keeps what was typed", async () => {
    const text = "jora: kurta\n\nshalwar kameez: kurta\n";
    const refused = await post(text);
    expect(refused.status).toBe(422);
    const html = (await refused.text()).replaceAll("<!-- -->", "");
    expect(html).toContain(
      "Line 3: &quot;shalwar kameez&quot; is not one word: give each search word on its own, with letters and digits only.",
    );
    expect(html).toContain(`${text}</textarea>`);
    const noColon = await post("jora");
    expect(await noColon.text()).toContain("Line 1: Give at least one word it should also find.");
  });
});
