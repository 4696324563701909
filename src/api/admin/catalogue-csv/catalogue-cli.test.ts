import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../../platform/db/connection.ts";
import { migrateToLatest } from "../../../platform/db/migrate.ts";
import { CATALOGUE_CHANNEL, openRedis, type Redis } from "../../../platform/redis.ts";
import { CATALOG_CSV_COLUMNS } from "../../../shared/catalogue-csv.ts";
import { buildCatalogue } from "../../../testing/factories.ts";
import { testEngine } from "../../../testing/test-db.ts";
import { testRedis } from "../../../testing/test-redis.ts";
import { csvRecord } from "../../csv.ts";

const { engine } = testEngine();
const redis = testRedis();
const CLI = path.resolve(import.meta.dirname, "catalogue-cli.ts");

function run(env: Record<string, string>, ...args: string[]) {
  const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, stdout, stderr })),
  );
}

const row = (cells: Partial<Record<(typeof CATALOG_CSV_COLUMNS)[number], string>>) =>
  csvRecord(CATALOG_CSV_COLUMNS.map((column) => cells[column] ?? ""));

/** The commands as an operator runs them: separate processes on the shop's SQLite file (the engine matters not). */
describe.skipIf(engine !== "sqlite")("npm run catalog:import and catalog:export", () => {
  let dataDir: string;
  let handle: DatabaseHandle;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "catalog-cli-"));
    env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" } as Record<string, string>;
    delete env.DATABASE_URL;
    handle = await openDatabase({ engine: "sqlite", file: path.join(dataDir, "shop.sqlite") });
    await migrateToLatest(handle.db, "sqlite");
    await buildCatalogue(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("imports a file with progress and the report, exiting 1 for its rejected row; exports it back", async () => {
    const file = path.join(dataDir, "in.csv");
    fs.writeFileSync(
      file,
      csvRecord(CATALOG_CSV_COLUMNS) +
        row({
          Handle: "cli-tote",
          Title: "CLI Tote",
          Category: "Handbags",
          Status: "active",
          "Option1 Value": "Black",
          "Option2 Value": "One Size",
          "Variant Price": "999",
        }) +
        row({ Handle: "cli-bad", Title: "Bad", Category: "Handbags", "Option1 Value": "Black" }),
    );
    // With REDIS_URL set, an import that changed something tells the running shop's instances.
    let subscriber: Redis | undefined;
    let heard: Promise<string> | undefined;
    if (redis.available && redis.url) {
      env.REDIS_URL = redis.url;
      subscriber = openRedis(redis.url, { warn: () => {}, info: () => {} }).duplicate({
        enableOfflineQueue: true,
      });
      await subscriber.subscribe(CATALOGUE_CHANNEL);
      heard = new Promise((resolve) => subscriber!.on("message", (_channel, message) => resolve(message)));
    }
    const imported = await run(env, "import", file);
    if (subscriber) {
      expect(await heard).toBe("catalog-cli");
      expect(imported.stderr).toContain("Told the running shop through Redis: its cached pages are dropped.");
      subscriber.disconnect();
    }
    expect(imported.code).toBe(1);
    expect(imported.stderr).toContain("1 of 1 products done");
    expect(imported.stdout).toContain("Products: 1 created, 0 updated, 0 unchanged, 1 rejected.");
    expect(imported.stdout).toContain(
      "row 3 (cli-bad): Option2 Value (the size) is required on a variant's row",
    );
    const product = await handle.db
      .selectFrom("products")
      .select("title")
      .where("slug", "=", "cli-tote")
      .executeTakeFirst();
    expect(product).toEqual({ title: "CLI Tote" });

    const out = path.join(dataDir, "out.csv");
    const exported = await run(env, "export", out);
    expect(exported.code).toBe(0);
    expect(fs.readFileSync(out, "utf8")).toContain("cli-tote,CLI Tote,");
  }, 120_000);

  it("checks a file naming new colours, sizes and categories: listed by a dry run, refused with --strict", async () => {
    const file = path.join(dataDir, "new-names.csv");
    fs.writeFileSync(
      file,
      "Handle,Title,Type,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant Price\r\n" +
        "cli-scarf,CLI Scarf,Scarves,Color,Teal,Size,Standard,1200\r\n",
    );
    const checked = await run(env, "import", file, "--dry-run");
    expect(checked.code).toBe(0);
    expect(checked.stdout).toContain("Colours would be created: Teal.");
    expect(checked.stdout).toContain("Sizes would be created: Standard.");
    expect(checked.stdout).toContain("Categories would be created: Scarves.");
    const strict = await run(env, "import", file, "--strict");
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(
      /row 2 \(cli-scarf\): Category "Scarves" is not one of the shop's categories/,
    );
    expect(strict.stdout).toMatch(/row 2 \(cli-scarf\): Colour "Teal" is not one of the shop's colours/);
    expect(await handle.db.selectFrom("colors").select("id").where("name", "=", "Teal").execute()).toEqual(
      [],
    );
    expect((await run(env, "export", "-", "--strict")).stderr).toContain("--strict is for the import.");
  }, 120_000);
});
