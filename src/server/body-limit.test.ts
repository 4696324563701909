import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { CATALOG_CSV_MAX_BYTES } from "../shared/catalogue-csv.ts";
import { RETURN_BODY_MAX_BYTES } from "../shared/returns.ts";
import { storefrontBodyLimit } from "./body-limit.ts";

/** The pages' body limits: 1 MB for forms, 10 MB for a product photo and for the catalogue CSV import. */
describe("storefrontBodyLimit", () => {
  const app = new Hono();
  app.use("*", storefrontBodyLimit());
  app.post("*", async (c) => c.text(String((await c.req.arrayBuffer()).byteLength)));
  const post = (path: string, bytes: number) =>
    app.request(path, {
      method: "POST",
      body: new Uint8Array(bytes),
      headers: { "content-length": String(bytes) },
    });

  it("lets a catalogue CSV of up to 10 MB reach the import page, and no other page", async () => {
    const csv = 2 * 1024 * 1024;
    expect((await post("/admin/products/import", csv)).status).toBe(200);
    expect((await post("/admin/products/import.data", csv)).status).toBe(200);
    expect((await post("/admin/products/new", csv)).status).toBe(413);
    const over = await post("/admin/products/import", CATALOG_CSV_MAX_BYTES + 100 * 1024);
    expect(over.status).toBe(413);
    expect(await over.text()).toContain("more than a catalogue CSV may be");
  });

  it("lets a return request's photos (3 of 5 MB) reach the return page, and refuses more", async () => {
    const photos = 12 * 1024 * 1024;
    expect((await post("/order-returns", photos)).status).toBe(200);
    expect((await post("/order-returns.data", photos)).status).toBe(200);
    expect((await post("/order-lookup", photos)).status).toBe(413);
    const over = await post("/order-returns", RETURN_BODY_MAX_BYTES + 1024);
    expect(over.status).toBe(413);
    expect(await over.text()).toContain("photos of 5 MB each");
  });
});
