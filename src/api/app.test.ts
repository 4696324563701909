import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiHarness, apiHarness } from "../testing/api-harness.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../testing/test-db.ts";

const { engine, available } = testEngine();

describe.skipIf(!available)(`API request ids on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;

  beforeAll(async () => {
    database = await createTestDatabase();
    api = apiHarness(database);
  });
  afterAll(() => database?.drop());

  it("answers with the caller's X-Request-Id, or a new one when it sent none or a bad one", async () => {
    const given = await api.request("/categories", { headers: { "x-request-id": "page-123" } });
    expect(given.headers.get("x-request-id")).toBe("page-123");
    const fresh = await api.request("/categories");
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const hostile = await api.request("/categories", { headers: { "x-request-id": "a b <script>" } });
    expect(hostile.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
