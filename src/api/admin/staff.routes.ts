import { Hono } from "hono";
import { idField } from "../../shared/contracts/fields.ts";
import { operations } from "../../shared/contracts/operations.ts";
import type { ApiEnv } from "../api-env.ts";
import { route } from "../contract/route.ts";
import { NotFound } from "../errors.ts";
import { confirmPassword } from "./admin-auth.ts";
import { STAFF_NOT_FOUND, type StaffService } from "./staff.service.ts";

const staffId = idField("staff id");

function idOf(raw: string): number {
  const parsed = staffId.safeParse(raw);
  if (!parsed.success) throw new NotFound(STAFF_NOT_FOUND);
  return parsed.data;
}

/** /api/admin/staff: the owner only (checked by route() from the contract); every change asks for the password. */
export function staffRoutes(staff: StaffService): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  route(routes, operations.adminStaff, async () => ({ data: await staff.list() }));
  route(routes, operations.adminInviteStaff, async (c, { actor, body }) => {
    await confirmPassword(c, actor, body.current_password);
    return staff.invite(actor, body);
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
