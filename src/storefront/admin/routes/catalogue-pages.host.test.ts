import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalogue } from "../../../testing/factories.ts";
import { HOST_URL, type HostHarness, hostHarness } from "../../../testing/host-harness.ts";
import { createTestDatabase, type TestDatabase } from "../../../testing/test-db.ts";

/**
 * The catalogue screens through the real host, as plain forms without JavaScript: the guard, each section's
 * list, a change that redirects (303) so a reload cannot repeat it, and a refusal that keeps what was typed.
 */
describe("back-office catalogue pages", () => {
  let database: TestDatabase;
  let host: HostHarness;
  const cookies: Record<"customer" | "staff", string> = { customer: "", staff: "" };

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
    await buildCatalogue(database.db);
    host = await hostHarness(database);
    cookies.customer = await register("customer@example.test");
    cookies.staff = await register("staff@example.test");
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

  const page = (path: string, role?: keyof typeof cookies) =>
    host.request(path, role ? { headers: { cookie: cookies[role] } } : {});
  const post = (path: string, fields: Record<string, string>) =>
    host.request(path, {
      method: "POST",
      headers: {
        cookie: cookies.staff,
        origin: HOST_URL,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(fields).toString(),
    });

  it("keeps guests and customers out", async () => {
    const guest = await page("/admin/catalogue/tags");
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toBe(
      `/user-login?redirect=${encodeURIComponent("/admin/catalogue/tags")}`,
    );
    expect((await page("/admin/catalogue", "customer")).status).toBe(403);
  });

  it("shows the overview and every section; an unknown section is a 404", async () => {
    const overview = await (await page("/admin/catalogue", "staff")).text();
    expect(overview).toContain("2 categories");
    expect(overview).toContain("4 colours");
    for (const [section, text] of [
      ["categories", "/shop/handbags"],
      ["colours", "#c19a6b"],
      ["sizes", "One Size"],
      ["tags", "Leather"],
      ["sliders", "Add a slide"],
    ]) {
      const response = await page(`/admin/catalogue/${section}`, "staff");
      expect(response.status, section).toBe(200);
      expect(await response.text(), section).toContain(text);
    }
    expect((await page("/admin/catalogue/brands", "staff")).status).toBe(404);
  });

  it("adds a slide with a phone picture of its own from the plain form", async () => {
    const picture = (background: string, width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background } })
        .png()
        .toBuffer();
    const form = new FormData();
    form.append("intent", "create");
    form.append("url", "/shop");
    form.append("title", "Two pictures");
    form.append("starts_at", "");
    form.append("ends_at", "");
    form.append(
      "image",
      new File([new Uint8Array(await picture("#ff0000", 1600, 600))], "wide.png", { type: "image/png" }),
    );
    form.append(
      "image_mobile",
      new File([new Uint8Array(await picture("#0000ff", 800, 1000))], "tall.png", { type: "image/png" }),
    );
    const added = await host.request("/admin/catalogue/sliders", {
      method: "POST",
      headers: { cookie: cookies.staff, origin: HOST_URL },
      body: form,
    });
    expect(added.status).toBe(303);
    const row = await database.db
      .selectFrom("sliders")
      .select(["image", "image_mobile"])
      .where("title", "=", "Two pictures")
      .executeTakeFirstOrThrow();
    const phone = await host.request(row.image_mobile, { headers: { accept: "image/webp" } });
    expect(phone.status).toBe(200);
    const { data, info } = await sharp(Buffer.from(await phone.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([800, 1000]);
    expect(data[2]).toBeGreaterThan(200);
    expect(data[0]).toBeLessThan(60);
  });

  it("adds a subcategory with a plain form, and shows a refusal with what was typed", async () => {
    const bags = await database.db
      .selectFrom("categories")
      .select("id")
      .where("slug", "=", "handbags")
      .executeTakeFirstOrThrow();
    const added = await post("/admin/catalogue/categories", {
      intent: "create",
      name: "Evening Bags",
      parent_id: String(bags.id),
      slug: "",
    });
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe("/admin/catalogue/categories?done=create");
    const listed = await (await page("/admin/catalogue/categories?done=create", "staff")).text();
    expect(listed).toContain("Added.");
    expect(listed).toContain("/shop/evening-bags");
    expect(listed).toContain("(under Handbags)");

    const refused = await post("/admin/catalogue/categories", {
      intent: "create",
      name: "Handbags",
      parent_id: "",
      slug: "",
    });
    expect(refused.status).toBe(422);
    const html = await refused.text();
    expect(html).toContain("There is already a category named “Handbags” here.");
    expect(html).toMatch(/value="Handbags"/);
  });

  it("moves a size down, and refuses deleting a colour in use, saying how many", async () => {
    const sizes = await database.db.selectFrom("sizes").select(["id", "name"]).orderBy("position").execute();
    const moved = await post("/admin/catalogue/sizes", {
      intent: "move",
      id: String(sizes[0]!.id),
      direction: "down",
    });
    expect(moved.status).toBe(303);
    const after = await database.db.selectFrom("sizes").select("name").orderBy("position").execute();
    expect(after.map((row) => row.name).slice(0, 2)).toEqual([sizes[1]!.name, sizes[0]!.name]);

    const black = await database.db
      .selectFrom("colors")
      .select("id")
      .where("name", "=", "Black")
      .executeTakeFirstOrThrow();
    const refused = await post("/admin/catalogue/colours", { intent: "delete", id: String(black.id) });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("This colour is used by 3 variants of 3 products.");
  });
});
