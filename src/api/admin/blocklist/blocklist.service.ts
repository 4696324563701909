import type { Kysely } from "kysely";
import type { Database, Db } from "../../../platform/db/schema.ts";
import {
  BLOCKLIST_MESSAGES,
  BLOCKLIST_PER_PAGE,
  type BlockKind,
  type BlocklistEntry,
  type BlocklistPage,
  type NewBlock,
} from "../../../shared/contracts/blocklist.ts";
import { emailField } from "../../../shared/contracts/fields.ts";
import { addressKey } from "../../../shared/order-risk.ts";
import { toE164 } from "../../../shared/phone.ts";
import { Conflict, NotFound, ValidationFailed } from "../../errors.ts";
import { pageMeta } from "../../pagination.ts";
import { type AuditActor, recordAudit } from "../audit.ts";
import type { BlocklistRepository } from "./blocklist.repository.ts";

/** The shop's one rule for an email address (what checkout takes), lower-cased as the blocklist compares it. */
const blockedEmail = emailField(
  { required: BLOCKLIST_MESSAGES.value, invalid: BLOCKLIST_MESSAGES.email },
  { lowerCase: true },
);

/** What the blocklist compares an entry by: a phone in E.164, an email without case, an address by its words. */
export function blockKey(kind: BlockKind, value: string, city = ""): string | undefined {
  if (kind === "phone") return toE164(value);
  if (kind === "email") return blockedEmail.safeParse(value).data;
  return addressKey(value, city);
}

/** What an order is checked against: its phone, email and address, as the blocklist keeps them. */
export function orderBlockKeys(order: { phone_e164: string | null; email: string; address_key: string }) {
  return [
    ...(order.phone_e164 ? [{ kind: "phone" as const, value: order.phone_e164 }] : []),
    { kind: "email" as const, value: order.email.trim().toLowerCase() },
    { kind: "address" as const, value: order.address_key },
  ];
}

const toEntry = (row: {
  id: number;
  kind: BlockKind;
  display: string;
  reason: string;
  created_by: string;
  created_at: string;
}): BlocklistEntry => ({
  id: row.id,
  kind: row.kind,
  value: row.display,
  reason: row.reason,
  created_by: row.created_by,
  created_at: row.created_at,
});

export function blocklistService(db: Kysely<Database>, repository: BlocklistRepository) {
  return {
    async list(page: number): Promise<BlocklistPage> {
      const offset = (page - 1) * BLOCKLIST_PER_PAGE;
      const [rows, total] = await Promise.all([
        repository.page(BLOCKLIST_PER_PAGE, offset),
        repository.count(),
      ]);
      return { data: rows.map(toEntry), meta: pageMeta(page, BLOCKLIST_PER_PAGE, rows.length, total) };
    },

    async add(actor: AuditActor, input: NewBlock): Promise<BlocklistEntry> {
      if (input.kind === "address" && input.city === "")
        throw ValidationFailed.field("city", BLOCKLIST_MESSAGES.city);
      const value = blockKey(input.kind, input.value, input.city);
      if (value === undefined) {
        throw ValidationFailed.field(
          "value",
          input.kind === "phone" ? BLOCKLIST_MESSAGES.phone : BLOCKLIST_MESSAGES.email,
        );
      }
      const display = input.kind === "address" ? `${input.value}, ${input.city}` : input.value;
      const now = new Date();
      return db.transaction().execute(async (trx) => {
        const row = {
          kind: input.kind,
          value,
          display,
          reason: input.reason,
          created_by: actor.email,
          created_at: now.toISOString(),
        };
        const id = await repository.insert(row, trx);
        if (id === undefined) throw new Conflict(BLOCKLIST_MESSAGES.duplicate);
        await recordAudit(
          trx,
          {
            actor,
            action: "blocklist.add",
            entityType: "blocklist",
            entityId: id,
            after: { ...row, value: display },
          },
          now,
        );
        return toEntry({ id, ...row });
      });
    },

    async remove(actor: AuditActor, id: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await repository.remove(id, trx);
        if (!row) throw new NotFound(BLOCKLIST_MESSAGES.notFound);
        await recordAudit(trx, {
          actor,
          action: "blocklist.remove",
          entityType: "blocklist",
          entityId: id,
          before: toEntry(row),
        });
      });
    },

    /** The entries an order's phone, email or address is on (inside the order's transaction at checkout). */
    matching: (order: Parameters<typeof orderBlockKeys>[0], trx: Db) =>
      repository.matching(orderBlockKeys(order), trx),
  };
}

export type BlocklistService = ReturnType<typeof blocklistService>;
