import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { resolveSigningSecret, SECRET_FILE } from "./signing-secret.ts";

const { engine, available } = testEngine();
const logger = pino({ level: "silent" });

describe.skipIf(!available)(`the shop's signing secret on ${engine}`, () => {
  const databases: TestDatabase[] = [];
  let dataDir: string;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-secret-"));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  afterAll(async () => {
    for (const database of databases) await database.drop();
  });

  async function freshDatabase() {
    const database = await createTestDatabase();
    databases.push(database);
    return database;
  }
  const secretFile = (dir = dataDir) => path.join(dir, SECRET_FILE);
  const resolve = (database: TestDatabase, dir = dataDir, configured?: string) =>
    resolveSigningSecret({ configured, db: database.db, dataDir: dir, logger });

  it("uses SESSION_SECRET when it is configured, and writes nothing", async () => {
    const database = await freshDatabase();
    const configured = "configured-secret-configured-secret!";
    expect(await resolve(database, dataDir, configured)).toEqual({
      secret: configured,
      source: "configured",
    });
    expect(fs.existsSync(secretFile())).toBe(false);
    expect(await database.db.selectFrom("signing_secret").selectAll().execute()).toEqual([]);
  });

  it("generates a random secret at first start, keeps it in the database and in DATA_DIR (0600), and reuses it", async () => {
    const database = await freshDatabase();
    const first = await resolve(database);
    expect(first.source).toBe("generated");
    expect(first.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fs.readFileSync(secretFile(), "utf8").trim()).toBe(first.secret);
    expect(fs.statSync(secretFile()).mode & 0o777).toBe(0o600);
    const rows = await database.db.selectFrom("signing_secret").select(["id", "secret"]).execute();
    expect(rows).toEqual([{ id: 1, secret: first.secret }]);

    expect(await resolve(database)).toEqual({ secret: first.secret, source: "database" });
    // Another database starts with a secret of its own: no value is built in.
    expect((await resolve(await freshDatabase(), fs.mkdtempSync(path.join(dataDir, "b-")))).secret).not.toBe(
      first.secret,
    );
  });

  it("takes the DATA_DIR file's secret into a database that has none (a reset database keeps the sessions)", async () => {
    const kept = "kept-in-the-data-dir-kept-in-the-data-dir";
    fs.writeFileSync(secretFile(), `${kept}\n`, { mode: 0o600 });
    const database = await freshDatabase();
    expect(await resolve(database)).toEqual({ secret: kept, source: "file" });
    expect(
      (await database.db.selectFrom("signing_secret").select("secret").executeTakeFirstOrThrow()).secret,
    ).toBe(kept);
  });

  it("prefers the database's secret to a different file, and rewrites the file with it", async () => {
    const database = await freshDatabase();
    const { secret } = await resolve(database);
    fs.writeFileSync(secretFile(), "another-instance-wrote-this-one-long-ago", { mode: 0o644 });
    expect(await resolve(database)).toEqual({ secret, source: "database" });
    expect(fs.readFileSync(secretFile(), "utf8").trim()).toBe(secret);
    expect(fs.statSync(secretFile()).mode & 0o777).toBe(0o600);
  });

  it("agrees on one secret when instances with their own DATA_DIR start on one database at once", async () => {
    const database = await freshDatabase();
    const dirs = Array.from({ length: 6 }, (_, index) => fs.mkdtempSync(path.join(dataDir, `i${index}-`)));
    const results = await Promise.all(dirs.map((dir) => resolve(database, dir)));
    const secrets = new Set(results.map((result) => result.secret));
    expect(secrets.size).toBe(1);
    const [secret] = secrets;
    for (const dir of dirs) expect(fs.readFileSync(secretFile(dir), "utf8").trim()).toBe(secret);
    expect(await database.db.selectFrom("signing_secret").select("secret").execute()).toEqual([{ secret }]);
  });
});
