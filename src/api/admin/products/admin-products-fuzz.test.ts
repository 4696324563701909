import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Operation, operations } from "../../../shared/contracts/operations.ts";
import { type AdminHarness, adminHarness } from "../../../testing/admin-harness.ts";
import { apiHarness } from "../../../testing/api-harness.ts";
import { buildCatalogue } from "../../../testing/factories.ts";
import { BODIES, JSON_VALUES, URL_VALUES } from "../../../testing/hostile-values.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../testing/test-db.ts";

/**
 * The back office's product operations fed hostile values by a signed-in member of staff, who gets past the role
 * check to the validation and the services (the shop-wide fuzz test meets them as a customer, refused at once):
 * one field at a time, in the path, the query, the JSON body, a variant of the grid and the upload's form.
 * Nothing may answer 5xx.
 */

const { engine, available } = testEngine();

const PRODUCT_OPERATIONS = (Object.entries(operations) as [string, Operation][]).filter(([, operation]) =>
  operation.path.startsWith("/admin/products"),
);

describe.skipIf(!available)(`hostile input to the back office's products on ${engine}`, () => {
  let database: TestDatabase;
  let admin: AdminHarness;
  let validParams: Record<string, string>;
  let validBodies: Record<string, Record<string, unknown>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const catalogue = await buildCatalogue(database.db);
    admin = await adminHarness(database, apiHarness(database));
    const { colors, sizes, categories } = catalogue;
    const product = {
      title: "Fuzzed Bag",
      category_id: categories.bags.id,
      status: "draft",
      variants: [{ color_id: colors.black.id, size_id: sizes.small.id, price: "100", stock: 1 }],
    };
    const created = await admin.staff.post("/admin/products", product);
    expect(created.status).toBe(201);
    validParams = { id: String(created.body.id), imageId: "1" };
    validBodies = {
      adminCreateProduct: product,
      adminUpdateProduct: { ...product, updated_at: created.body.updated_at },
      adminReorderProductImages: { ids: [] },
      adminUpdateProductImage: { alt: "A photo" },
    };
  });
  afterAll(() => database?.drop());

  it("answers no 5xx to hostile paths, queries, bodies, grid cells and upload forms", async () => {
    const auth = { authorization: `Bearer ${admin.staff.token}` };
    const cases: { label: string; send: () => Promise<Response> }[] = [];
    const request =
      (method: string, path: string, init: RequestInit = {}) =>
      () =>
        admin.api.request(path, { method, ...init, headers: { ...auth, ...(init.headers as object) } });
    const json = (body: unknown): RequestInit => ({
      body: JSON.stringify(body),
      headers: { "content-type": "application/json" },
    });
    const pathWith = (template: string, name: string, value: string) =>
      template.replace(/:(\w+)/g, (_, param: string) =>
        param === name ? value : (validParams[param] ?? "1"),
      );

    // Deleting goes last: the valid path names the product every other case works on.
    const ordered = PRODUCT_OPERATIONS.toSorted(
      ([, a], [, b]) => Number(a.method === "DELETE") - Number(b.method === "DELETE"),
    );
    for (const [id, operation] of ordered) {
      const path = pathWith(operation.path, "", "");
      const valid = validBodies[id] ?? {};
      const multipart = operation.bodyType === "multipart";
      for (const param of [...operation.path.matchAll(/:(\w+)/g)].map((match) => match[1]!)) {
        for (const value of URL_VALUES) {
          const hostile = pathWith(operation.path, param, value);
          const init = operation.method === "GET" ? {} : json(valid);
          cases.push({ label: `${id} ${hostile}`, send: request(operation.method, hostile, init) });
        }
      }
      if (operation.query) {
        for (const key of [...Object.keys(operation.query.shape), "__proto__"]) {
          for (const value of URL_VALUES) {
            cases.push({ label: `${id} ?${key}=${value}`, send: request("GET", `${path}?${key}=${value}`) });
          }
        }
      }
      if (operation.method === "GET") continue;
      const keys =
        operation.body && "shape" in operation.body ? Object.keys(operation.body.shape as object) : [];
      for (const key of [...keys, "__proto__"]) {
        for (const value of JSON_VALUES) {
          const label = `${id} ${key}=${JSON.stringify(value)?.slice(0, 40)}`;
          if (multipart) {
            const form = new FormData();
            form.append("alt", "A photo");
            form.append(key, typeof value === "string" ? value : (JSON.stringify(value) ?? ""));
            cases.push({ label, send: request(operation.method, path, { body: form }) });
          } else {
            cases.push({ label, send: request(operation.method, path, json({ ...valid, [key]: value })) });
          }
        }
      }
      if (id === "adminCreateProduct" || id === "adminUpdateProduct") {
        const variant = (valid.variants as Record<string, unknown>[])[0]!;
        for (const key of [...Object.keys(variant), "stock_was", "sku", "__proto__"]) {
          for (const value of JSON_VALUES) {
            cases.push({
              label: `${id} variants.0.${key}=${JSON.stringify(value)?.slice(0, 40)}`,
              send: request(
                operation.method,
                path,
                json({ ...valid, variants: [{ ...variant, [key]: value }] }),
              ),
            });
          }
        }
      }
      for (const { type, body } of BODIES) {
        cases.push({
          label: `${id} ${type} ${body.slice(0, 30)}`,
          send: request(operation.method, path, { body, headers: type ? { "content-type": type } : {} }),
        });
      }
    }

    const failures: string[] = [];
    for (let next = 0; next < cases.length; next += 4) {
      await Promise.all(
        cases.slice(next, next + 4).map(async ({ label, send }) => {
          const response = await send();
          if (response.status >= 500)
            failures.push(`${response.status} ${label}: ${(await response.text()).slice(0, 200)}`);
          else await response.body?.cancel();
        }),
      );
    }
    expect(failures).toEqual([]);
    expect(cases.length).toBeGreaterThan(1000);
  }, 600_000);
});
