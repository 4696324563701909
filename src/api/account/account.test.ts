import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiHarness, apiHarness, shopper } from "../../testing/api-harness.ts";
import { buildCatalogue, type Catalogue, variantId } from "../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { TEST_LIMITS } from "../../testing/test-limits.ts";
import { createLimits } from "../rate-limit.ts";
import { COMMON_PASSWORD } from "./common-passwords.ts";
import { hashPassword } from "./passwords.ts";

const { engine, available } = testEngine();

let sequence = 0;
const registration = (overrides: Record<string, unknown> = {}) => {
  sequence += 1;
  return {
    first_name: "Ayesha",
    last_name: "Khan",
    email: `ayesha${sequence}@example.pk`,
    password: "correct horse",
    password_confirmation: "correct horse",
    ...overrides,
  };
};

describe.skipIf(!available)(`accounts API on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;
  let catalogue: Catalogue;

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    api = apiHarness(database);
  });
  afterAll(() => database?.drop());

  async function registered(overrides: Record<string, unknown> = {}) {
    const client = shopper(api);
    const details = registration(overrides);
    const { status, body } = await client.post("/register", details);
    expect(status).toBe(201);
    client.token = body.token;
    return { client, details, body };
  }

  describe("register", () => {
    it("creates the user and answers a token and the user", async () => {
      const details = registration({ email: "  Mixed.Case@Example.PK " });
      const { status, body } = await shopper(api).post("/register", details);
      expect(status).toBe(201);
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(body.user).toEqual({
        id: expect.any(Number),
        first_name: "Ayesha",
        last_name: "Khan",
        name: "Ayesha Khan",
        email: "mixed.case@example.pk",
        phone: null,
        image: null,
        created_at: expect.any(String),
      });
      const stored = await database.db
        .selectFrom("users")
        .selectAll()
        .where("id", "=", body.user.id)
        .executeTakeFirstOrThrow();
      expect(stored.password_hash).toMatch(/^scrypt\$/);
      expect(stored.password_hash).not.toContain("correct horse");
      const token = await database.db
        .selectFrom("auth_tokens")
        .select("token_hash")
        .where("user_id", "=", body.user.id)
        .executeTakeFirstOrThrow();
      expect(token.token_hash).not.toBe(body.token);
    });

    it.each([
      [{ first_name: "" }, "first_name", "The first name field is required."],
      [{ last_name: "   " }, "last_name", "The last name field is required."],
      [
        { first_name: "x".repeat(101) },
        "first_name",
        "The first name may not be greater than 100 characters.",
      ],
      [{ email: "" }, "email", "The email field is required."],
      [{ email: "not-an-email" }, "email", "The email must be a valid email address."],
      [
        { email: "ayesha@example.pk\r\nBcc: intruder@example.com" },
        "email",
        "The email must be a valid email address.",
      ],
      [
        { email: "ayesha@example.pk, intruder@example.com" },
        "email",
        "The email must be a valid email address.",
      ],
      [{ email: "Ayesha Khan <ayesha@example.pk>" }, "email", "The email must be a valid email address."],
      [
        { email: `${"a".repeat(244)}@example.pk` },
        "email",
        "The email may not be greater than 254 characters.",
      ],
      [
        { password: "short", password_confirmation: "short" },
        "password",
        "The password must be at least 8 characters.",
      ],
      [
        { password_confirmation: "something else" },
        "password_confirmation",
        "The password confirmation does not match.",
      ],
      [{ first_name: 42 }, "first_name", "The first name must be text."],
      // PostgreSQL cannot store a NUL byte: refused as input, not a 500 from the database.
      [{ first_name: "Ali\u0000" }, "first_name", "The first name contains a character that is not allowed."],
      [{ email: "\u0000" }, "email", "The email contains a character that is not allowed."],
    ])("refuses %j with a 422 and the field's message", async (overrides, field, message) => {
      const { status, body } = await shopper(api).post("/register", registration(overrides));
      expect(status).toBe(422);
      expect(body.errors[field]).toEqual([message]);
      expect(body.message).toEqual(expect.any(String));
    });

    it("refuses an email that is already taken, whatever its case", async () => {
      const { details } = await registered();
      const again = await shopper(api).post("/register", {
        ...registration(),
        email: details.email.toUpperCase(),
      });
      expect(again.status).toBe(422);
      expect(again.body.errors).toEqual({ email: ["The email has already been taken."] });
    });

    it("refuses a common leaked password, whatever its case, and creates nothing", async () => {
      const details = registration({ password: "Password123", password_confirmation: "Password123" });
      const refused = await shopper(api).post("/register", details);
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ password: [COMMON_PASSWORD] });
      const stored = await database.db
        .selectFrom("users")
        .select("id")
        .where("email", "=", details.email)
        .executeTakeFirst();
      expect(stored).toBeUndefined();
    });
  });

  describe("login and tokens", () => {
    it("logs in with the right password and the token reads the user", async () => {
      const { details } = await registered();
      const client = shopper(api);
      const { status, body } = await client.post("/login", {
        email: details.email,
        password: details.password,
      });
      expect(status).toBe(200);
      client.token = body.token;
      const me = await client.get("/user");
      expect(me.status).toBe(200);
      expect(me.body.email).toBe(details.email);
      expect(me.body).not.toHaveProperty("password_hash");
    });

    it("finds an account stored with capitals (an older import) whatever case the shopper types", async () => {
      const now = new Date().toISOString();
      await database.db
        .insertInto("users")
        .values({
          first_name: "Sana",
          last_name: "Mir",
          email: "Sana.Mir@Example.PK",
          password_hash: await hashPassword("correct horse"),
          phone: null,
          image: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      for (const email of ["sana.mir@example.pk", "SANA.MIR@EXAMPLE.PK", "Sana.Mir@Example.PK"]) {
        const { status } = await shopper(api).post("/login", { email, password: "correct horse" });
        expect(status, email).toBe(200);
      }
      const again = await shopper(api).post("/register", { ...registration(), email: "sana.mir@example.pk" });
      expect(again.status).toBe(422);
      expect(again.body.errors).toEqual({ email: ["The email has already been taken."] });
    });

    it("answers a wrong password and an unknown email with the same message", async () => {
      const { details } = await registered();
      const wrongPassword = await shopper(api).post("/login", {
        email: details.email,
        password: "wrong password",
      });
      const unknownEmail = await shopper(api).post("/login", {
        email: "nobody@example.pk",
        password: details.password,
      });
      expect(wrongPassword.status).toBe(422);
      expect(wrongPassword.body).toEqual(unknownEmail.body);
      expect(wrongPassword.body).toEqual({
        message: "These credentials do not match our records.",
        errors: { email: ["These credentials do not match our records."] },
      });
    });

    it("requires both login fields", async () => {
      const { status, body } = await shopper(api).post("/login", {});
      expect(status).toBe(422);
      expect(body.errors).toEqual({
        email: ["The email field is required."],
        password: ["The password field is required."],
      });
    });

    it("answers 401 without a token, with a forged one, and after logout", async () => {
      const { client } = await registered();
      expect((await shopper(api).get("/user")).status).toBe(401);
      const forged = shopper(api);
      forged.token = "A".repeat(43);
      expect(await forged.get("/user")).toMatchObject({ status: 401, body: { message: "Unauthenticated." } });
      const malformed = shopper(api, { authorization: "Bearer <script>" });
      expect((await malformed.get("/user")).status).toBe(401);

      expect((await client.get("/user")).status).toBe(200);
      expect(await client.post("/logout")).toMatchObject({
        status: 200,
        body: { message: "You have been logged out." },
      });
      expect((await client.get("/user")).status).toBe(401);
      expect((await client.get("/cart")).status).toBe(401);
      expect((await client.post("/logout")).status).toBe(401);
    });
  });

  describe("profile and password", () => {
    it("updates the profile, refusing another user's email", async () => {
      const { client } = await registered();
      const { details: other } = await registered();
      const updated = await client.post("/update-profile", {
        first_name: "Sana",
        last_name: "Malik",
        email: "sana.new@example.pk",
        phone: "0300 1234567",
        current_password: "correct horse",
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        first_name: "Sana",
        last_name: "Malik",
        email: "sana.new@example.pk",
        phone: "0300 1234567",
      });
      const taken = await client.post("/update-profile", {
        first_name: "Sana",
        last_name: "Malik",
        email: other.email,
        current_password: "correct horse",
      });
      expect(taken).toMatchObject({
        status: 422,
        body: { errors: { email: ["The email has already been taken."] } },
      });
      expect(
        (await shopper(api).post("/update-profile", { first_name: "x", last_name: "y", email: "a@b.pk" }))
          .status,
      ).toBe(401);
    });

    it("refuses a profile email that is not exactly one valid address, and keeps the old one", async () => {
      const { client, details } = await registered();
      for (const email of [
        "sana@example.pk\nBcc: intruder@example.com",
        "sana@example.pk,intruder@example.com",
        "Sana <sana@example.pk>",
        "sana@",
      ]) {
        const { status, body } = await client.post("/update-profile", {
          first_name: "Sana",
          last_name: "Malik",
          email,
          current_password: "correct horse",
        });
        expect(status, email).toBe(422);
        expect(body.errors, email).toEqual({ email: ["The email must be a valid email address."] });
      }
      expect((await client.get("/user")).body.email).toBe(details.email);
    });

    it("changes the password only with the current one, and signs out other sessions", async () => {
      const { client, details } = await registered();
      const second = shopper(api);
      second.token = (
        await second.post("/login", { email: details.email, password: details.password })
      ).body.token;

      const wrong = await client.post("/password/update", {
        current_password: "not it at all",
        password: "a new password",
        password_confirmation: "a new password",
      });
      expect(wrong).toMatchObject({
        status: 422,
        body: { errors: { current_password: ["The current password is incorrect."] } },
      });

      const mismatch = await client.post("/password/update", {
        current_password: details.password,
        password: "a new password",
        password_confirmation: "another",
      });
      expect(mismatch.body.errors).toEqual({
        password_confirmation: ["The password confirmation does not match."],
      });

      const common = await client.post("/password/update", {
        current_password: details.password,
        password: "iloveyou2",
        password_confirmation: "iloveyou2",
      });
      expect(common.body.errors).toEqual({ password: [COMMON_PASSWORD] });
      expect((await second.get("/user")).status).toBe(200);

      const changed = await client.post("/password/update", {
        current_password: details.password,
        password: "a new password",
        password_confirmation: "a new password",
      });
      expect(changed.status).toBe(200);
      expect((await client.get("/user")).status).toBe(200);
      expect((await second.get("/user")).status).toBe(401);
      expect(
        (await shopper(api).post("/login", { email: details.email, password: details.password })).status,
      ).toBe(422);
      expect(
        (await shopper(api).post("/login", { email: details.email, password: "a new password" })).status,
      ).toBe(200);
    });
  });

  describe("guest cart merging", () => {
    it("merges the guest cart into the user's at login, adding quantities capped at stock", async () => {
      const { products, colors, sizes } = catalogue;
      const shirtNavyM = await variantId(database.db, products.shirt, colors.navy.id, sizes.medium.id);
      const shirtNavyS = await variantId(database.db, products.shirt, colors.navy.id, sizes.small.id);
      const { client, details } = await registered();
      await client.post("/cart/add", { id: products.shirt, quantity: 1, size: shirtNavyM });

      const guest = shopper(api);
      await guest.post("/cart/add", { id: products.shirt, quantity: 2, size: shirtNavyM });
      await guest.post("/cart/add", { id: products.shirt, quantity: 3, size: shirtNavyS });
      expect(guest.cookies.has("cart_key")).toBe(true);

      const login = await guest.post("/login", { email: details.email, password: details.password });
      expect(login.status).toBe(200);
      expect(guest.cookies.has("cart_key")).toBe(false);
      guest.token = login.body.token;

      const cart = (await guest.get("/cart")).body;
      const byVariant = Object.fromEntries(
        cart.cart.map((line: any) => [line.attributes.variation_id, line.quantity]),
      );
      // Navy M has 2 in stock: 1 + 2 is capped at 2.
      expect(byVariant).toEqual({ [shirtNavyM]: 2, [shirtNavyS]: 3 });
      expect(cart.quantity).toBe(5);
      expect(
        await database.db.selectFrom("carts").select("id").where("guest_key_hash", "is not", null).execute(),
      ).toHaveLength(0);
    });

    it("hands the guest cart to a new user at register", async () => {
      const { products, colors, sizes } = catalogue;
      const guest = shopper(api);
      await guest.post("/cart/add", {
        id: products.tote,
        quantity: 1,
        size: await variantId(database.db, products.tote, colors.black.id, sizes.oneSize.id),
      });
      const { body } = await guest.post("/register", registration());
      guest.token = body.token;
      expect((await guest.get("/cart")).body.quantity).toBe(1);
    });
  });

  describe("rate limits", () => {
    it("counts a client by its socket address, whatever X-Forwarded-For it sends", async () => {
      const limited = apiHarness(database, {
        limits: createLimits({
          settings: { ...TEST_LIMITS, loginFailuresPerAddressPerHour: 2 },
          logger: pino({ level: "silent" }),
        }),
      });
      // One machine claiming a new address on every attempt is still one address.
      for (let attempt = 0; attempt < 2; attempt++) {
        const spoofer = shopper(
          limited,
          { "x-forwarded-for": `192.0.2.${attempt}` },
          { address: "203.0.113.7" },
        );
        expect(
          (await spoofer.post("/login", { email: `one${attempt}@example.pk`, password: "guess" })).status,
        ).toBe(422);
      }
      const third = shopper(limited, { "x-forwarded-for": "192.0.2.77" }, { address: "203.0.113.7" });
      expect((await third.post("/login", { email: "three@example.pk", password: "guess" })).status).toBe(429);
    });
  });
});
