import { Hono } from "hono";
import { idField } from "../../shared/contracts/fields.ts";
import { operations } from "../../shared/contracts/operations.ts";
import type { ApiEnv } from "../api-env.ts";
import { route } from "../contract/route.ts";
import { NotFound } from "../errors.ts";
import { confirmPassword } from "./admin-auth.ts";
import { STAFF_NOT_FOUND, type StaffService } from "./staff.service.ts";
import { INVITATION_NOT_FOUND, type StaffInvitationsService } from "./staff-invitations.service.ts";

const staffId = idField("staff id");
const invitationId = idField("invitation id");

function idOf(raw: string, field = staffId, notFound = STAFF_NOT_FOUND): number {
  const parsed = field.safeParse(raw);
  if (!parsed.success) throw new NotFound(notFound);
  return parsed.data;
}

/**
 * /api/admin/staff: the owner only (checked by route() from the contract); every change asks for the password.
 * Adding someone sends an invitation; the invitee accepts it through staff-invitation.routes.ts.
 */
export function staffRoutes(staff: StaffService, invitations: StaffInvitationsService): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  route(routes, operations.adminStaff, async () => ({
    data: await staff.list(),
    invitations: await invitations.listPending(),
  }));
  route(routes, operations.adminInviteStaff, async (c, { actor, body }) => {
    await confirmPassword(c, actor, body.current_password);
    return invitations.invite(actor, body);
  });
  route(routes, operations.adminRevokeStaffInvitation, async (c, { actor, params, body }) => {
    const id = idOf(params.id, invitationId, INVITATION_NOT_FOUND);
    await confirmPassword(c, actor, body.current_password);
    const revoked = await invitations.revoke(actor, id);
    return { message: `The invitation to ${revoked.email} was withdrawn; its link no longer works.` };
  });
  route(routes, operations.adminChangeRole, async (c, { actor, params, body }) => {
    const id = idOf(params.id);
    await confirmPassword(c, actor, body.current_password);
    return staff.changeRole(actor, id, body.role);
  });
  route(routes, operations.adminRemoveStaff, async (c, { actor, params, body }) => {
    const id = idOf(params.id);
    await confirmPassword(c, actor, body.current_password);
    return staff.changeRole(actor, id, "customer");
  });

  return routes;
}
