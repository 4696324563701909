import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { openDatabase } from "../../platform/db/connection.ts";
import { migrateToLatest } from "../../platform/db/migrate.ts";
import { vocabularyWords } from "../../platform/db/search-documents.ts";
import { createTestDatabase, type TestDatabase, testEngine, withAdmin } from "../../testing/test-db.ts";
import { catalogRepository } from "../catalogue/catalogue.repository.ts";
import { catalogService } from "../catalogue/catalogue.service.ts";
import { catalogueWrite } from "../catalogue/catalogue-write.ts";
import { insertProduct, reindexProductsUsing } from "../products/product-writer.ts";
import { seedDemoCatalogue } from "../products/seed/demo-catalogue.ts";
import { editDistance, searchVocabulary } from "./search-vocabulary.ts";

/**
 * The typo fallback's words on PostgreSQL (docs/decisions/0023-search-speed.md): `search_vocabulary`, kept by
 * triggers in the writer's transaction, searched through a pg_trgm index; and the TypeScript comparison when the
 * extension cannot be created. SQLite always compares in TypeScript (search-relevance.test.ts covers its answers).
 */

const { engine, available } = testEngine();

describe("edit distance", () => {
  it("counts inserts, deletes, substitutions and swaps of neighbours, stopping past the limit", () => {
    expect(editDistance("walet", "wallet", 2)).toBe(1);
    expect(editDistance("hnadbag", "handbag", 2)).toBe(1);
    expect(editDistance("chikenkary", "chikankari", 2)).toBe(2);
    expect(editDistance("tote", "kurta", 1)).toBe(2);
  });
});

describe.skipIf(!available || engine !== "postgres")("the search vocabulary on postgres", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoCatalogue(database.db, { renderImages: false });
  }, 60_000);
  afterAll(() => database?.drop());

  /** The words and counts as the TypeScript rule makes them from every stored document. */
  async function expectedWords(): Promise<Record<string, number>> {
    const rows = await sql<{
      title: string;
      facets: string;
    }>`select title, facets from product_search`.execute(database.db);
    const counts: Record<string, number> = {};
    for (const row of rows.rows) {
      for (const word of vocabularyWords(row.title, row.facets)) counts[word] = (counts[word] ?? 0) + 1;
    }
    return counts;
  }

  async function tableWords(): Promise<Record<string, number>> {
    const rows = await sql<{
      word: string;
      products: number;
    }>`select word, products from search_vocabulary`.execute(database.db);
    return Object.fromEntries(rows.rows.map((row) => [row.word, Number(row.products)]));
  }

  it("holds every document's words with how many products have each, through inserts, renames and deletes", async () => {
    expect(Object.keys(await tableWords()).length).toBeGreaterThan(100);
    expect(await tableWords()).toEqual(await expectedWords());

    const [category, color, size] = await Promise.all([
      database.db.selectFrom("categories").select("id").where("slug", "=", "totes").executeTakeFirstOrThrow(),
      database.db.selectFrom("colors").select("id").where("name", "=", "Teal").executeTakeFirstOrThrow(),
      database.db.selectFrom("sizes").select("id").executeTakeFirstOrThrow(),
    ]);
    const id = await insertProduct(database.db, {
      slug: "quokka-weekend-tote",
      title: "Quokka Weekend Tote",
      categoryId: category.id,
      shortDescription: "<p>Roomy</p>",
      images: [],
      discount: 0,
      newArrival: false,
      dailyDeal: false,
      tagIds: [],
      variants: [{ colorId: color.id, sizeId: size.id, price: 100_000, stock: 3 }],
    });
    const words = await tableWords();
    expect(words.quokka).toBe(1);
    expect(words).toEqual(await expectedWords());

    await catalogueWrite(database.db, async (trx) => {
      await trx.updateTable("colors").set({ name: "Peacock" }).where("id", "=", color.id).execute();
      await reindexProductsUsing(trx, { colorId: color.id });
    });
    const renamed = await tableWords();
    expect(renamed.teal).toBeUndefined();
    expect(renamed.peacock).toBeGreaterThan(0);
    expect(renamed).toEqual(await expectedWords());

    // Deleting the product removes its document (cascade) and its words.
    await database.db.deleteFrom("variants").where("product_id", "=", id).execute();
    await database.db.deleteFrom("products").where("id", "=", id).execute();
    const after = await tableWords();
    expect(after.quokka).toBeUndefined();
    expect(after).toEqual(await expectedWords());
  });

  it("corrects every one-edit typo through the trigram index exactly as comparing every word does", async () => {
    const index = await sql<{ ready: boolean }>`
      select to_regclass('search_vocabulary_word_trgm_idx') is not null
        and to_regprocedure('search_vocabulary_near(text, text)') is not null as ready`.execute(database.db);
    expect(index.rows[0]!.ready).toBe(true);
    const viaIndex = searchVocabulary(database.db);
    const viaScan = searchVocabulary(database.db, { trigram: false });
    const known = Object.keys(await tableWords())
      .filter((word) => word.length >= 4 && /^[a-z]+$/.test(word))
      .sort();
    // Every fifth word, with a deletion, a swap, a substitution and an insertion at each position.
    const typos = new Set<string>();
    for (const word of known.filter((_, i) => i % 5 === 0)) {
      for (let i = 0; i < word.length; i++) {
        typos.add(word.slice(0, i) + word.slice(i + 1));
        if (i + 1 < word.length) typos.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
        typos.add(word.slice(0, i) + (word[i] === "q" ? "z" : "q") + word.slice(i + 1));
        typos.add(`${word.slice(0, i)}x${word.slice(i)}`);
      }
    }
    expect(typos.size).toBeGreaterThan(600);
    for (const typo of typos) {
      // As the last word (a prefix may count as known) and as a word before another.
      const [alone, before] = await Promise.all([
        viaIndex.correct([typo]),
        viaIndex.correct([typo, "black"]),
      ]);
      expect({ typo, alone, before }).toEqual({
        typo,
        alone: await viaScan.correct([typo]),
        before: await viaScan.correct([typo, "black"]),
      });
    }
  }, 120_000);

  it("logs nothing when pg_trgm is there", async () => {
    const logger = { warn: vi.fn() };
    const service = catalogService(catalogRepository(database.db, { logger }));
    expect(
      (await service.listProducts({ search: "walet", page: 1, sort: "default" })).meta.total,
    ).toBeGreaterThan(0);
    expect(logger.warn).not.toHaveBeenCalled();
  });
});

