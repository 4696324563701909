import { vi } from "vitest";
import { totpCode } from "../api/admin/two-factor/totp.ts";
import { TEST_PASSWORD } from "./admin-harness.ts";
import { type ApiHarness, type Shopper, shopper } from "./api-harness.ts";

/**
 * Two-factor sign-in in tests: a fresh password-only session, and codes of successive 30-second steps (each step's
 * code works once, so a test that uses several moves the clock on between them).
 */

/** Signs in with the password alone, as the login page does: the session's second factor is still due. */
export async function passwordSession(api: ApiHarness, email: string): Promise<Shopper> {
  const client = shopper(api);
  const { status, body } = await client.post("/login", { email, password: TEST_PASSWORD });
  if (status !== 200) throw new Error(`login of ${email} answered ${status}: ${JSON.stringify(body)}`);
  client.token = body.token;
  return client;
}

/** Fakes only Date (it keeps running), so `nextStep` can move past a used code's time step. */
export function useStepClock(): void {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
}

/**
 * The code an authenticator app shows now, after moving the clock into the next time step (only Date is mocked,
 * `vi.setSystemTime` without fake timers; `vi.useRealTimers()` puts it back).
 */
export function nextStepCode(secret: string): string {
  vi.setSystemTime(Date.now() + 30_000);
  return totpCode(secret);
}

/** Sets up and confirms two-factor sign-in for a signed-in member; answers the key and the recovery codes. */
export async function enableTwoFactor(member: Shopper): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await member.post("/admin/two-factor/setup");
  if (setup.status !== 200) throw new Error(`setup answered ${setup.status}: ${JSON.stringify(setup.body)}`);
  const secret = setup.body.secret as string;
  const confirmed = await member.post("/admin/two-factor/confirm", { code: nextStepCode(secret) });
  if (confirmed.status !== 200)
    throw new Error(`confirm answered ${confirmed.status}: ${JSON.stringify(confirmed.body)}`);
  return { secret, recoveryCodes: confirmed.body.recovery_codes };
}
