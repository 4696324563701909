import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../platform/db/connection.ts";
import { testEngine, withAdmin } from "../../testing/test-db.ts";
import { verifyPassword } from "../account/passwords.ts";

const { engine, available } = testEngine();
const CLI = path.resolve(import.meta.dirname, "owner-cli.ts");

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function finished(child: ChildProcess): Promise<Run> {
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

/**
 * `npm run owner:create` as an operator runs it: a separate process on the shop's configuration (a SQLite file in
 * DATA_DIR, or DATABASE_URL for PostgreSQL), without a terminal unless `tty` says so.
 */
describe.skipIf(!available)(`npm run owner:create on ${engine}`, () => {
  let env: Record<string, string>;
  let handle: DatabaseHandle;
  let dataDir: string;
  let pgName: string | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "owner-cli-"));
    const base = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" } as Record<string, string>;
    delete base.DATABASE_URL;
    if (engine === "postgres") {
      const adminUrl = inject("postgresAdminUrl")!;
      pgName = `shop_cli_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
      await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${pgName}`));
      const url = new URL(adminUrl);
      url.pathname = `/${pgName}`;
      env = { ...base, DATABASE_URL: url.toString() };
      handle = await openDatabase({ engine: "postgres", url: url.toString() });
    } else {
      env = base;
      handle = await openDatabase({ engine: "sqlite", file: path.join(dataDir, "shop.sqlite") });
    }
  });
  afterAll(async () => {
    await handle?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (pgName) {
      await withAdmin(inject("postgresAdminUrl")!, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`),
      );
    }
  });

  const run = (...args: string[]) =>
    finished(spawn(process.execPath, [CLI, ...args], { env, stdio: ["ignore", "pipe", "pipe"] }));

  const account = (email: string) =>
    handle.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();

  it("creates an owner with the given password and says so", async () => {
    const result = await run("--email", "Owner@Example.PK", "--password", "correct horse");
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Created owner owner@example\.pk\.\n/);
    const user = await account("owner@example.pk");
    expect(user?.role).toBe("owner");
    expect(await verifyPassword("correct horse", user!.password_hash)).toBe(true);
    const audit = await handle.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity_id", "=", String(user!.id))
      .execute();
    expect(audit).toMatchObject([
      {
        action: "staff.create",
        actor_user_id: null,
        actor_email: "npm run owner:create",
        entity_type: "user",
      },
    ]);
  }, 120_000);

  const liveTokens = (userId: number) =>
    handle.db
      .selectFrom("auth_tokens")
      .select("id")
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .execute();

  const giveToken = async (userId: number) => {
    const now = new Date();
    await handle.db
      .insertInto("auth_tokens")
      .values({
        user_id: userId,
        token_hash: `held-${userId}-${now.getTime()}`,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
        revoked_at: null,
      })
      .execute();
  };

  it("for an existing account, refuses without a new password, changing nothing", async () => {
    const before = await account("owner@example.pk");
    const result = await run("--email", "owner@example.pk");
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /An account has the email owner@example\.pk; making it the owner sets a new password for it: pass --password <password>/,
    );
    expect(await account("owner@example.pk")).toEqual(before);
  }, 120_000);

  it("gives an account that is already an owner the new password and signs it out everywhere", async () => {
    const owner = (await account("owner@example.pk"))!;
    await giveToken(owner.id);
    const result = await run("--email", "owner@example.pk", "--password", "a newer password");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^owner@example\.pk is already an owner \(its password is the new one and every session of the account is signed out\)\.\n/,
    );
    const after = (await account("owner@example.pk"))!;
    expect(await verifyPassword("a newer password", after.password_hash)).toBe(true);
    expect(await liveTokens(owner.id)).toEqual([]);
  }, 120_000);

  it("promotes an existing customer with a new password, signing out its sessions and enabling it", async () => {
    const now = new Date().toISOString();
    const sana = await handle.db
      .insertInto("users")
      .values({
        first_name: "Sana",
        last_name: "Malik",
        email: "sana@example.pk",
        password_hash: "scrypt$registered-by-someone-else",
        phone: null,
        image: null,
        created_at: now,
        updated_at: now,
        disabled_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await giveToken(sana.id);
    const result = await run("--email", "sana@example.pk", "--password", "another pass");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^Promoted sana@example\.pk to owner \(its password is the new one and every session of the account is signed out; the account was disabled and is enabled again\)\.\n/,
    );
    const after = (await account("sana@example.pk"))!;
    expect(after).toMatchObject({ role: "owner", disabled_at: null });
    expect(await verifyPassword("another pass", after.password_hash)).toBe(true);
    expect(await liveTokens(sana.id)).toEqual([]);
    const audit = await handle.db
      .selectFrom("audit_log")
      .select(["action", "actor_email", "after"])
      .where("entity_id", "=", String(sana.id))
      .execute();
    expect(audit).toMatchObject([{ action: "staff.role", actor_email: "npm run owner:create" }]);
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({
      role: "owner",
      password_set: true,
      sessions_revoked: true,
    });
  }, 120_000);

  it("without a terminal and without --password, refuses to create an account, with a clear error", async () => {
    const result = await run("--email", "nobody@example.pk");
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /No account has the email nobody@example\.pk, so a new one needs a password/,
    );
    expect(await account("nobody@example.pk")).toBeUndefined();
  }, 120_000);

  it("refuses a bad email or a short password with the rule's words", async () => {
    const badEmail = await run("--email", "not-an-email", "--password", "correct horse");
    expect(badEmail.code).toBe(1);
    expect(badEmail.stderr).toMatch(/--email: The email must be a valid email address\./);
    const missing = await run();
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/usage: npm run owner:create/);
    const short = await run("--email", "short@example.pk", "--password", "abc");
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(/The password must be at least 8 characters\./);
    const common = await run("--email", "short@example.pk", "--password", "password123");
    expect(common.code).toBe(1);
    expect(common.stderr).toMatch(/one of the most common leaked passwords/);
    expect(await account("short@example.pk")).toBeUndefined();
  }, 120_000);

  it.skipIf(!fs.existsSync("/usr/bin/script"))(
    "in a terminal, asks for the password twice without showing it",
    async () => {
      const command = [process.execPath, CLI, "--email", "typed@example.pk"]
        .map((part) => `'${part}'`)
        .join(" ");
      const child = spawn("/usr/bin/script", ["-eqc", command, "/dev/null"], {
        env,
        stdio: ["pipe", "pipe", "pipe"],
      });
      const done = finished(child);
      let seen = "";
      const answer = (prompt: string, text: string) =>
        new Promise<void>((resolve) => {
          const listen = (chunk: Buffer) => {
            seen += chunk.toString();
            if (!seen.includes(prompt)) return;
            child.stdout?.off("data", listen);
            child.stdin?.write(`${text}\r`);
            resolve();
          };
          child.stdout?.on("data", listen);
        });
      await answer("Password for typed@example.pk: ", "typed secret");
      await answer("Repeat the password: ", "typed secret");
      const result = await done;
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/Created owner typed@example\.pk\./);
      expect(result.stdout).not.toMatch(/typed secret/);
      expect(result.stdout).toMatch(/\*{12}/);
      const user = await account("typed@example.pk");
      expect(await verifyPassword("typed secret", user!.password_hash)).toBe(true);
    },
    120_000,
  );
});