describe.skipIf(!available || engine !== "postgres")("search on postgres without pg_trgm", () => {
  const suffix = randomUUID().replaceAll("-", "").slice(0, 12);
  const role = `shop_no_trgm_${suffix}`;
  const name = `shop_test_no_trgm_${suffix}`;
  const adminUrl = inject("postgresAdminUrl") ?? "";
  let close: (() => Promise<void>) | undefined;

  afterAll(async () => {
    await close?.();
    await withAdmin(adminUrl, async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.query(`DROP ROLE IF EXISTS ${role}`);
    });
  });

  it("migrates without the extension, corrects typos in TypeScript and says so once", async () => {
    // A role that may create tables in the schema but not extensions in the database (no CREATE on it).
    await withAdmin(adminUrl, async (client) => {
      await client.query(`CREATE ROLE ${role} LOGIN`);
      await client.query(`CREATE DATABASE ${name}`);
    });
    const admin = new URL(adminUrl);
    admin.pathname = `/${name}`;
    await withAdmin(admin.toString(), (client) =>
      client.query(`GRANT CREATE, USAGE ON SCHEMA public TO ${role}`),
    );
    const url = new URL(admin);
    url.username = role;
    const handle = await openDatabase({ engine: "postgres", url: url.toString() });
    close = handle.close;
    const denied = await sql`create extension pg_trgm`.execute(handle.db).then(
      () => "created",
      (error: Error) => error.message,
    );
    expect(denied).toMatch(/permission denied/);

    await migrateToLatest(handle.db, "postgres");
    const installed = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(handle.db);
    expect(installed.rows[0]!.n).toBe(0);
    await seedDemoCatalogue(handle.db, { renderImages: false });

    const logger = { warn: vi.fn() };
    const service = catalogService(catalogRepository(handle.db, { logger }));
    const search = (text: string) =>
      service.listProducts({ search: text, page: 1, sort: "default", take: 48 });
    const wallets = await search("wallet");
    expect((await search("walet")).data).toEqual(wallets.data);
    expect((await search("hnadbag")).meta.total).toBeGreaterThan(0);
    expect((await search("chikenkary")).meta.suggestions).toEqual(["chikankari"]);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(String(logger.warn.mock.calls[0]![0])).toMatch(/pg_trgm/);
  }, 60_000);
});
