import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOG_CSV_COLUMNS, CATALOG_CSV_MESSAGES } from "../../../shared/catalogue-csv.ts";
import {
  type AdminHarness,
  adminHarness,
  cookieClient,
  expectBackOfficeOnly,
  SAME_ORIGIN,
} from "../../../testing/admin-harness.ts";
import { apiHarness, type Shopper } from "../../../testing/api-harness.ts";
import { buildCatalogue } from "../../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../testing/test-db.ts";
import { csvRecord } from "../../csv.ts";

const { engine, available } = testEngine();

const FILE = [
  csvRecord(CATALOG_CSV_COLUMNS),
  csvRecord(
    CATALOG_CSV_COLUMNS.map(
      (column) =>
        ({
          Handle: "route-satchel",
          Title: "Route Satchel",
          Category: "Handbags",
          Status: "active",
          "Option1 Value": "Tan",
          "Option2 Value": "One Size",
          "Variant Price": "2500",
          "Variant Inventory Qty": "3",
        })[column as string] ?? "",
    ),
  ),
].join("");

/** A multipart upload as the back office's form sends it. */
async function importFile(
  admin: AdminHarness,
  client: Shopper,
  file: { text: string | Uint8Array<ArrayBuffer>; name?: string } | null,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  if (file) form.append("file", new File([file.text], file.name ?? "catalogue.csv", { type: "text/csv" }));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const headers = new Headers();
  if (client.token) headers.set("authorization", `Bearer ${client.token}`);
  if (client.cookies.size > 0) {
    headers.set("cookie", [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
  }
  const response = await admin.api.request("/admin/catalogue/import-now", {
    method: "POST",
    headers,
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe.skipIf(!available)(`catalogue CSV routes on ${engine}`, () => {
  let database: TestDatabase;
  let admin: AdminHarness;

  beforeAll(async () => {
    database = await createTestDatabase();
    await buildCatalogue(database.db);
    admin = await adminHarness(database, apiHarness(database));
  });
  afterAll(() => database?.drop());

  it("is for staff and owners only", async () => {
    await expectBackOfficeOnly(admin, "GET", "/admin/catalogue/export.csv");
    await expectBackOfficeOnly(admin, "POST", "/admin/catalogue/import-now", {});
    expect((await importFile(admin, admin.customer, { text: FILE })).status).toBe(403);
    expect(
      await database.db.selectFrom("products").select("id").where("slug", "=", "route-satchel").execute(),
    ).toEqual([]);
  });

  it("checks a file without saving it, then imports it, answering the report", async () => {
    const checked = await importFile(admin, admin.staff, { text: FILE }, { dry_run: "on" });
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({ dry_run: true, products: { created: 1 } });
    const imported = await importFile(admin, admin.owner, { text: FILE });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({
      dry_run: false,
      products: { created: 1, updated: 0, unchanged: 0, rejected: 0 },
      rows: { created: 1, total: 1 },
      rejections: [],
    });
    const product = await admin.staff.get("/product/route-satchel");
    expect(product.status).toBe(200);
    const entry = await database.db
      .selectFrom("audit_log")
      .select(["actor_email", "after"])
      .where("action", "=", "catalogue.import")
      .executeTakeFirstOrThrow();
    expect(entry.actor_email).toBe(admin.owner.user.email);
    expect(JSON.parse(entry.after!)).toMatchObject({ file: "catalogue.csv", products: { created: 1 } });
  });

  it("takes the back office's session cookie from its own pages only", async () => {
    const page = cookieClient(admin.api, admin.staff, SAME_ORIGIN);
    expect((await importFile(admin, page, { text: FILE })).body.products).toMatchObject({ unchanged: 1 });
    const foreign = cookieClient(admin.api, admin.staff, { origin: "https://evil.example" });
    const refused = await admin.api.request("/admin/catalogue/import-now", {
      method: "POST",
      headers: {
        origin: "https://evil.example",
        cookie: [...foreign.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      },
      body: new FormData(),
    });
    expect(refused.status).toBe(403);
  });

  it("refuses what is not a catalogue CSV with a clear message and changes nothing", async () => {
    const cases: [string, Awaited<ReturnType<typeof importFile>>, string][] = [
      ["no file", await importFile(admin, admin.staff, null), CATALOG_CSV_MESSAGES.fileRequired],
      ["empty file", await importFile(admin, admin.staff, { text: "" }), CATALOG_CSV_MESSAGES.fileRequired],
      [
        "no header",
        await importFile(admin, admin.staff, { text: "route-x,Title\r\n" }),
        "The first row must be the header",
      ],
      [
        "not UTF-8",
        await importFile(admin, admin.staff, { text: new Uint8Array([0x48, 0x61, 0xe9, 0x0a]) }),
        CATALOG_CSV_MESSAGES.notUtf8,
      ],
    ];
    for (const [what, answer, message] of cases) {
      expect(answer.status, what).toBe(422);
      expect(answer.body.errors.file[0], what).toContain(message);
    }
    expect((await admin.staff.post("/admin/catalogue/import-now", { file: "x" })).status).toBe(415);
    const huge = await importFile(admin, admin.staff, { text: "x".repeat(10 * 1024 * 1024 + 100 * 1024) });
    expect(huge).toEqual({ status: 413, body: { message: CATALOG_CSV_MESSAGES.tooLarge } });
  });

  it("answers hostile files and fields with 4xx or a report, never 5xx", async () => {
    const header =
      "Handle,Title,Category,Option1 Value,Option2 Value,Variant Price,Variant SKU,Image Src,Tags";
    const files = [
      `${header}\r\nnul,T\u0000,Handbags,Black,S,1,SKU\u0000,/images/\u0000.webp,a\u0000\r\n`,
      `${header}\r\n\u0000,\u0000,\u0000,\u0000,\u0000,\u0000,\u0000,\u0000,\u0000\r\n`,
      `${header}\r\n${"a,".repeat(5000)}\r\n`,
      `${header}\r\nx,${"t".repeat(100_000)},Handbags,Black,S,1,,,\r\n`,
      `${header}\r\n__proto__,constructor,toString,Black,S,1e3,__proto__,/images/x.webp,"__proto__, constructor"\r\n`,
      `${header}\r\nx,T,Handbags,Black,S,99999999999999999999,,,\r\n`,
      `${header}\r\nx,T,Handbags,Black,S,1,${"S".repeat(500)},//evil.example/x.png,\r\n`,
      `${header}\r\n"x""y,T\r\n`,
      "\uFEFF",
    ];
    for (const text of files) {
      const answer = await importFile(admin, admin.staff, { text }, { dry_run: "on" });
      expect(answer.status, text.slice(0, 80)).toBeLessThan(500);
    }
    for (const value of ["", "off", "__proto__", "\u0000", "x".repeat(20_000)]) {
      const answer = await importFile(admin, admin.staff, { text: FILE }, { dry_run: value });
      expect(answer.status, value.slice(0, 20)).toBe(200);
    }
    const form = new FormData();
    form.append("file", "not a file");
    const text = await admin.api.request("/admin/catalogue/import-now", {
      method: "POST",
      headers: { authorization: `Bearer ${admin.staff.token}` },
      body: form,
    });
    expect(text.status).toBe(422);
  });

  it("exports the catalogue as a CSV download", async () => {
    const response = await admin.api.request("/admin/catalogue/export.csv", {
      headers: { authorization: `Bearer ${admin.staff.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="catalogue-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const text = await response.text();
    expect(text.startsWith(csvRecord(CATALOG_CSV_COLUMNS))).toBe(true);
    expect(text).toContain("route-satchel,Route Satchel,");
    expect(text).toContain("leather-tote,Leather Tote,");
  });

  it("describes both operations in the OpenAPI document", async () => {
    const document = (await (await admin.api.request("/openapi.json")).json()) as any;
    expect(
      Object.keys(document.paths["/api/admin/catalogue/export.csv"].get.responses["200"].content),
    ).toEqual(["text/csv"]);
    expect(Object.keys(document.paths["/api/admin/catalogue/import-now"].post.requestBody.content)).toEqual([
      "multipart/form-data",
    ]);
  });
});
