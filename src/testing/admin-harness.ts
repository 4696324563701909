import { expect } from "vitest";
import { cookiePolicy, SESSION_COOKIE, setCookieHeader } from "../shared/cookies.server.ts";
import type { BackOfficeRole, UserRole } from "../shared/roles.ts";
import { type ApiHarness, HARNESS_CONFIG, registeredShopper, type Shopper, shopper } from "./api-harness.ts";
import type { TestDatabase } from "./test-db.ts";

/**
 * Back-office test helpers: shoppers signed in as staff, owner or customer, and the check every `/api/admin/...`
 * route must pass (anonymous 401, customer 403, staff 403 where only the owner may). Use them in every
 * back-office test:
 *
 *   const admin = await adminHarness(database);            // api + owner + staff + customer, all signed in
 *   await expectBackOfficeOnly(admin, "GET", "/admin/customers");
 *   const { status, body } = await admin.staff.get("/admin/customers");
 */

/** The password of every account these helpers register (what `current_password` must say). */
export const TEST_PASSWORD = "correct horse";

/** A signed-in shopper (bearer token, cookie jar) and the account behind it. */
export interface SignedIn extends Shopper {
  user: { id: number; email: string; role: UserRole };
}

let sequence = 0;

/** Registers a new account through the API, gives it `role` in the database, and signs it in. */
export async function signedInAs(
  api: ApiHarness,
  database: TestDatabase,
  role: UserRole,
  name: { first_name?: string; last_name?: string; email?: string } = {},
): Promise<SignedIn> {
  sequence += 1;
  const email = name.email ?? `${role}${sequence}-${Date.now()}@example.pk`;
  const client = await registeredShopper(api, {
    first_name: name.first_name ?? role[0]!.toUpperCase() + role.slice(1),
    last_name: name.last_name ?? `Number ${sequence}`,
    email,
  });
  const { body } = await client.get("/user");
  if (role !== "customer") {
    await database.db.updateTable("users").set({ role }).where("id", "=", body.id).execute();
  }
  return Object.assign(client, { user: { id: body.id as number, email: body.email as string, role } });
}

export const staffShopper = (
  api: ApiHarness,
  database: TestDatabase,
  name?: Parameters<typeof signedInAs>[3],
) => signedInAs(api, database, "staff", name);

export const ownerShopper = (
  api: ApiHarness,
  database: TestDatabase,
  name?: Parameters<typeof signedInAs>[3],
) => signedInAs(api, database, "owner", name);

export const customerShopper = (
  api: ApiHarness,
  database: TestDatabase,
  name?: Parameters<typeof signedInAs>[3],
) => signedInAs(api, database, "customer", name);

export interface AdminHarness {
  api: ApiHarness;
  database: TestDatabase;
  owner: SignedIn;
  staff: SignedIn;
  customer: SignedIn;
}

/** One signed-in owner, staff member and customer over `api` (an `apiHarness(database)` unless given). */
export async function adminHarness(database: TestDatabase, api: ApiHarness): Promise<AdminHarness> {
  const [owner, staff, customer] = await Promise.all([
    ownerShopper(api, database),
    staffShopper(api, database),
    customerShopper(api, database),
  ]);
  return { api, database, owner, staff, customer };
}

/** The browser's headers for a request from the shop's own pages (the harness's PUBLIC_URL). */
export const SAME_ORIGIN = { origin: HARNESS_CONFIG.publicUrl, "sec-fetch-site": "same-origin" } as const;

/** The `Cookie` header a browser signed in as `signedIn` sends: the storefront's signed session cookie. */
export function sessionCookie(signedIn: Shopper): string {
  if (!signedIn.token) throw new Error("sessionCookie needs a signed-in shopper");
  return setCookieHeader(SESSION_COOKIE, signedIn.token, cookiePolicy(HARNESS_CONFIG)).split(";")[0] ?? "";
}

/**
 * A client that authenticates the way the back office's pages do in a browser: with the storefront's signed
 * session cookie holding `signedIn`'s token, and no bearer token. `headers` plays what the browser adds
 * (SAME_ORIGIN, or a foreign Origin).
 */
export function cookieClient(
  api: ApiHarness,
  signedIn: Shopper,
  headers: Record<string, string> = {},
): Shopper {
  const [name = "", value = ""] = sessionCookie(signedIn).split("=");
  const client = shopper(api, headers);
  client.cookies.set(name, value);
  return client;
}

/**
 * Asserts that only the right people reach a back-office operation: anonymous answers 401, a customer 403, and
 * for `needed: "owner"` a staff member 403 too; nothing is done for any of them. (That the allowed role succeeds
 * is the caller's own assertion, with a body that makes sense for the route.)
 */
export async function expectBackOfficeOnly(
  admin: AdminHarness,
  method: string,
  path: string,
  json?: unknown,
  needed: BackOfficeRole = "staff",
): Promise<void> {
  const anonymous = await shopper(admin.api).call(method, path, json);
  expect(anonymous.status, `anonymous ${method} ${path}`).toBe(401);
  const customer = await admin.customer.call(method, path, json);
  expect(customer.status, `customer ${method} ${path}`).toBe(403);
  expect(customer.body.message, `customer ${method} ${path}`).toMatch(/staff/);
  if (needed === "owner") {
    const staff = await admin.staff.call(method, path, json);
    expect(staff.status, `staff ${method} ${path}`).toBe(403);
    expect(staff.body.message).toBe("Only the shop's owner can do this.");
  }
}
