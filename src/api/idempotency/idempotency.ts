import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema.ts";
import { Conflict, ValidationFailed } from "../errors.ts";
import {
  deleteExpiredKey,
  deleteKeysBefore,
  findKey,
  insertKey,
  storeAnswer,
} from "./idempotency.repository.ts";

/**
 * `Idempotency-Key` for writes that must happen once (checkout; see
 * docs/decisions/0014-mail-outbox-and-idempotent-checkout.md). The key is claimed as the FIRST statement of the
 * write's transaction and the answer stored as its last, so the answer commits with the work or not at all:
 * - a repeat after the commit finds the stored answer and gets it again (no second order);
 * - a repeat racing the first waits on the first's uncommitted key (PostgreSQL's unique index; SQLite runs one
 *   transaction at a time), then finds its answer;
 * - a refused or failed attempt rolled back leaves no key, so the same key may try again.
 * Keys are scoped to the shopper (one shopper's key never answers another's request) and kept 24 hours.
 */

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

export const KEY_REUSED =
  "This Idempotency-Key was already used for a different request. Send a new key for a new order.";
export const KEY_IN_PROGRESS =
  "A request with this Idempotency-Key is still being processed. Please try again in a moment.";

export interface IdempotentRequest {
  /** Whose key it is: "user:12" or "guest:<cart key hash>". */
  scope: string;
  key: string;
  /** `requestHash(body)`: the same key with a different body is refused. */
  requestHash: string;
}

export interface StoredAnswer {
  status: number;
  body: unknown;
}

/** JSON with object keys sorted, so the same body in another key order hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function requestHash(body: unknown): string {
  return createHash("sha256").update(canonicalJson(body)).digest("hex");
}

/**
 * Whether the key has been used (its answer stored by a committed write, perhaps expired): a caller that would
 * refuse a request before its transaction lets such a one through instead, so the stored answer is what it gets.
 */
export async function keyUsed(db: Kysely<Database>, request: IdempotentRequest): Promise<boolean> {
  return (await findKey(db, request.scope, request.key)) !== undefined;
}

/**
 * Inside the write's transaction: claims the key (answering `{ id }` to store the answer under), or answers the
 * answer stored for it. A key older than 24 hours is forgotten first. The same key with another body is a 422.
 */
export async function claimIdempotencyKey(
  trx: Kysely<Database>,
  request: IdempotentRequest,
  now: Date = new Date(),
): Promise<{ id: number } | { stored: StoredAnswer }> {
  const expired = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString();
  await deleteExpiredKey(trx, request.scope, request.key, expired);
  // On PostgreSQL a second request with the same key waits here until the first one's transaction ends.
  const inserted = await insertKey(trx, {
    scope: request.scope,
    key: request.key,
    request_hash: request.requestHash,
    response_status: null,
    response_body: null,
    created_at: now.toISOString(),
  });
  if (inserted !== undefined) return { id: inserted };

  const existing = await findKey(trx, request.scope, request.key);
  if (!existing) throw new Conflict(KEY_IN_PROGRESS);
  if (existing.request_hash !== request.requestHash) {
    throw new ValidationFailed({ [IDEMPOTENCY_HEADER]: [KEY_REUSED] });
  }
  // Never seen committed without its answer (both are written in one transaction); kept as a guard.
  if (existing.response_status === null || existing.response_body === null)
    throw new Conflict(KEY_IN_PROGRESS);
  return { stored: { status: existing.response_status, body: JSON.parse(existing.response_body) } };
}

/** Stores the answer under a claimed key, in the same transaction as the work it answers for. */
export async function storeIdempotentAnswer(
  trx: Kysely<Database>,
  id: number,
  answer: StoredAnswer,
): Promise<void> {
  await storeAnswer(trx, id, answer.status, JSON.stringify(answer.body));
}

/** Deletes keys older than 24 hours before `now` (for a purge job); answers how many. */
export async function purgeIdempotencyKeys(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const expired = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString();
  return deleteKeysBefore(db, expired);
}
