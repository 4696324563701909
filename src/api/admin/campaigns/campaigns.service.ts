import type { Kysely, Selectable } from "kysely";
import type { Logger } from "pino";
import type { CampaignTable, Database } from "../../../platform/db/schema.ts";
import {
  CAMPAIGN_MESSAGES,
  CAMPAIGNS_PER_PAGE,
  type Campaign,
  type CampaignInput,
  type CampaignPatch,
  type CampaignState,
} from "../../../shared/contracts/campaigns.ts";
import { parseShopTime } from "../../../shared/shop-time.ts";
import { type FieldErrors, NotFound, ValidationFailed } from "../../errors.ts";
import { toPaisa, toRupees } from "../../money/money.ts";
import { pageMeta } from "../../pagination.ts";
import { type AuditActor, changeAction, recordAudit } from "../audit.ts";
import { chosenScopeIds } from "../scope-ids.ts";
import type { AdminCampaignsRepository } from "./campaigns.repository.ts";

type CampaignRow = Selectable<CampaignTable>;
/** A campaign as the audit log keeps it: everything but where it stands now and its usage. */
type CampaignRecord = Omit<Campaign, "state" | "usage">;
type Usage = Campaign["usage"];
const NO_USAGE: Usage = { orders: 0, revenue: 0, discount: 0 };

/** Where a campaign stands at `now`: paused by staff, else before, during or after its dates. */
export function campaignState(
  row: Pick<CampaignRow, "status" | "starts_at" | "ends_at">,
  now: Date,
): CampaignState {
  if (row.status === "paused") return "paused";
  const at = now.toISOString();
  if (at < row.starts_at) return "scheduled";
  return at < row.ends_at ? "running" : "ended";
}

