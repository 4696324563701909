import type { RateLimiter } from "./rate-limit.ts";

export const tooManyAttempts = (minutes: number) =>
  `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;

/**
 * Counts one attempt against each key (e.g. `lookup-ip:<address>`, `reset-email:<email>`) and throws
 * TooManyRequests (429 with Retry-After) once any key is over the limit. The order lookup and the password reset
 * count their attempts only through here, so moving them to another limiter (a shared store for several
 * instances) is a change to this one function. Async for that reason.
 */
export async function limitAttempts(limiter: RateLimiter, keys: string[]): Promise<void> {
  limiter.hit(keys, tooManyAttempts);
}
