import { createHash } from "node:crypto";
import type { Logger } from "pino";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import type { RateLimitSettings } from "../platform/config.ts";
import type { Redis } from "../platform/redis.ts";
import { TooManyRequests } from "./errors.ts";

/**
 * Named limits on what a client may do, counted in Redis when the shop has one (shared by every instance) and in
 * this process's memory otherwise, with rate-limiter-flexible doing the counting. Why these rules and numbers:
 * docs/decisions/0015-rate-limits-shared-and-fair.md.
 */
export interface LimitRule {
  /** Events one key may have in one window. */
  points: number;
  /** Length of a window in seconds, counted from the key's first event in it. */
  windowSeconds: number;
  /** Once over, the key is blocked this long (unset: for the rest of its window). */
  blockSeconds?: number;
  /** Each further block of the same key doubles, up to this many seconds; `reset` forgets the blocks. */
  maxBlockSeconds?: number;
  /** The 429's sentence, given the wait in whole minutes. */
  message: (minutes: number) => string;
}

const inMinutes = (minutes: number) => `${minutes} minute${minutes === 1 ? "" : "s"}`;

export const tooManyAttempts = (minutes: number) =>
  `Too many attempts. Please try again in ${inMinutes(minutes)}.`;

export const tooManyCodes = (minutes: number) =>
  `Too many codes were tried for this account. Please try again in ${inMinutes(minutes)}.`;

export const tooManyOrders = (minutes: number) =>
  `Too many orders have been placed in a short time. Please try again in ${inMinutes(minutes)}.`;

export const tooManyMessages = (minutes: number) =>
  `You have sent several messages in a short time. Please try again in ${inMinutes(minutes)}.`;

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** Every limit of the shop, by name. A new one is one line here, then `limits.consume(name, key)` where it applies. */
export function limitRules(settings: RateLimitSettings) {
  const auth = settings.authAttemptsPer15Min;
  /** AUTH_ATTEMPTS_PER_15_MIN attempts a quarter of an hour: the allowance of every account-related form. */
  const attempts: LimitRule = { points: auth, windowSeconds: 15 * MINUTE, message: tooManyAttempts };
  const contactMessages: LimitRule = {
    points: settings.contactMessagesPerHour,
    windowSeconds: HOUR,
    message: tooManyMessages,
  };
  const signups: LimitRule = {
    points: settings.newsletterSignupsPerHour,
    windowSeconds: HOUR,
    message: tooManyAttempts,
  };
  return {
    "login-failures-per-account": {
      points: auth,
      windowSeconds: 15 * MINUTE,
      blockSeconds: 15 * MINUTE,
      maxBlockSeconds: 24 * HOUR,
      message: tooManyAttempts,
    },
    // Over all addresses: guessing one account from many machines. Past it, a sign-in also needs a code mailed to
    // the account (account.service.ts), so the attacker is stopped and the holder still signs in.
    "login-failures-per-account-anywhere": {
      points: settings.loginFailuresPerAccountPerHour,
      windowSeconds: HOUR,
      message: tooManyAttempts,
    },
    "login-failures-per-address": {
      points: settings.loginFailuresPerAddressPerHour,
      windowSeconds: HOUR,
      message: tooManyAttempts,
    },
    // Two-factor codes (sign-in, set-up, turning it off), per account wherever they come from: blocks that grow.
    "two-factor-codes-per-user": {
      points: auth,
      windowSeconds: 15 * MINUTE,
      blockSeconds: 15 * MINUTE,
      maxBlockSeconds: 24 * HOUR,
      message: tooManyCodes,
    },
    "registrations-per-address": attempts,
    "password-changes-per-user": attempts,
    // Changing name, phone or login email: a stolen session must not probe which emails have accounts.
    "profile-changes-per-user": attempts,
    "email-undos-per-address": attempts,
    // The back office's "enter your password again" (a stolen session must not guess its way through).
    "password-confirmations-per-user": attempts,
    // Guessable together, number and email are tried per address and per order number.
    "order-lookups-per-address": attempts,
    "order-lookups-per-order": attempts,
    // Reading a guest order with its access token: wrong tokens, per address and per order number.
    "order-access-per-address": attempts,
    "order-access-per-order": attempts,
    // Confirming an order with its 6-digit code: wrong codes, per address and per order number.
    "order-confirmations-per-address": attempts,
    "order-confirmations-per-order": attempts,
    // Nobody floods one inbox or walks through many.
    "reset-requests-per-address": attempts,
    "reset-requests-per-email": attempts,
    "password-resets-per-address": attempts,
    // Accepting a staff invitation sets an account's password: tried per client address like a reset.
    "staff-invitation-accepts-per-address": attempts,
    // Writing or editing reviews: a person writes a few, a script floods the moderation queue.
    "review-writes-per-user": attempts,
    // Per client address and per sender: nobody floods the shop's inbox, or someone else's with acknowledgements.
    "contact-messages-per-address": contactMessages,
    "contact-messages-per-email": contactMessages,
    // Per client address and per email: nobody mails confirmation links to many addresses, or often to one.
    "newsletter-signups-per-address": signups,
    "newsletter-signups-per-email": signups,
    // "Notify me when it's back", as the newsletter: nobody fills the table, or queues mail to many addresses.
    "stock-alerts-per-address": signups,
    "stock-alerts-per-email": signups,
    "orders-per-phone": {
      points: settings.ordersPerPhonePerHour,
      windowSeconds: HOUR,
      message: tooManyOrders,
    },
    "orders-per-address": {
      points: settings.ordersPerAddressPerHour,
      windowSeconds: HOUR,
      message: tooManyOrders,
    },
  } satisfies Record<string, LimitRule>;
}

