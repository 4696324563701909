import { Hono } from "hono";
import { CAMPAIGN_MESSAGES } from "../../../shared/contracts/campaigns.ts";
import { MAX_ID } from "../../../shared/contracts/fields.ts";
import { operations } from "../../../shared/contracts/operations.ts";
import type { ApiEnv } from "../../api-env.ts";
import { route } from "../../contract/route.ts";
import { NotFound } from "../../errors.ts";
import type { AdminCampaignsService } from "./campaigns.service.ts";

/** A campaign's id from the address; anything else is a campaign that does not exist. */
function campaignId(text: string): number {
  const id = Number(text);
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw new NotFound(CAMPAIGN_MESSAGES.notFound);
  return id;
}

/** Scheduled sales (`/api/admin/campaigns...`). */
export function adminCampaignsRoutes(campaigns: AdminCampaignsService): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();
  const staff = (actor: { user: { id: number; email: string } }) => ({
    id: actor.user.id,
    email: actor.user.email,
  });

  route(routes, operations.adminListCampaigns, (_c, { query }) => campaigns.list(query.page));
  route(routes, operations.adminCreateCampaign, (_c, { actor, body }) =>
    campaigns.create(staff(actor), body),
  );
  route(routes, operations.adminGetCampaign, (_c, { params }) => campaigns.get(campaignId(params.id)));
  route(routes, operations.adminUpdateCampaign, (_c, { actor, params, body }) =>
    campaigns.update(staff(actor), campaignId(params.id), body),
  );
  return routes;
}