function toRecord(row: CampaignRow): CampaignRecord {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    percent: row.percent,
    price: row.price === null ? null : toRupees(row.price),
    scope: row.scope,
    scope_ids: JSON.parse(row.scope_ids) as number[],
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    status: row.status,
    daily_deal: row.daily_deal === 1,
    countdown: row.countdown === 1,
    created_by: row.created_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const toCampaign = (row: CampaignRow, usage: Usage = NO_USAGE, now = new Date()): Campaign => ({
  ...toRecord(row),
  state: campaignState(row, now),
  usage,
});

/** A campaign's fields as the form and the API give them, for merging a change into. */
function toInput(record: CampaignRecord): CampaignInput {
  const { id: _id, created_by: _by, created_at: _created, updated_at: _updated, ...fields } = record;
  // A fixed-price sale has no percent, a percent sale no price: what it lacks is absent, not 0.
  return {
    ...fields,
    percent: fields.kind === "percent" ? fields.percent : undefined,
    price: fields.price ?? undefined,
  };
}

/**
 * Scheduled sales in the back office (decision 0048): the rules a campaign must keep (a whole percent, what it
 * covers, an end after its start), every change in the audit log, and the campaign clock run at once after each
 * change so prices follow without waiting for its next turn. Prices themselves are the clock's
 * (src/api/campaigns/campaign-clock.ts).
 */
export function adminCampaignsService(deps: {
  db: Kysely<Database>;
  repository: AdminCampaignsRepository;
  /** The campaign clock, run now. */
  applyCampaigns: () => Promise<unknown>;
  logger: Pick<Logger, "warn">;
}) {
  const { db, repository } = deps;

  /** The row a valid campaign is stored as, or every field's refusal at once. */
  async function storable(input: CampaignInput, trx: Kysely<Database>) {
    const errors: FieldErrors = {};
    const refuse = (field: string, message: string) => {
      errors[field] = [message];
    };
    const scopeIds = await chosenScopeIds(
      trx,
      input.scope,
      input.scope_ids,
      (message) => refuse("scope_ids", message),
      { none: CAMPAIGN_MESSAGES.scopeIds, missing: CAMPAIGN_MESSAGES.scopeMissing },
    );
    const time = (field: "starts_at" | "ends_at") => {
      const parsed = parseShopTime(input[field].trim());
      if (parsed === undefined) refuse(field, CAMPAIGN_MESSAGES.time);
      return parsed;
    };
    const percent = input.kind === "percent" ? input.percent : 0;
    if (percent === undefined) refuse("percent", CAMPAIGN_MESSAGES.percent);
    const price = input.kind === "price" ? input.price : undefined;
    if (input.kind === "price" && price === undefined) refuse("price", CAMPAIGN_MESSAGES.price);
    const startsAt = time("starts_at");
    const endsAt = time("ends_at");
    if (startsAt !== undefined && endsAt !== undefined && Date.parse(endsAt) <= Date.parse(startsAt))
      refuse("ends_at", CAMPAIGN_MESSAGES.dates);

    if (
      Object.keys(errors).length > 0 ||
      startsAt === undefined ||
      endsAt === undefined ||
      percent === undefined
    )
      throw new ValidationFailed(errors);
    return {
      name: input.name,
      kind: input.kind,
      percent,
      price: price === undefined ? null : toPaisa(price),
      scope: input.scope,
      scope_ids: JSON.stringify(scopeIds),
      starts_at: startsAt,
      ends_at: endsAt,
      status: input.status,
      daily_deal: input.daily_deal ? 1 : 0,
      countdown: input.countdown ? 1 : 0,
    };
  }

  /** Prices follow the change now; a failure is left to the clock's next run (within CAMPAIGN_CHECK_SECONDS). */
  async function applyNow() {
    try {
      await deps.applyCampaigns();
    } catch (error) {
      deps.logger.warn({ err: error }, "applying campaigns after a change failed; the next run tries again");
    }
  }

  async function usageOf(rows: CampaignRow[]): Promise<Map<number, Usage>> {
    const usage = await repository.usage(rows.map((row) => row.id));
    return new Map(
      usage.flatMap((row) =>
        row.campaign_id === null
          ? []
          : [
              [
                row.campaign_id,
                {
                  orders: Number(row.orders),
                  revenue: toRupees(Number(row.revenue ?? 0)),
                  discount: toRupees(Number(row.discount ?? 0)),
                },
              ],
            ],
      ),
    );
  }

  async function get(id: number): Promise<Campaign> {
    const row = await repository.find(id);
    if (!row) throw new NotFound(CAMPAIGN_MESSAGES.notFound);
    return toCampaign(row, (await usageOf([row])).get(row.id));
  }

  return {
    async list(page: number) {
      const offset = (page - 1) * CAMPAIGNS_PER_PAGE;
      const [rows, total] = await Promise.all([
        repository.page(CAMPAIGNS_PER_PAGE, offset),
        repository.count(),
      ]);
      const now = new Date();
      const usage = await usageOf(rows);
      return {
        data: rows.map((row) => toCampaign(row, usage.get(row.id), now)),
        meta: pageMeta(page, CAMPAIGNS_PER_PAGE, rows.length, total),
      };
    },

    get,

    async create(actor: AuditActor, input: CampaignInput): Promise<Campaign> {
      const now = new Date().toISOString();
      const id = await db.transaction().execute(async (trx) => {
        const values = await storable(input, trx);
        const row = { ...values, created_by: actor.email, created_at: now, updated_at: now };
        const id = await repository.insert(row, trx);
        await recordAudit(trx, {
          actor,
          action: "campaign.create",
          entityType: "campaign",
          entityId: id,
          after: toRecord({ ...row, id }),
        });
        return id;
      });
      await applyNow();
      return get(id);
    },

    /** Changes any of a campaign's fields; pausing or resuming is a change of `status` alone. */
    async update(actor: AuditActor, id: number, patch: CampaignPatch): Promise<Campaign> {
      await db.transaction().execute(async (trx) => {
        const row = await repository.find(id, trx);
        if (!row) throw new NotFound(CAMPAIGN_MESSAGES.notFound);
        const before = toRecord(row);
        const values = await storable({ ...toInput(before), ...patch }, trx);
        const updatedAt = new Date().toISOString();
        await repository.update(id, { ...values, updated_at: updatedAt }, trx);
        await recordAudit(trx, {
          actor,
          action: changeAction("campaign", patch),
          entityType: "campaign",
          entityId: id,
          before,
          after: toRecord({ ...row, ...values, updated_at: updatedAt }),
        });
      });
      await applyNow();
      return get(id);
    },
  };
}

export type AdminCampaignsService = ReturnType<typeof adminCampaignsService>;
