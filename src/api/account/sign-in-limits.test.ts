import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openRedis } from "../../platform/redis.ts";
import { type ApiHarness, apiHarness, registeredShopper, shopper } from "../../testing/api-harness.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import {
  createLimitStore,
  limitStores,
  TEST_LIMITS,
  type TestLimitStore,
} from "../../testing/test-limits.ts";
import { createLimits } from "../rate-limit.ts";

const { engine, available } = testEngine();

const PASSWORD = "correct horse";
const TOO_MANY_15 = { message: "Too many attempts. Please try again in 15 minutes." };

let sequence = 0;
const freshEmail = () => `shopper${++sequence}-${Date.now()}@example.pk`;

describe.skipIf(!available)(`sign-in and register limits on ${engine}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  /** A browser at `address` (the API reads it as the client address). */
  const from = (api: ApiHarness, address: string) => shopper(api, {}, { address });
  const login = (api: ApiHarness, address: string, email: string, password: string) =>
    from(api, address).post("/login", { email, password });

  async function account(api: ApiHarness) {
    const email = freshEmail();
    await registeredShopper(api, { first_name: "Ayesha", last_name: "Khan", email });
    return email;
  }

  for (const { name: storeName, available: storeAvailable } of limitStores) {
    describe.skipIf(!storeAvailable)(`counted in ${storeName}`, () => {
      let store: TestLimitStore;
      let api: ApiHarness;
      beforeEach(async () => {
        store = createLimitStore(storeName);
        api = apiHarness(database, { limits: await store.limits({ authAttemptsPer15Min: 3 }) });
      });
      afterEach(() => store.cleanup());

      it("blocks guessing one account's password from one address, with Retry-After", async () => {
        const victim = await account(api);
        for (let attempt = 0; attempt < 3; attempt++) {
          expect((await login(api, "203.0.113.9", victim, "guess")).status).toBe(422);
        }
        const blocked = await login(api, "203.0.113.9", victim, "guess");
        expect(blocked.status).toBe(429);
        expect(blocked.body).toEqual(TOO_MANY_15);
        expect(blocked.headers.get("retry-after")).toBe("900");
        // Blocked means blocked: even the right password from that address waits.
        expect((await login(api, "203.0.113.9", victim, PASSWORD)).status).toBe(429);
      });

      it("lets the account's owner sign in from their own address while an attacker is blocked", async () => {
        const victim = await account(api);
        for (let attempt = 0; attempt < 4; attempt++) await login(api, "203.0.113.9", victim, "guess");
        expect((await login(api, "203.0.113.9", victim, "guess")).status).toBe(429);

        const owner = await login(api, "198.51.100.7", victim, PASSWORD);
        expect(owner.status).toBe(200);
        expect(owner.body.user.email).toBe(victim);
        // The owner's own typo does not inherit the attacker's count either.
        expect((await login(api, "198.51.100.7", victim, "typo")).status).toBe(422);
      });

      it("forgets the failures when the sign-in succeeds, and never counts successes", async () => {
        const email = await account(api);
        for (let attempt = 0; attempt < 2; attempt++) {
          expect((await login(api, "198.51.100.8", email, "typo")).status).toBe(422);
        }
        for (let success = 0; success < 5; success++) {
          expect((await login(api, "198.51.100.8", email, PASSWORD)).status).toBe(200);
        }
        for (let attempt = 0; attempt < 3; attempt++) {
          expect((await login(api, "198.51.100.8", email, "typo")).status).toBe(422);
        }
        expect((await login(api, "198.51.100.8", email, "typo")).status).toBe(429);
      });

      it("blocks longer each time the guessing starts again", async () => {
        const victim = await account(api);
        const retryAfter = async () => {
          for (let attempt = 0; attempt < 3; attempt++) await login(api, "203.0.113.9", victim, "guess");
          const blocked = await login(api, "203.0.113.9", victim, "guess");
          expect(blocked.status).toBe(429);
          return { seconds: blocked.headers.get("retry-after"), message: blocked.body.message };
        };
        expect(await retryAfter()).toEqual({ seconds: "900", ...TOO_MANY_15 });
        await store.passTime(901);
        expect(await retryAfter()).toEqual({
          seconds: "1800",
          message: "Too many attempts. Please try again in 30 minutes.",
        });
        await store.passTime(1801);
        expect((await retryAfter()).seconds).toBe("3600");
      });

      it("limits failed sign-ins from one address across every email", async () => {
        const limited = apiHarness(database, {
          limits: await store.limits({ authAttemptsPer15Min: 3, loginFailuresPerAddressPerHour: 4 }),
        });
        for (let attempt = 0; attempt < 4; attempt++) {
          expect((await login(limited, "203.0.113.50", freshEmail(), "guess")).status).toBe(422);
        }
        const blocked = await login(limited, "203.0.113.50", freshEmail(), "guess");
        expect(blocked.status).toBe(429);
        expect(blocked.body).toEqual({ message: "Too many attempts. Please try again in 60 minutes." });
        expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(3590);
        expect((await login(limited, "198.51.100.50", freshEmail(), "guess")).status).toBe(422);
      });

      it("limits registrations per address", async () => {
        const register = (address: string) =>
          from(api, address).post("/register", {
            first_name: "Ali",
            last_name: "Raza",
            email: freshEmail(),
            password: PASSWORD,
            password_confirmation: PASSWORD,
          });
        for (let attempt = 0; attempt < 3; attempt++)
          expect((await register("203.0.113.77")).status).toBe(201);
        const blocked = await register("203.0.113.77");
        expect(blocked.status).toBe(429);
        expect(blocked.body).toEqual(TOO_MANY_15);
        expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(890);
        expect((await register("198.51.100.77")).status).toBe(201);
      });

      it("limits password changes per user", async () => {
        const client = await registeredShopper(api, {
          first_name: "Ayesha",
          last_name: "Khan",
          email: freshEmail(),
        });
        const change = () =>
          client.post("/password/update", {
            current_password: "wrong",
            password: "battery staple",
            password_confirmation: "battery staple",
          });
        for (let attempt = 0; attempt < 3; attempt++) expect((await change()).status).toBe(422);
        const blocked = await change();
        expect(blocked.status).toBe(429);
        expect(blocked.body).toEqual(TOO_MANY_15);
      });
    });
  }

  describe.skipIf(!limitStores.find((store) => store.name === "Redis")?.available)(
    "counted in Redis by two instances",
    () => {
      let store: TestLimitStore;
      beforeEach(() => {
        store = createLimitStore("Redis");
      });
      afterEach(() => store.cleanup());

      it("shares one count: failures on either instance add up", async () => {
        const first = apiHarness(database, { limits: await store.limits({ authAttemptsPer15Min: 3 }) });
        const second = apiHarness(database, { limits: await store.limits({ authAttemptsPer15Min: 3 }) });
        const victim = await account(first);
        expect((await login(first, "203.0.113.9", victim, "guess")).status).toBe(422);
        expect((await login(second, "203.0.113.9", victim, "guess")).status).toBe(422);
        expect((await login(first, "203.0.113.9", victim, "guess")).status).toBe(422);
        expect((await login(second, "203.0.113.9", victim, "guess")).status).toBe(429);
        expect((await login(first, "203.0.113.9", victim, "guess")).status).toBe(429);
      });
    },
  );

  it("keeps signing shoppers in, and still limits, when Redis does not answer", async () => {
    const warnings: string[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => warnings.push(JSON.parse(line).msg) });
    const redis = openRedis("redis://127.0.0.1:1", logger);
    try {
      const api = apiHarness(database, {
        limits: createLimits({ settings: { ...TEST_LIMITS, authAttemptsPer15Min: 3 }, redis, logger }),
      });
      const email = await account(api);
      expect((await login(api, "198.51.100.9", email, PASSWORD)).status).toBe(200);
      for (let attempt = 0; attempt < 3; attempt++) {
        expect((await login(api, "203.0.113.9", email, "guess")).status).toBe(422);
      }
      expect((await login(api, "203.0.113.9", email, "guess")).status).toBe(429);
      expect(warnings).toContain(
        "Redis did not answer: this rate limit counts in this process's memory for now",
      );
    } finally {
      redis.disconnect();
    }
  });
});
