import { Hono } from "hono";
import { CAMPAIGN_MESSAGES } from "../../../shared/contracts/campaigns.ts";
import { operations } from "../../../shared/contracts/operations.ts";
import type { ApiEnv } from "../../api-env.ts";
import { pathId, route } from "../../contract/route.ts";
import { auditActor } from "../audit.ts";
import type { AdminCampaignsService } from "./campaigns.service.ts";

/** Scheduled sales (`/api/admin/campaigns...`). */
export function adminCampaignsRoutes(campaigns: AdminCampaignsService): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  route(routes, operations.adminListCampaigns, (_c, { query }) => campaigns.list(query.page));
  route(routes, operations.adminCreateCampaign, (_c, { actor, body }) =>
    campaigns.create(auditActor(actor), body),
  );
  route(routes, operations.adminGetCampaign, (_c, { params }) =>
    campaigns.get(pathId(params.id, CAMPAIGN_MESSAGES.notFound)),
  );
  route(routes, operations.adminUpdateCampaign, (_c, { actor, params, body }) =>
    campaigns.update(auditActor(actor), pathId(params.id, CAMPAIGN_MESSAGES.notFound), body),
  );
  return routes;
}
