import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminHarness, adminHarness, expectBackOfficeOnly } from "../../testing/admin-harness.ts";
import { apiHarness } from "../../testing/api-harness.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { seedDemoCatalogue } from "../products/seed/demo-catalogue.ts";
import { DEFAULT_SYNONYMS, normalisedSynonyms, synonymMap, synonymsOf } from "./search-synonyms.ts";

describe("search words", () => {
  it("finds a word's alternatives by the word, singular or plural, and nothing for Object's members", () => {
    const synonyms = synonymMap(DEFAULT_SYNONYMS);
    expect(synonymsOf(synonyms, "batwa")).toEqual(["wallet", "purse", "card holder"]);
    expect(synonymsOf(synonyms, "bags")).toContain("handbag");
    expect(synonymsOf(synonyms, "constructor")).toEqual([]);
    expect(synonymsOf(synonyms, "__proto__")).toEqual([]);
  });

  it("writes words as search reads them: lower case, letters and digits, each alternative once and never itself", () => {
    expect(
      normalisedSynonyms({
        synonyms: [{ word: " Batwa ", alternatives: ["Wallet", "wallet", "CARD-holder", "batwa", "Purse!"] }],
      }),
    ).toEqual([{ word: "batwa", alternatives: ["wallet", "card holder", "purse"] }]);
  });

  it("refuses two words in one, a word given twice, and alternatives with nothing to search", () => {
    const refused = (synonyms: { word: string; alternatives: string[] }[]) => {
      try {
        normalisedSynonyms({ synonyms });
      } catch (error) {
        return (error as { errors: Record<string, string[]> }).errors;
      }
      throw new Error("not refused");
    };
    expect(refused([{ word: "shalwar kameez", alternatives: ["kurta"] }])).toEqual({
      "synonyms.0.word": [
        '"shalwar kameez" is not one word: give each search word on its own, with letters and digits only.',
      ],
    });
    expect(
      refused([
        { word: "jora", alternatives: ["kurta"] },
        { word: "JORA", alternatives: ["suit"] },
      ]),
    ).toEqual({ "synonyms.1.word": ["jora is listed twice (also at 1); give each search word once."] });
    expect(refused([{ word: "jora", alternatives: ["--", "Jora"] }])).toEqual({
      "synonyms.0.alternatives": ["Give jora at least one other word to find, with letters or digits."],
    });
  });
});

const { engine, available } = testEngine();

describe.skipIf(!available)(`search words in the back office on ${engine}`, () => {
  let database: TestDatabase;
  let admin: AdminHarness;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoCatalogue(database.db, { renderImages: false });
    admin = await adminHarness(database, apiHarness(database));
  }, 60_000);
  afterAll(() => database?.drop());

  async function found(query: string): Promise<string[]> {
    const response = await admin.api.request(`/products?take=48&search=${encodeURIComponent(query)}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { slug: string }[] }).data.map((card) => card.slug);
  }

  it("is for staff and owners", async () => {
    await expectBackOfficeOnly(admin, "GET", "/admin/search/synonyms");
    await expectBackOfficeOnly(admin, "PUT", "/admin/search/synonyms", { synonyms: [] });
  });

  it("answers the default words, Roman Urdu among them, until someone saves", async () => {
    const answer = await admin.staff.get("/admin/search/synonyms");
    expect(answer.status).toBe(200);
    expect(answer.body.synonyms).toEqual(DEFAULT_SYNONYMS);
    const words = (answer.body.synonyms as { word: string }[]).map((group) => group.word);
    for (const word of ["jora", "kameez", "shalwar", "dupatta", "batwa"]) expect(words).toContain(word);
  });

  it("refuses bad input with the field's message and changes nothing", async () => {
    const before = (await admin.staff.get("/admin/search/synonyms")).body;
    const empty = await admin.staff.call("PUT", "/admin/search/synonyms", {
      synonyms: [{ word: "jora", alternatives: [] }],
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errors["synonyms.0.alternatives"]).toEqual([
      "Give at least one word it should also find.",
    ]);
    const twice = await admin.staff.call("PUT", "/admin/search/synonyms", {
      synonyms: [
        { word: "jora", alternatives: ["kurta"] },
        { word: "Jora", alternatives: ["suit"] },
      ],
    });
    expect(twice.status).toBe(422);
    expect(twice.body.errors["synonyms.1.word"]).toEqual([
      "jora is listed twice (also at 1); give each search word once.",
    ]);
    expect((await admin.staff.call("PUT", "/admin/search/synonyms", { synonyms: "jora" })).status).toBe(422);
    expect((await admin.staff.get("/admin/search/synonyms")).body).toEqual(before);
    expect(await found("jora")).toContain("classic-cotton-kurta");
  });

  it("search follows a save at once: a new word finds, a removed one no longer does; the change is audited", async () => {
    expect(await found("batwa")).toContain("coin-pouch-wallet");
    expect(await found("pouch")).toEqual(["coin-pouch-wallet"]);
    expect(await found("gaddi")).toEqual([]);

    const saved = await admin.staff.call("PUT", "/admin/search/synonyms", {
      synonyms: [
        { word: "Gaddi", alternatives: ["Card Holder"] },
        { word: "pouch", alternatives: ["clutch"] },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      synonyms: [
        { word: "gaddi", alternatives: ["card holder"] },
        { word: "pouch", alternatives: ["clutch"] },
      ],
    });
    expect(await found("gaddi")).toEqual(["slim-card-holder-wallet"]);
    expect(await found("pouch")).toContain("velvet-wedding-clutch");
    // The typo fallback knows the new word too ("gadi" is one letter from it).
    expect(await found("gadi")).toEqual(["slim-card-holder-wallet"]);
    // The defaults are gone with the save.
    expect(await found("batwa")).toEqual([]);

    const entry = await database.db
      .selectFrom("audit_log")
      .select(["action", "entity_id", "after"])
      .where("action", "=", "settings.search-synonyms")
      .executeTakeFirstOrThrow();
    expect(entry.entity_id).toBe("search-synonyms");
    expect(JSON.parse(entry.after!).synonyms).toEqual(saved.body.synonyms);
  });
});
