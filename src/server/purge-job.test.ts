import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { engineOf } from "../platform/db/search-documents.ts";
import { buildCatalogue } from "../testing/factories.ts";
import { createTestDatabase, type TestDatabase } from "../testing/test-db.ts";
import { purgeEverything, startPurgeJob } from "./purge-job.ts";

describe("the purge job", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  const token = (hash: string, expiresAt: string) =>
    database.db
      .insertInto("auth_tokens")
      .values({
        user_id: 1,
        token_hash: hash,
        created_at: expiresAt,
        expires_at: expiresAt,
        revoked_at: null,
      })
      .execute();

  it("purges soon after start and then on every interval, until stopped, with unref'd timers", async () => {
    await database.db
      .insertInto("users")
      .values({
        id: 1,
        first_name: "A",
        last_name: "B",
        email: "a@example.test",
        password_hash: "x",
        phone: null,
        image: null,
        created_at: "2026-01-01T00:00:00.000Z",
        updated_at: "2026-01-01T00:00:00.000Z",
      })
      .execute();
    const remaining = async () =>
      (await database.db.selectFrom("auth_tokens").select("token_hash").orderBy("token_hash").execute()).map(
        (row) => row.token_hash,
      );
    const unref = vi.spyOn(globalThis, "setInterval");
    const logged: object[] = [];
    let clock = new Date("2026-01-10T00:00:00.000Z");
    await token("a", "2026-01-09T00:00:00.000Z");
    await token("b", "2026-01-11T00:00:00.000Z");
    await token("c", "2026-01-12T00:00:00.000Z");

    const job = startPurgeJob({
      db: database.db,
      logger: { info: (fields: object) => logged.push(fields), warn: () => {} } as never,
      intervalMs: 40,
      firstRunMs: 5,
      now: () => clock,
    });
    expect(unref).toHaveBeenCalled();
    const timer = unref.mock.results[0]?.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    unref.mockRestore();

    await vi.waitFor(async () => expect(await remaining()).toEqual(["b", "c"]), { timeout: 2000 });
    clock = new Date("2026-01-11T12:00:00.000Z");
    await vi.waitFor(async () => expect(await remaining()).toEqual(["c"]), { timeout: 2000 });
    expect(logged).toContainEqual({
      guestCarts: 0,
      guestWishlists: 0,
      tokens: 1,
      resetLinks: 0,
      signInCodesAndUndoLinks: 0,
      staffInvitations: 0,
      idempotencyKeys: 0,
      sentMail: 0,
      sentMessages: 0,
      unconfirmedSignups: 0,
      importJobs: 0,
    });

    await job.stop();
    clock = new Date("2026-02-01T00:00:00.000Z");
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await remaining()).toEqual(["c"]);
  });

  it("does nothing when the interval is 0", async () => {
    const spy = vi.spyOn(globalThis, "setInterval");
    const job = startPurgeJob({ db: database.db, logger: console as never, intervalMs: 0 });
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    await job.stop();
  });

  it("purges spent reset links, old idempotency keys and old sent mail, and keeps what is still of use", async () => {
    const day = (n: number) => new Date(Date.UTC(2026, 5, n)).toISOString();
    const now = new Date(Date.UTC(2026, 5, 40));
    await database.db
      .insertInto("password_reset_tokens")
      .values([
        { user_id: 1, token_hash: "spent", created_at: day(1), expires_at: day(1), used_at: null },
        { user_id: 1, token_hash: "live", created_at: day(40), expires_at: day(41), used_at: null },
      ])
      .execute();
    await database.db
      .insertInto("idempotency_keys")
      .values([
        {
          scope: "user:1",
          key: "old",
          request_hash: "h",
          response_status: 201,
          response_body: "{}",
          created_at: day(1),
        },
        {
          scope: "user:1",
          key: "new",
          request_hash: "h",
          response_status: 201,
          response_body: "{}",
          created_at: day(40),
        },
      ])
      .execute();
    const mail = (subject: string, sentAt: string | null) => ({
      recipient: "a@example.test",
      subject,
      text_body: "t",
      html_body: "h",
      reference: null,
      created_at: day(1),
      attempts: sentAt ? 1 : 0,
      next_attempt_at: day(1),
      sent_at: sentAt,
    });
    await database.db
      .insertInto("mail_outbox")
      .values([mail("old sent", day(1)), mail("recent sent", day(35)), mail("unsent", null)])
      .execute();
    const message = (text_body: string, sentAt: string | null) => ({
      channel: "sms",
      recipient: "+923001234567",
      text_body,
      created_at: day(1),
      attempts: sentAt ? 1 : 0,
      next_attempt_at: day(1),
      sent_at: sentAt,
    });
    await database.db
      .insertInto("message_outbox")
      .values([message("old sent", day(1)), message("recent sent", day(35)), message("unsent", null)])
      .execute();

    await database.db
      .insertInto("sign_in_codes")
      .values([
        { user_id: 1, code_hash: "old", created_at: day(1), expires_at: day(1), used_at: null },
        { user_id: 1, code_hash: "live", created_at: day(40), expires_at: day(41), used_at: null },
      ])
      .execute();
    const invitation = (token_hash: string, at: string) => ({
      email: `${token_hash}@example.test`,
      role: "staff" as const,
      invited_by: null,
      invited_by_email: "owner@example.test",
      token_hash,
      created_at: at,
      expires_at: at,
      used_at: null,
      revoked_at: null,
    });
    await database.db
      .insertInto("staff_invitations")
      .values([invitation("old", day(1)), invitation("live", day(41))])
      .execute();

    const job = (kind: string, status: string, at: string, heartbeat: string | null) => ({
      kind,
      status,
      created_at: at,
      updated_at: at,
      heartbeat_at: heartbeat,
    });
    await database.db
      .insertInto("jobs")
      .values([
        job("old done", "done", day(1), null),
        job("old dead runner", "running", day(1), day(1)),
        job("recent done", "done", day(35), null),
        job("queued long ago, heard from lately", "running", day(1), day(39)),
      ])
      .execute();

    const purged = await purgeEverything(database.db, now);
    expect(purged).toMatchObject({
      importJobs: 2,
      resetLinks: 1,
      idempotencyKeys: 1,
      sentMail: 1,
      sentMessages: 1,
      signInCodesAndUndoLinks: 1,
      staffInvitations: 1,
    });
    const left = async (
      table: "password_reset_tokens" | "idempotency_keys" | "mail_outbox" | "message_outbox",
      column: string,
    ) =>
      (
        await database.db
          .selectFrom(table)
          .select(column as never)
          .execute()
      ).map((row) => Object.values(row)[0]);
    expect(await left("password_reset_tokens", "token_hash")).toEqual(["live"]);
    expect(await left("idempotency_keys", "key")).toEqual(["new"]);
    expect((await left("mail_outbox", "subject")).sort()).toEqual(["recent sent", "unsent"]);
    expect((await left("message_outbox", "text_body")).sort()).toEqual(["recent sent", "unsent"]);
    const jobs = await database.db.selectFrom("jobs").select("kind").orderBy("kind").execute();
    expect(jobs.map((row) => row.kind)).toEqual(["queued long ago, heard from lately", "recent done"]);
  });

  it("gives SQLite the planner's statistics of a catalogue that grew after migrating (PRAGMA optimize)", async () => {
    const grown = await createTestDatabase();
    try {
      const stats = async () => {
        if (engineOf(grown.db) !== "sqlite") return [];
        const exists = await sql`select 1 from sqlite_master where name = 'sqlite_stat1'`.execute(grown.db);
        if (exists.rows.length === 0) return [];
        const { rows } = await sql<{
          tbl: string;
        }>`select tbl from sqlite_stat1 where tbl = 'products'`.execute(grown.db);
        return rows;
      };
      // Migrated empty: no figures (none saying "no products" either).
      await purgeEverything(grown.db, new Date());
      expect(await stats()).toEqual([]);
      await buildCatalogue(grown.db);
      await purgeEverything(grown.db, new Date());
      if (engineOf(grown.db) === "sqlite") expect((await stats()).length).toBeGreaterThan(0);
    } finally {
      await grown.drop();
    }
  });
});
