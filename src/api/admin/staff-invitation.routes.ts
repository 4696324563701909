import { Hono } from "hono";
import { operations } from "../../shared/contracts/operations.ts";
import { clientAddress } from "../account/auth.ts";
import type { ApiEnv } from "../api-env.ts";
import { route } from "../contract/route.ts";
import type { Limits } from "../rate-limit.ts";
import type { StaffInvitationsService } from "./staff-invitations.service.ts";

/**
 * /api/staff-invitation: the invitation link's page reads what the link is for, then accepts it with a new
 * password. No session is needed (the token is the proof); acceptance counts per client address.
 */
export function staffInvitationRoutes(invitations: StaffInvitationsService, limits: Limits): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  route(routes, operations.staffInvitation, async (_c, { body }) => invitations.view(body.token));
  route(routes, operations.acceptStaffInvitation, async (c, { body }) => {
    await limits.consume("staff-invitation-accepts-per-address", clientAddress(c));
    return invitations.accept(body);
  });

  return routes;
}
