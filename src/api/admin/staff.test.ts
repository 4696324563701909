import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminHarness,
  adminHarness,
  expectBackOfficeOnly,
  ownerShopper,
  staffShopper,
  TEST_PASSWORD,
} from "../../testing/admin-harness.ts";
import { apiHarness } from "../../testing/api-harness.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";

const { engine, available } = testEngine();

const confirm = { current_password: TEST_PASSWORD };

describe.skipIf(!available)(`back-office staff on ${engine}`, () => {
  let database: TestDatabase;
  let admin: AdminHarness;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await adminHarness(database, apiHarness(database));
  });
  afterAll(() => database?.drop());

  const roleOf = async (id: number) =>
    (await database.db.selectFrom("users").select("role").where("id", "=", id).executeTakeFirstOrThrow())
      .role;
  const auditActions = async (id: number) =>
    (
      await database.db
        .selectFrom("audit_log")
        .select("action")
        .where("entity_type", "=", "user")
        .where("entity_id", "=", String(id))
        .orderBy("id")
        .execute()
    ).map((row) => row.action);

  it("every staff route is for the owner only: staff and customers get 403, guests 401", async () => {
    const id = admin.staff.user.id;
    await expectBackOfficeOnly(admin, "GET", "/admin/staff", undefined, "owner");
    await expectBackOfficeOnly(
      admin,
      "POST",
      "/admin/staff",
      { email: "new@example.pk", role: "staff", ...confirm },
      "owner",
    );
    await expectBackOfficeOnly(admin, "PATCH", `/admin/staff/${id}`, { role: "owner", ...confirm }, "owner");
    await expectBackOfficeOnly(admin, "DELETE", `/admin/staff/${id}`, confirm, "owner");
    expect(await roleOf(id)).toBe("staff");
    expect(
      await database.db.selectFrom("users").select("id").where("email", "=", "new@example.pk").execute(),
    ).toEqual([]);
  });

  it("lists owners first, then staff; customers are not in it", async () => {
    const { status, body } = await admin.owner.get("/admin/staff");
    expect(status).toBe(200);
    const roles = body.data.map((user: { role: string }) => user.role);
    expect(roles).toEqual([...roles].sort((a, b) => (a === b ? 0 : a === "owner" ? -1 : 1)));
    const ids = body.data.map((user: { id: number }) => user.id);
    expect(ids).toEqual(expect.arrayContaining([admin.owner.user.id, admin.staff.user.id]));
    expect(ids).not.toContain(admin.customer.user.id);
  });

  // Adding someone is an invitation: staff-invitations.test.ts.

  describe("changing and removing roles", () => {
    it("makes staff an owner and back, audited", async () => {
      const member = await staffShopper(admin.api, database);
      const up = await admin.owner.call("PATCH", `/admin/staff/${member.user.id}`, {
        role: "owner",
        ...confirm,
      });
      expect(up.status).toBe(200);
      expect(up.body.role).toBe("owner");
      const down = await admin.owner.call("PATCH", `/admin/staff/${member.user.id}`, {
        role: "staff",
        ...confirm,
      });
      expect(down.body.role).toBe("staff");
      expect(await auditActions(member.user.id)).toEqual(["staff.role", "staff.role"]);
    });

    it("takes someone off the staff: their account stays, and the back office refuses them", async () => {
      const member = await staffShopper(admin.api, database);
      const { status, body } = await admin.owner.call("DELETE", `/admin/staff/${member.user.id}`, confirm);
      expect(status).toBe(200);
      expect(body.role).toBe("customer");
      expect((await member.get("/admin/session")).status).toBe(403);
      expect((await member.get("/user")).status).toBe(200);
      expect(await auditActions(member.user.id)).toEqual(["staff.remove"]);
    });

    it("answers 404 for an id that is not staff, and 422 for a role it does not know", async () => {
      for (const id of [String(admin.customer.user.id), "999999", "abc"]) {
        const { status, body } = await admin.owner.call("PATCH", `/admin/staff/${id}`, {
          role: "staff",
          ...confirm,
        });
        expect(status, id).toBe(404);
        expect(body.message).toBe("No staff member has this id.");
      }
      const bad = await admin.owner.call("PATCH", `/admin/staff/${admin.staff.user.id}`, {
        role: "admin",
        ...confirm,
      });
      expect(bad.status).toBe(422);
      expect(bad.body.errors.role).toEqual(["The role must be customer, staff or owner."]);
    });

    it("keeps the last owner: neither demoting nor removing them is allowed", async () => {
      // A database of its own, with exactly one owner.
      const own = await createTestDatabase();
      try {
        const api = apiHarness(own);
        const owner = await ownerShopper(api, own);
        for (const [method, body] of [
          ["PATCH", { role: "staff", ...confirm }],
          ["PATCH", { role: "customer", ...confirm }],
          ["DELETE", confirm],
        ] as const) {
          const answer = await owner.call(method, `/admin/staff/${owner.user.id}`, body);
          expect(answer.status).toBe(409);
          expect(answer.body.message).toBe(
            "The shop must keep at least one owner: make someone else an owner first.",
          );
        }
        expect((await owner.get("/admin/session")).body.user.role).toBe("owner");
      } finally {
        await own.drop();
      }
    });

    it("two owners demoting each other at once leave one owner", async () => {
      const own = await createTestDatabase();
      try {
        const api = apiHarness(own);
        const first = await ownerShopper(api, own);
        const second = await ownerShopper(api, own);
        const answers = await Promise.all([
          first.call("PATCH", `/admin/staff/${second.user.id}`, { role: "staff", ...confirm }),
          second.call("PATCH", `/admin/staff/${first.user.id}`, { role: "staff", ...confirm }),
        ]);
        const statuses = answers.map((answer) => answer.status);
        // The first to commit wins; the other either waited and found itself the last owner (409), or found
        // its own session no longer an owner's (403).
        expect(statuses.filter((status) => status === 200)).toHaveLength(1);
        expect(statuses.filter((status) => status === 409 || status === 403)).toHaveLength(1);
        const owners = await own.db.selectFrom("users").select("id").where("role", "=", "owner").execute();
        expect(owners).toHaveLength(1);
      } finally {
        await own.drop();
      }
    });
  });
});
