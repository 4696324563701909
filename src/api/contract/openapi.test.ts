import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Operation, operations } from "../../shared/contracts/operations.ts";
import { type ApiHarness, apiHarness } from "../../testing/api-harness.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { createApi } from "../app.ts";

const { engine, available } = testEngine();

describe.skipIf(!available)(`OpenAPI document on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;
  let document: any;

  beforeAll(async () => {
    database = await createTestDatabase();
    api = apiHarness(database);
    const response = await api.request("/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    document = await response.json();
  });
  afterAll(() => database?.drop());

  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("describes every operation of the contract with its input, answer and failures", () => {
    for (const [id, operation] of Object.entries(operations) as [string, Operation][]) {
      const path = `/api${operation.path.replace(/:(\w+)/g, "{$1}")}`;
      const described = document.paths[path]?.[operation.method.toLowerCase()];
      expect(described, id).toBeDefined();
      expect(described.operationId).toBe(id);
      const mediaType = operation.produces ?? "application/json";
      if (operation.status === 303) expect(described.responses[303].headers.Location, id).toBeDefined();
      else expect(described.responses[operation.status].content[mediaType].schema, id).toBeTypeOf("object");
      for (const status of operation.errors)
        expect(described.responses[status], `${id} ${status}`).toBeDefined();
      const bodyType = operation.bodyType === "multipart" ? "multipart/form-data" : "application/json";
      if (operation.body) expect(described.requestBody.content[bodyType].schema, id).toBeTypeOf("object");
    }
    // The photo upload is a form with a file in it.
    const upload = document.paths["/api/admin/products/{id}/images"].post;
    expect(upload.requestBody.content["multipart/form-data"].schema.properties.image).toMatchObject({
      type: "string",
      format: "binary",
    });
    const addToCart = document.paths["/api/cart/add"].post;
    expect(addToCart.requestBody.content["application/json"].schema.required).toEqual([
      "id",
      "quantity",
      "size",
    ]);
    expect(document.paths["/api/user"].get.security).toEqual([{ bearer: [] }]);
  });

  it("leaves no route of the API out of the contract", () => {
    const app = createApi({
      db: database.db,
      engine: database.engine,
      config: {
        env: "test",
        publicUrl: "http://shop.test",
        sessionSecret: "x".repeat(32),
        shopEmail: "hello@shop.test",
      },
      logger: { error() {} } as never,
    });
    const registered = new Set(
      app.routes
        .filter((route) => route.method !== "ALL" && !route.path.endsWith("*"))
        .map((route) => `${route.method} ${route.path}`),
    );
    const contract = new Set(
      (Object.values(operations) as Operation[]).map(
        (operation) => `${operation.method} /api${operation.path}`,
      ),
    );
    contract.add("GET /api/openapi.json");
    expect([...registered].sort()).toEqual([...contract].sort());
  });
});