export type LimitName = keyof ReturnType<typeof limitRules>;

export interface Limits {
  /** Counts one event for the key; a 429 (TooManyRequests) when the key has used up its allowance. */
  consume(name: LimitName, key: string): Promise<void>;
  /**
   * Counts one event on each (limit, key) in turn; when one refuses, the events this call already counted are
   * given back before the 429, so a refused request uses up nothing.
   */
  consumeAll(entries: ReadonlyArray<readonly [LimitName, string]>): Promise<void>;
  /** Gives back one event counted by `consume`: what it guarded turned out not to count (a success, a refusal). */
  refund(name: LimitName, key: string): Promise<void>;
  /**
   * Counts one event for the key like `consume`, but answers whether the key is now over its allowance instead of
   * refusing (a limit that changes what is asked rather than shutting the door), with the events counted.
   */
  count(name: LimitName, key: string): Promise<{ over: boolean; events: number }>;
  /** Forgets the key: its count, its block and its past blocks (a success ends a run of failures). */
  reset(name: LimitName, key: string): Promise<void>;
}

export interface LimitsOptions {
  settings: RateLimitSettings;
  /** Counts go to this Redis when given; while it does not answer, to this process's memory (logged). */
  redis?: Redis;
  /** Prefix of every Redis key; tests give each run its own. */
  keyPrefix?: string;
  logger: Pick<Logger, "warn">;
}

/** Past blocks are remembered this long (unless a success resets them) for the doubling. */
const BLOCK_MEMORY_SECONDS = 7 * 24 * HOUR;
const FALLBACK_WARNING_EVERY_MS = 60_000;

type CounterOptions = ConstructorParameters<typeof RateLimiterMemory>[0];

/** The memory counter that stands in for Redis while it does not answer; says so, at most once a minute. */
class MemoryFallback extends RateLimiterMemory {
  private warnedAt = Number.NEGATIVE_INFINITY;
  private readonly warn: () => void;

  constructor(options: CounterOptions, logger: Pick<Logger, "warn">) {
    super(options);
    this.warn = () => {
      if (Date.now() - this.warnedAt < FALLBACK_WARNING_EVERY_MS) return;
      this.warnedAt = Date.now();
      logger.warn(
        { limit: options.keyPrefix },
        "Redis did not answer: this rate limit counts in this process's memory for now",
      );
    };
  }

  override get(...args: Parameters<RateLimiterMemory["get"]>) {
    this.warn();
    return super.get(...args);
  }
  override consume(...args: Parameters<RateLimiterMemory["consume"]>) {
    this.warn();
    return super.consume(...args);
  }
  override penalty(...args: Parameters<RateLimiterMemory["penalty"]>) {
    this.warn();
    return super.penalty(...args);
  }
  override reward(...args: Parameters<RateLimiterMemory["reward"]>) {
    this.warn();
    return super.reward(...args);
  }
  override block(...args: Parameters<RateLimiterMemory["block"]>) {
    this.warn();
    return super.block(...args);
  }
  override delete(...args: Parameters<RateLimiterMemory["delete"]>) {
    this.warn();
    return super.delete(...args);
  }
}

