import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalogue, plainProduct } from "../../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../testing/test-db.ts";
import { EXPORT_PAGE, exportCatalogueText } from "./catalogue-export.ts";
import { exportCatalogueInWorker } from "./catalogue-export-worker.ts";

const { engine, available } = testEngine();

describe.skipIf(!available)(`the catalogue export in a worker thread on ${engine}`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    const catalogue = await buildCatalogue(database.db);
    // More than one page of products, so the worker waits to be asked for the next.
    for (let n = 0; n < EXPORT_PAGE + 20; n++) await plainProduct(database.db, catalogue, `plain-${n}`);
  }, 120_000);
  afterAll(() => database?.drop());

  it("writes the same CSV, byte for byte, a page at a time", async () => {
    const chunks: Uint8Array[] = [];
    for await (const chunk of exportCatalogueInWorker(database.target)) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(2);
    expect(Buffer.concat(chunks).equals(Buffer.from(await exportCatalogueText(database.db), "utf8"))).toBe(
      true,
    );
  });

  it("ends the worker when the reader stops early", async () => {
    const export_ = exportCatalogueInWorker(database.target);
    const first = await export_.next();
    expect(Buffer.from(first.value as Uint8Array).toString("utf8")).toContain("Handle");
    await export_.return(undefined);
    // A second export still runs (nothing left locked or open by the first).
    let rows = 0;
    for await (const chunk of exportCatalogueInWorker(database.target))
      rows += Buffer.from(chunk).toString("utf8").split("\r\n").length - 1;
    expect(rows).toBeGreaterThan(EXPORT_PAGE);
  });

  it("fails the export when the worker cannot open the database", async () => {
    const target =
      database.target.engine === "sqlite"
        ? ({ engine: "sqlite", file: "/nonexistent/dir/that/cannot/be/made\0.sqlite" } as const)
        : ({ engine: "postgres", url: "postgres://postgres@127.0.0.1:1/none" } as const);
    await expect(async () => {
      for await (const _ of exportCatalogueInWorker(target)) {
        // nothing
      }
    }).rejects.toThrow();
  });
});
