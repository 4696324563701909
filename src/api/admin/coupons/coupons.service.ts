import type { Kysely, Selectable } from "kysely";
import { isUniqueViolation } from "../../../platform/db/errors.ts";
import type { CouponTable, Database } from "../../../platform/db/schema.ts";
import {
  COUPON_ADMIN_MESSAGES,
  COUPONS_PER_PAGE,
  type Coupon,
  type CouponInput,
  type CouponPatch,
} from "../../../shared/contracts/coupons.ts";
import { parseShopTime } from "../../../shared/shop-time.ts";
import { Conflict, type FieldErrors, NotFound, ValidationFailed } from "../../errors.ts";
import { toPaisa, toRupees } from "../../money/money.ts";
import { pageMeta } from "../../pagination.ts";
import { type AuditActor, changeAction, recordAudit } from "../audit.ts";
import { chosenScopeIds } from "../scope-ids.ts";
import type { AdminCouponsRepository } from "./coupons.repository.ts";

type CouponRow = Selectable<CouponTable>;
type Usage = Coupon["usage"];
/** A code as the audit log keeps it: everything but its usage. */
type CouponRecord = Omit<Coupon, "usage">;

const NO_USAGE: Usage = { orders: 0, revenue: 0, discount: 0 };

function toRecord(row: CouponRow): CouponRecord {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    kind: row.kind,
    value: row.kind === "amount" ? toRupees(row.value) : row.value,
    min_subtotal: toRupees(row.min_subtotal),
    scope: row.scope,
    scope_ids: JSON.parse(row.scope_ids) as number[],
    exclude_discounted: row.exclude_discounted === 1,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    max_uses: row.max_uses,
    max_uses_per_customer: row.max_uses_per_customer,
    status: row.status,
    uses: row.uses,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const toCoupon = (row: CouponRow, usage: Usage = NO_USAGE): Coupon => ({ ...toRecord(row), usage });

/** What a code's fields are as the form and the API give them, for merging a change into. */
function toInput(record: CouponRecord): CouponInput {
  const { id: _id, uses: _uses, created_at: _created, updated_at: _updated, ...input } = record;
  return input;
}

/**
 * Discount codes in the back office (decision 0047): the rules a code must keep (what it takes off, what it applies
 * to, when it runs), its usage from the orders that used it, and every change in the audit log. Applying and
 * redeeming a code at the till is the shopper side's (src/api/coupons/).
 */
export function adminCouponsService(db: Kysely<Database>, repository: AdminCouponsRepository) {
  /** The row a valid code is stored as, or every field's refusal at once. */
  async function storable(input: CouponInput, trx: Kysely<Database>) {
    const errors: FieldErrors = {};
    const refuse = (field: string, message: string) => {
      errors[field] = [message];
    };
    let value = 0;
    if (input.kind === "percent") {
      if (!Number.isInteger(input.value) || input.value < 1 || input.value > 100)
        refuse("value", COUPON_ADMIN_MESSAGES.percent);
      value = input.value;
    } else if (input.kind === "amount") {
      if (input.value <= 0) refuse("value", COUPON_ADMIN_MESSAGES.amount);
      value = toPaisa(input.value);
    } else if (input.value !== 0) {
      refuse("value", COUPON_ADMIN_MESSAGES.freeDelivery);
    }

    const scopeIds = await chosenScopeIds(
      trx,
      input.scope,
      input.scope_ids,
      (message) => refuse("scope_ids", message),
      { none: COUPON_ADMIN_MESSAGES.scopeIds, missing: COUPON_ADMIN_MESSAGES.scopeMissing },
    );

    const time = (field: "starts_at" | "ends_at") => {
      const text = input[field];
      if (text === null) return null;
      const parsed = parseShopTime(text.trim());
      if (parsed === undefined) refuse(field, COUPON_ADMIN_MESSAGES.time);
      return parsed ?? null;
    };
    const startsAt = time("starts_at");
    const endsAt = time("ends_at");
    if (startsAt !== null && endsAt !== null && Date.parse(endsAt) <= Date.parse(startsAt))
      refuse("ends_at", COUPON_ADMIN_MESSAGES.dates);

    if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
    return {
      code: input.code.toUpperCase(),
      description: input.description,
      kind: input.kind,
      value,
      min_subtotal: toPaisa(input.min_subtotal),
      scope: input.scope,
      scope_ids: JSON.stringify(scopeIds),
      exclude_discounted: input.exclude_discounted ? 1 : 0,
      starts_at: startsAt,
      ends_at: endsAt,
      max_uses: input.max_uses,
      max_uses_per_customer: input.max_uses_per_customer,
      status: input.status,
    };
  }

  async function refuseTakenCode(code: string, exceptId: number | null, trx: Kysely<Database>) {
    if ((await repository.idOfCode(code, exceptId, trx)) !== undefined)
      throw new Conflict(COUPON_ADMIN_MESSAGES.duplicate);
  }

  /** A second code of the same spelling written at the same moment meets the unique index: the same 409. */
  async function sameCodeRaced<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new Conflict(COUPON_ADMIN_MESSAGES.duplicate);
      throw error;
    }
  }

  async function usageOf(rows: CouponRow[]): Promise<Map<number, Usage>> {
    const usage = await repository.usage(rows.map((row) => row.id));
    return new Map(
      usage.map((row) => [
        row.coupon_id,
        {
          orders: Number(row.orders),
          revenue: toRupees(Number(row.revenue ?? 0)),
          discount: toRupees(Number(row.discount ?? 0)),
        },
      ]),
    );
  }

  async function get(id: number): Promise<Coupon> {
    const row = await repository.find(id);
    if (!row) throw new NotFound(COUPON_ADMIN_MESSAGES.notFound);
    return toCoupon(row, (await usageOf([row])).get(row.id));
  }

  return {
    async list(page: number) {
      const offset = (page - 1) * COUPONS_PER_PAGE;
      const [rows, total] = await Promise.all([
        repository.page(COUPONS_PER_PAGE, offset),
        repository.count(),
      ]);
      const usage = await usageOf(rows);
      return {
        data: rows.map((row) => toCoupon(row, usage.get(row.id))),
        meta: pageMeta(page, COUPONS_PER_PAGE, rows.length, total),
      };
    },

    get,

    async create(actor: AuditActor, input: CouponInput): Promise<Coupon> {
      const now = new Date().toISOString();
      const id = await sameCodeRaced(() =>
        db.transaction().execute(async (trx) => {
          const values = await storable(input, trx);
          await refuseTakenCode(values.code, null, trx);
          const row = { ...values, created_by: actor.email, created_at: now, updated_at: now };
          const id = await repository.insert(row, trx);
          await recordAudit(trx, {
            actor,
            action: "coupon.create",
            entityType: "coupon",
            entityId: id,
            after: toRecord({ ...row, id, uses: 0, credit: 0 }),
          });
          return id;
        }),
      );
      return get(id);
    },

    /** Changes any of a code's fields; pausing or resuming is a change of `status` alone. */
    async update(actor: AuditActor, id: number, patch: CouponPatch): Promise<Coupon> {
      await sameCodeRaced(() =>
        db.transaction().execute(async (trx) => {
          const row = await repository.find(id, trx);
          if (!row) throw new NotFound(COUPON_ADMIN_MESSAGES.notFound);
          const before = toRecord(row);
          const values = await storable({ ...toInput(before), ...patch }, trx);
          if (values.code !== row.code) {
            if (row.uses > 0) throw new Conflict(COUPON_ADMIN_MESSAGES.codeUsed(row.uses));
            await refuseTakenCode(values.code, id, trx);
          }
          const updatedAt = new Date().toISOString();
          await repository.update(id, { ...values, updated_at: updatedAt }, trx);
          await recordAudit(trx, {
            actor,
            action: changeAction("coupon", patch),
            entityType: "coupon",
            entityId: id,
            before,
            after: toRecord({ ...row, ...values, updated_at: updatedAt }),
          });
        }),
      );
      return get(id);
    },
  };
}

export type AdminCouponsService = ReturnType<typeof adminCouponsService>;
