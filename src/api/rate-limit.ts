import { TooManyRequests } from "./errors.ts";

interface Window {
  count: number;
  resetAt: number;
}

/**
 * A fixed-window counter per key, kept in this process. With several instances each keeps its own counts,
 * which only loosens the limit by the instance count; see docs/decisions/0004-sessions-cookies-and-rate-limits.md.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(options: { limit: number; windowMs: number; now?: () => number }) {
    this.limit = options.limit;
    this.windowMs = options.windowMs;
    this.now = options.now ?? Date.now;
  }

  /** Counts one attempt for each key; throws TooManyRequests when any key is over its limit. */
  hit(keys: string[], message: (minutes: number) => string): void {
    const now = this.now();
    if (this.windows.size > 10_000) this.sweep(now);
    for (const key of keys) {
      let window = this.windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + this.windowMs };
        this.windows.set(key, window);
      }
      window.count += 1;
      if (window.count > this.limit) {
        const seconds = Math.ceil((window.resetAt - now) / 1000);
        throw new TooManyRequests(message(Math.max(1, Math.ceil(seconds / 60))), seconds);
      }
    }
  }

  private sweep(now: number) {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
