import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import {
  type AdminHarness,
  adminHarness,
  customerShopper,
  expectBackOfficeOnly,
  TEST_PASSWORD,
} from "../../testing/admin-harness.ts";
import { apiHarness, recordingMailer, shopper } from "../../testing/api-harness.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { createLimitStore } from "../../testing/test-limits.ts";
import { COMMON_PASSWORD } from "../account/common-passwords.ts";
import { verifyPassword } from "../account/passwords.ts";
import { hashSecret } from "../secrets.ts";

const { engine, available } = testEngine();

const confirm = { current_password: TEST_PASSWORD };
const INVALID = "This invitation link is not valid. Please ask the shop's owner to invite you again.";
const USED =
  "This invitation has already been used. Sign in with the password you chose, or ask the shop's owner to invite you again.";
const EXPIRED = "This invitation has expired. Please ask the shop's owner to invite you again.";
const REVOKED = "This invitation was withdrawn. Please ask the shop's owner to invite you again.";

let sequence = 0;
const newEmail = (name: string) => `${name}${++sequence}-${Date.now()}@example.pk`;

describe.skipIf(!available)(`staff invitations on ${engine}`, () => {
  let database: TestDatabase;
  let admin: AdminHarness;
  const mailer = recordingMailer();

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await adminHarness(database, apiHarness(database, { mailer }));
  });
  afterAll(() => database?.drop());

  const userByEmail = (email: string) =>
    database.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
  const invitationRows = (email: string) =>
    database.db
      .selectFrom("staff_invitations")
      .selectAll()
      .where("email", "=", email)
      .orderBy("id")
      .execute();
  const audit = (entityType: string, entityId: number) =>
    database.db
      .selectFrom("audit_log")
      .select(["action", "actor_user_id", "actor_email"])
      .where("entity_type", "=", entityType)
      .where("entity_id", "=", String(entityId))
      .orderBy("id")
      .execute();

  /** Invites `email` as the owner and answers the token of the link in the mail that arrives. */
  async function invite(email: string, role: "staff" | "owner" = "staff") {
    const before = mailer.sent.length;
    const answer = await admin.owner.post("/admin/staff", { email, role, ...confirm });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    await admin.api.deliverMail();
    const mail = mailer.sent.slice(before).find((message) => message.to === email.toLowerCase());
    expect(mail, `an invitation mailed to ${email}`).toBeDefined();
    const link = /http:\/\/shop\.test\/staff-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail!.text);
    expect(link).not.toBeNull();
    expect(mail!.html).toContain(`http://shop.test/staff-invitation?token=${link![1]}`);
    return { token: link![1]!, answer: answer.body };
  }

  const accept = (token: string, password = "a brand new secret", extra: Record<string, string> = {}) =>
    shopper(admin.api).post("/staff-invitation/accept", {
      token,
      password,
      password_confirmation: password,
      ...extra,
    });
  const login = (email: string, password: string) => shopper(admin.api).post("/login", { email, password });

  it("inviting, listing and withdrawing are the owner's; staff and customers get 403, guests 401", async () => {
    await expectBackOfficeOnly(
      admin,
      "POST",
      "/admin/staff",
      { email: "nobody-invited@example.pk", role: "staff", ...confirm },
      "owner",
    );
    await expectBackOfficeOnly(admin, "DELETE", "/admin/staff/invitations/1", confirm, "owner");
    expect(await invitationRows("nobody-invited@example.pk")).toEqual([]);
  });

  it("invites a new address: a mail with the link, the token kept hashed, no account; accepting creates it", async () => {
    const email = newEmail("zara");
    const { token, answer } = await invite(email.toUpperCase().replace("@EXAMPLE.PK", "@example.pk"));
    expect(answer).toEqual({
      invitation: expect.objectContaining({ email, role: "staff", invited_by: admin.owner.user.email }),
      replaced: false,
    });
    expect(token.length).toBeGreaterThanOrEqual(43);
    const [row] = await invitationRows(email);
    expect(row).toMatchObject({ token_hash: hashSecret(token), used_at: null, revoked_at: null });
    expect(JSON.stringify(row)).not.toContain(token);
    const hours = (Date.parse(row!.expires_at) - Date.parse(row!.created_at)) / 3_600_000;
    expect(hours).toBe(72);
    expect(await userByEmail(email)).toBeUndefined();
    expect(await audit("staff_invitation", row!.id)).toEqual([
      { action: "staff.invite", actor_user_id: admin.owner.user.id, actor_email: admin.owner.user.email },
    ]);
    const list = await admin.owner.get("/admin/staff");
    expect(list.body.invitations).toContainEqual(expect.objectContaining({ id: row!.id, email }));

    const view = await shopper(admin.api).post("/staff-invitation", { token });
    expect(view.status).toBe(200);
    expect(view.body).toEqual({ email, role: "staff", has_account: false, expires_at: row!.expires_at });

    const missingNames = await accept(token);
    expect(missingNames.status).toBe(422);
    expect(missingNames.body.errors).toEqual({
      first_name: ["The first name field is required."],
      last_name: ["The last name field is required."],
    });
    expect((await invitationRows(email))[0]!.used_at).toBeNull();

    // An email in the form changes nothing: the account is the invitation's address.
    const accepted = await accept(token, "packing tape", {
      first_name: "Zara",
      last_name: "Iqbal",
      email: "someone-else@example.pk",
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.user).toMatchObject({ email, name: "Zara Iqbal" });
    expect(await userByEmail("someone-else@example.pk")).toBeUndefined();
    const zara = shopper(admin.api);
    zara.token = accepted.body.token;
    expect((await zara.get("/admin/session")).body.user.role).toBe("staff");
    expect((await login(email, "packing tape")).status).toBe(200);
    const user = (await userByEmail(email))!;
    expect(await audit("user", user.id)).toEqual([
      { action: "staff.accept", actor_user_id: user.id, actor_email: email },
    ]);
    expect((await invitationRows(email))[0]!.used_at).not.toBeNull();
    expect((await admin.owner.get("/admin/staff")).body.invitations).not.toContainEqual(
      expect.objectContaining({ email }),
    );
  });

  it("changes nothing about an existing account until the link is used; accepting sets its password and signs it out", async () => {
    const customer = await customerShopper(admin.api, database);
    const before = (await userByEmail(customer.user.email))!;
    const { token } = await invite(customer.user.email);
    // Invited, not yet accepted: the account is as it was, its session and password still a customer's.
    expect(await userByEmail(customer.user.email)).toEqual(before);
    expect((await customer.get("/admin/session")).status).toBe(403);
    const view = await shopper(admin.api).post("/staff-invitation", { token });
    expect(view.body.has_account).toBe(true);

    const accepted = await accept(token, "the mailbox holder's");
    expect(accepted.status).toBe(200);
    const after = (await userByEmail(customer.user.email))!;
    expect(after.role).toBe("staff");
    expect(await verifyPassword("the mailbox holder's", after.password_hash)).toBe(true);
    // The session it had is over, and its old password opens nothing.
    expect((await customer.get("/user")).status).toBe(401);
    expect((await customer.get("/admin/session")).status).toBe(401);
    expect((await login(customer.user.email, TEST_PASSWORD)).status).not.toBe(200);
    expect((await login(customer.user.email, "the mailbox holder's")).status).toBe(200);
    expect(await audit("user", before.id)).toEqual([
      { action: "staff.accept", actor_user_id: before.id, actor_email: customer.user.email },
    ]);
  });

  it("enables a disabled account only when its mailbox holder accepts", async () => {
    const customer = await customerShopper(admin.api, database);
    const disabledAt = new Date().toISOString();
    await database.db
      .updateTable("users")
      .set({ disabled_at: disabledAt })
      .where("id", "=", customer.user.id)
      .execute();
    const { token } = await invite(customer.user.email, "owner");
    expect((await userByEmail(customer.user.email))?.disabled_at).toBe(disabledAt);
    expect((await accept(token, "back in business")).status).toBe(200);
    expect(await userByEmail(customer.user.email)).toMatchObject({ role: "owner", disabled_at: null });
    expect((await login(customer.user.email, "back in business")).status).toBe(200);
  });

  it("never lowers a role: an account made owner meanwhile stays owner after a staff invitation", async () => {
    const customer = await customerShopper(admin.api, database);
    const { token } = await invite(customer.user.email, "staff");
    await database.db
      .updateTable("users")
      .set({ role: "owner" })
      .where("id", "=", customer.user.id)
      .execute();
    expect((await accept(token)).status).toBe(200);
    expect((await userByEmail(customer.user.email))?.role).toBe("owner");
  });

  it("refuses a forged, a used and an expired link with its own sentence, changing nothing", async () => {
    for (const forged of ["not-a-real-token", "a".repeat(43)]) {
      const view = await shopper(admin.api).post("/staff-invitation", { token: forged });
      expect(view.status).toBe(422);
      expect(view.body.message).toBe(INVALID);
      const tried = await accept(forged, "whatever password", { first_name: "X", last_name: "Y" });
      expect(tried.status).toBe(422);
      expect(tried.body).toEqual({ message: INVALID, errors: { token: [INVALID] } });
    }

    const reused = newEmail("reused");
    const first = await invite(reused);
    expect((await accept(first.token, "first password", { first_name: "R", last_name: "U" })).status).toBe(
      200,
    );
    const again = await accept(first.token, "second password", { first_name: "R", last_name: "U" });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(USED);
    expect((await login(reused, "second password")).status).not.toBe(200);
    expect((await login(reused, "first password")).status).toBe(200);

    const customer = await customerShopper(admin.api, database);
    const late = await invite(customer.user.email);
    await database.db
      .updateTable("staff_invitations")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("token_hash", "=", hashSecret(late.token))
      .execute();
    const expired = await accept(late.token, "too late now");
    expect(expired.status).toBe(422);
    expect(expired.body.message).toBe(EXPIRED);
    expect((await shopper(admin.api).post("/staff-invitation", { token: late.token })).body.message).toBe(
      EXPIRED,
    );
    expect(await userByEmail(customer.user.email)).toMatchObject({ role: "customer" });
    expect((await customer.get("/user")).status).toBe(200);
    expect((await login(customer.user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it("keeps the link when the new password is refused, under the registration's rules (common passwords too)", async () => {
    const email = newEmail("rules");
    const { token } = await invite(email);
    const short = await accept(token, "short", { first_name: "R", last_name: "S" });
    expect(short.status).toBe(422);
    expect(short.body.errors.password).toEqual(["The password must be at least 8 characters."]);
    const mismatch = await shopper(admin.api).post("/staff-invitation/accept", {
      token,
      first_name: "R",
      last_name: "S",
      password: "long enough one",
      password_confirmation: "long enough two",
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.password_confirmation).toEqual(["The password confirmation does not match."]);
    const common = await accept(token, "password123", { first_name: "R", last_name: "S" });
    expect(common.status).toBe(422);
    expect(common.body.errors.password).toEqual([COMMON_PASSWORD]);
    expect((await accept(token, "long enough one", { first_name: "R", last_name: "S" })).status).toBe(200);
  });

  it("lets the owner withdraw a pending invitation, audited; its link then stops working", async () => {
    const email = newEmail("withdrawn");
    const { token, answer } = await invite(email);
    const id = answer.invitation.id as number;
    const wrong = await admin.owner.call("DELETE", `/admin/staff/invitations/${id}`, {
      current_password: "not mine",
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ current_password: ["The password is incorrect."] });
    const withdrawn = await admin.owner.call("DELETE", `/admin/staff/invitations/${id}`, confirm);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.message).toBe(
      `The invitation to ${email} was withdrawn; its link no longer works.`,
    );
    expect(await audit("staff_invitation", id)).toEqual([
      { action: "staff.invite", actor_user_id: admin.owner.user.id, actor_email: admin.owner.user.email },
      {
        action: "staff.invite_revoke",
        actor_user_id: admin.owner.user.id,
        actor_email: admin.owner.user.email,
      },
    ]);
    const tried = await accept(token, "too late now", { first_name: "W", last_name: "D" });
    expect(tried.status).toBe(422);
    expect(tried.body.message).toBe(REVOKED);
    expect(await userByEmail(email)).toBeUndefined();
    for (const path of [
      `/admin/staff/invitations/${id}`,
      "/admin/staff/invitations/999999",
      "/admin/staff/invitations/x",
    ]) {
      const missing = await admin.owner.call("DELETE", path, confirm);
      expect(missing.status, path).toBe(404);
      expect(missing.body.message).toBe("No pending invitation has this id.");
    }
  });

  it("re-inviting an address replaces its pending invitation: the earlier link stops working", async () => {
    const email = newEmail("again");
    const first = await invite(email, "staff");
    const second = await invite(email, "owner");
    expect(second.answer.replaced).toBe(true);
    const pending = (await admin.owner.get("/admin/staff")).body.invitations.filter(
      (invitation: { email: string }) => invitation.email === email,
    );
    expect(pending).toEqual([expect.objectContaining({ role: "owner" })]);
    const old = await accept(first.token, "old link's", { first_name: "A", last_name: "G" });
    expect(old.status).toBe(422);
    expect(old.body.message).toBe(REVOKED);
    expect((await accept(second.token, "new link's", { first_name: "A", last_name: "G" })).status).toBe(200);
    expect((await userByEmail(email))?.role).toBe("owner");
  });

  it("refuses to invite someone already on the staff, and needs a valid email and role and the owner's password", async () => {
    const staff = await admin.owner.post("/admin/staff", {
      email: admin.staff.user.email,
      role: "owner",
      ...confirm,
    });
    expect(staff.status).toBe(409);
    expect(staff.body.message).toBe(
      `${admin.staff.user.email} is already on the staff; change their role in the list instead.`,
    );
    const invalid = await admin.owner.post("/admin/staff", {
      email: "not an email",
      role: "boss",
      ...confirm,
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({
      email: ["The email must be a valid email address."],
      role: ["The role must be staff or owner."],
    });
    const wrong = await admin.owner.post("/admin/staff", {
      email: "y-invited@example.pk",
      role: "staff",
      current_password: "wrong",
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ current_password: ["The password is incorrect."] });
    expect(await invitationRows("y-invited@example.pk")).toEqual([]);
    expect(await invitationRows(admin.staff.user.email)).toEqual([]);
  });

  it("two acceptances of one link at once: exactly one wins", async () => {
    const customer = await customerShopper(admin.api, database);
    const { token } = await invite(customer.user.email);
    const answers = await Promise.all([accept(token, "racer number one"), accept(token, "racer number two")]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 422]);
    expect(answers.find((answer) => answer.status === 422)?.body.message).toBe(USED);
    const winner = answers.findIndex((answer) => answer.status === 200);
    const user = (await userByEmail(customer.user.email))!;
    expect(
      await verifyPassword(winner === 0 ? "racer number one" : "racer number two", user.password_hash),
    ).toBe(true);
    const live = await database.db
      .selectFrom("auth_tokens")
      .select("id")
      .where("user_id", "=", user.id)
      .where("revoked_at", "is", null)
      .execute();
    expect(live).toHaveLength(1);
    expect(await audit("user", user.id)).toHaveLength(1);
  });

  it("counts acceptance attempts per client address", async () => {
    const store = createLimitStore("memory");
    onTestFinished(() => store.cleanup());
    const limited = apiHarness(database, { mailer, limits: await store.limits({ authAttemptsPer15Min: 3 }) });
    const guesser = shopper(limited, {}, { address: "203.0.113.41" });
    const body = { token: "guess", password: "long enough", password_confirmation: "long enough" };
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await guesser.post("/staff-invitation/accept", body)).status).toBe(422);
    }
    const blocked = await guesser.post("/staff-invitation/accept", body);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: "Too many attempts. Please try again in 15 minutes." });
    const elsewhere = shopper(limited, {}, { address: "203.0.113.42" });
    expect((await elsewhere.post("/staff-invitation/accept", body)).status).toBe(422);
  });
});
