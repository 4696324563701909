import type { Insertable, Kysely, Updateable } from "kysely";
import type { CampaignTable, Database, Db } from "../../../platform/db/schema.ts";
import { newestFirst } from "../newest-first.repository.ts";

/** The back office's statements on scheduled sales (migration 028); the rules are campaigns.service.ts's. */
export function adminCampaignsRepository(db: Kysely<Database>) {
  return {
    ...newestFirst(db, "campaigns"),

    find: (id: number, trx: Db = db) =>
      trx.selectFrom("campaigns").selectAll().where("id", "=", id).executeTakeFirst(),

    insert: async (values: Insertable<CampaignTable>, trx: Db = db) =>
      (await trx.insertInto("campaigns").values(values).returning("id").executeTakeFirstOrThrow()).id,

    update: (id: number, values: Updateable<CampaignTable>, trx: Db = db) =>
      trx.updateTable("campaigns").set(values).where("id", "=", id).execute(),

    /** Each sale's orders, the revenue of the lines it priced and what it took off them: one grouped query. */
    usage: (campaignIds: number[]) =>
      campaignIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom("order_items")
            .select((eb) => [
              "order_items.campaign_id",
              eb.fn.count<number | string>("order_items.order_id").distinct().as("orders"),
              eb.fn.sum<number | string>("order_items.line_total").as("revenue"),
              eb.fn.sum<number | string>("order_items.campaign_saving").as("discount"),
            ])
            .where("order_items.campaign_id", "in", campaignIds)
            .groupBy("order_items.campaign_id")
            .execute(),
  };
}

export type AdminCampaignsRepository = ReturnType<typeof adminCampaignsRepository>;
