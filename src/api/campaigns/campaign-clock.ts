import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema.ts";
import { type CatalogueListener, catalogueWrite } from "../catalogue/catalogue-write.ts";
import { percentForPrice } from "../money/money.ts";
import { applyCampaignState, type CampaignState } from "../products/product-writer.ts";
import { type CampaignClockRepository, campaignClockRepository } from "./campaigns.repository.ts";

/**
 * The campaign clock (docs/decisions/0048-scheduled-sales.md): brings every product's campaign percent to what the
 * campaigns running at `now` give it, so a sale starts and ends with nobody there. Run every CAMPAIGN_CHECK_SECONDS
 * by each instance (src/server/platform.ts) and at once after staff create or change a campaign.
 *
 * - A product's campaign percent is the best of the running campaigns that cover it (a category covers the ones
 *   under it), 0 when none does; the percent shoppers get is the better of it and the owner's own.
 * - Only products whose campaign percent differs are written, through the product writer (the listing's price
 *   columns follow), in batches, each a `catalogueWrite`; once the batches have committed the public pages are
 *   dropped, here and on the other instances.
 * - Idempotent, and safe on several instances at once: each product is written on the condition that its campaign
 *   percent still differs, so a second run finds nothing left to do.
 */

/** Products written per transaction: short transactions, so a sale of a whole shop never holds locks for long. */
export const CAMPAIGN_BATCH = 100;

export interface CampaignRun {
  /** Products whose shown percent or price was brought up to date. */
  changed: number;
}

type Scope = "all" | "categories" | "products" | "tags";

/** A category and every category under it, for each of `ids`. */
function withDescendants(
  ids: readonly number[],
  parents: readonly { id: number; parent_id: number | null }[],
) {
  const children = new Map<number, number[]>();
  for (const { id, parent_id } of parents) {
    if (parent_id === null) continue;
    children.set(parent_id, [...(children.get(parent_id) ?? []), id]);
  }
  const seen = new Set<number>();
  const stack = [...ids];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return [...seen];
}

async function productsCovered(repository: CampaignClockRepository, scope: Scope, ids: number[]) {
  if (scope === "all") return repository.allProductIds();
  if (scope === "products") return repository.existingProductIds(ids);
  if (scope === "tags") return repository.productIdsWithTags(ids);
  return repository.productIdsInCategories(withDescendants(ids, await repository.categoryParents()));
}

const NONE: CampaignState = { percent: 0, campaignId: null, dailyDeal: false };

const same = (a: CampaignState, b: CampaignState) =>
  a.percent === b.percent && a.campaignId === b.campaignId && a.dailyDeal === b.dailyDeal;

/**
 * What the campaigns running at `now` give each product they cover: the best percent (a fixed price becomes the
 * percent that brings the product's price to it, decision 0049) with the campaign that gives it (the first by id
 * on a tie), and whether any of them puts it in Daily Deals.
 */
export async function campaignTargets(
  repository: CampaignClockRepository,
  now: Date,
): Promise<Map<number, CampaignState>> {
  const target = new Map<number, CampaignState>();
  const running = (await repository.running(now.toISOString())).sort((a, b) => a.id - b.id);
  for (const campaign of running) {
    const ids = JSON.parse(campaign.scope_ids) as number[];
    const covered = await productsCovered(repository, campaign.scope, ids);
    const prices = campaign.kind === "price" ? await repository.prices(covered) : undefined;
    for (const productId of covered) {
      const percent = prices
        ? percentForPrice(prices.get(productId) ?? 0, campaign.price ?? 0)
        : campaign.percent;
      const state = target.get(productId) ?? NONE;
      const better = percent > state.percent;
      target.set(productId, {
        percent: better ? percent : state.percent,
        campaignId: better ? campaign.id : state.campaignId,
        dailyDeal: state.dailyDeal || campaign.daily_deal === 1,
      });
    }
  }
  return target;
}

/** Brings every product's campaign percent to the campaigns running at `now` (see above). */
export async function applyCampaigns(
  db: Kysely<Database>,
  now: Date,
  listener?: CatalogueListener,
  batchSize: number = CAMPAIGN_BATCH,
): Promise<CampaignRun> {
  const repository = campaignClockRepository(db);
  const target = await campaignTargets(repository, now);
  const current = new Map<number, CampaignState>(
    (await repository.touched()).map((row) => [
      row.id,
      {
        percent: row.campaign_discount,
        campaignId: row.campaign_id,
        dailyDeal: row.campaign_daily_deal === 1,
      },
    ]),
  );
  const moves: [number, CampaignState][] = [];
  for (const [productId, state] of target) {
    if (!same(current.get(productId) ?? NONE, state)) moves.push([productId, state]);
  }
  for (const productId of current.keys()) {
    if (!target.has(productId)) moves.push([productId, NONE]);
  }
  // In id order, as every other writer takes product rows, so two runs queue rather than deadlock.
  moves.sort((a, b) => a[0] - b[0]);
  let changed = 0;
  try {
    for (let start = 0; start < moves.length; start += batchSize) {
      const batch = moves.slice(start, start + batchSize);
      // Each commit drops this process's caches (catalogueWrite); the pages here and on the other instances are
      // told once, after the last batch (or the one that failed), rather than once per batch of a whole-shop sale.
      changed += await catalogueWrite(db, async (trx) => {
        let written = 0;
        for (const [productId, state] of batch) {
          if (await applyCampaignState(trx, productId, state)) written++;
        }
        return written;
      });
    }
  } finally {
    if (changed > 0) listener?.();
  }
  return { changed };
}
