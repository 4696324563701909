import {
  campaignInputSchema,
  campaignPageSchema,
  campaignPatchSchema,
  campaignQuerySchema,
  campaignSchema,
} from "./campaigns.ts";
import { type Operation, WRITE_ERRORS } from "./contract.ts";

/** The back office's scheduled sales (decision 0048). Spread into `operations`. */
export const adminCampaignOperations = {
  adminListCampaigns: {
    method: "GET",
    path: "/admin/campaigns",
    summary:
      "Scheduled sales, newest first, each with where it stands now (scheduled, running, ended, paused)",
    tag: "Admin",
    auth: "staff",
    query: campaignQuerySchema,
    status: 200,
    response: campaignPageSchema,
    errors: [401, 403, 422],
  },
  adminCreateCampaign: {
    method: "POST",
    path: "/admin/campaigns",
    summary:
      "Create a scheduled sale: a whole percent off everything or chosen categories (with those under them), " +
      "products or tags, from a start to an end (the shop's local time, or ISO with a zone). Prices follow at " +
      "its start and end with nobody there; a product's own better discount wins (audited)",
    tag: "Admin",
    auth: "staff",
    body: campaignInputSchema,
    status: 201,
    response: campaignSchema,
    errors: [...WRITE_ERRORS, 403],
  },
  adminGetCampaign: {
    method: "GET",
    path: "/admin/campaigns/:id",
    summary: "One scheduled sale",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: campaignSchema,
    errors: [401, 403, 404],
  },
  adminUpdateCampaign: {
    method: "PATCH",
    path: "/admin/campaigns/:id",
    summary:
      "Change a scheduled sale: any of its fields, or `status` to pause or resume it; prices follow at once (audited)",
    tag: "Admin",
    auth: "staff",
    body: campaignPatchSchema,
    status: 200,
    response: campaignSchema,
    errors: [...WRITE_ERRORS, 403, 404],
  },
} as const satisfies Record<string, Operation>;