function counter(options: CounterOptions, store: Pick<LimitsOptions, "redis" | "logger">) {
  if (!store.redis) return new RateLimiterMemory(options);
  return new RateLimiterRedis({
    ...options,
    storeClient: store.redis,
    // Straight to the memory counter while the connection is down, rather than waiting on a dead socket.
    rejectIfRedisNotReady: true,
    insuranceLimiter: new MemoryFallback(options, store.logger),
  });
}

/** Keys are hashed, so the store holds no email addresses, phone numbers or client addresses. */
const hashed = (key: string) => createHash("sha256").update(key).digest("base64url").slice(0, 24);

/** An expired key can still be read from memory for a moment before it is swept; it no longer counts. */
const isOver = (rule: LimitRule, res: RateLimiterRes | null) =>
  res !== null && res.consumedPoints > rule.points && res.msBeforeNext > 0;

function refusal(rule: LimitRule, waitMs: number): TooManyRequests {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new TooManyRequests(rule.message(Math.ceil(seconds / 60)), seconds);
}

export function createLimits(options: LimitsOptions): Limits {
  const rules: Record<LimitName, LimitRule> = limitRules(options.settings);
  const prefix = options.keyPrefix ?? "shop:limit";
  const counters = new Map<LimitName, { events: RateLimiterAbstract; blocks: RateLimiterAbstract }>();
  for (const [name, rule] of Object.entries(rules) as [LimitName, LimitRule][]) {
    counters.set(name, {
      events: counter(
        { keyPrefix: `${prefix}:${name}`, points: rule.points, duration: rule.windowSeconds },
        options,
      ),
      blocks: counter(
        { keyPrefix: `${prefix}:${name}:blocks`, points: 1_000_000, duration: BLOCK_MEMORY_SECONDS },
        options,
      ),
    });
  }
  const countersOf = (name: LimitName) => {
    const found = counters.get(name);
    if (!found) throw new Error(`No rate limit named ${name}`);
    return found;
  };

  /** Blocks a key that has just gone over: for the rule's block, doubled for each earlier one. Answers ms. */
  async function block(name: LimitName, id: string, over: RateLimiterRes): Promise<number> {
    const rule = rules[name];
    // Only the event that crossed the line blocks; a burst of others past it must not double the block again.
    if (rule.blockSeconds === undefined || over.consumedPoints !== rule.points + 1) return over.msBeforeNext;
    const { events, blocks } = countersOf(name);
    const earlier = (await blocks.penalty(id)).consumedPoints - 1;
    const seconds = Math.min(rule.blockSeconds * 2 ** earlier, rule.maxBlockSeconds ?? rule.blockSeconds);
    await events.block(id, seconds);
    return seconds * 1000;
  }

  async function consume(name: LimitName, key: string): Promise<void> {
    const rule = rules[name];
    const { events } = countersOf(name);
    const id = hashed(key);
    // A key already over is refused without counting, so hammering a blocked key does not lengthen anything.
    const current = await events.get(id);
    if (current && isOver(rule, current)) throw refusal(rule, current.msBeforeNext);
    try {
      await events.consume(id);
    } catch (caught) {
      if (!(caught instanceof RateLimiterRes)) throw caught;
      throw refusal(rule, await block(name, id, caught));
    }
  }

  async function refund(name: LimitName, key: string): Promise<void> {
    await countersOf(name).events.reward(hashed(key));
  }

  async function count(name: LimitName, key: string): Promise<{ over: boolean; events: number }> {
    const rule = rules[name];
    const { events } = countersOf(name);
    try {
      const res = await events.consume(hashed(key));
      return { over: false, events: res.consumedPoints };
    } catch (caught) {
      if (!(caught instanceof RateLimiterRes)) throw caught;
      return { over: isOver(rule, caught), events: caught.consumedPoints };
    }
  }

  return {
    consume,
    count,
    refund,
    async consumeAll(entries) {
      const counted: (readonly [LimitName, string])[] = [];
      try {
        for (const entry of entries) {
          await consume(...entry);
          counted.push(entry);
        }
      } catch (error) {
        await Promise.all(counted.map((entry) => refund(...entry)));
        throw error;
      }
    },
    async reset(name, key) {
      const { events, blocks } = countersOf(name);
      const id = hashed(key);
      await Promise.all([events.delete(id), blocks.delete(id)]);
    },
  };
}
