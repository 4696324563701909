import { Hono } from "hono";
import { idField } from "../../../shared/contracts/fields.ts";
import { operations } from "../../../shared/contracts/operations.ts";
import type { ApiEnv } from "../../api-env.ts";
import { route } from "../../contract/route.ts";
import { NotFound } from "../../errors.ts";
import { confirmPassword } from "../admin-auth.ts";
import { STAFF_NOT_FOUND } from "../staff.service.ts";
import type { TwoFactorService } from "./two-factor.service.ts";

/** /api/admin/two-factor (each member's own) and /api/admin/settings/two-factor (the owner's rule). */
export function twoFactorRoutes(twoFactor: TwoFactorService): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  route(routes, operations.adminTwoFactorStatus, (_c, { actor }) => twoFactor.status(actor));
  route(routes, operations.adminTwoFactorSetup, (_c, { actor }) => twoFactor.setup(actor));
  route(routes, operations.adminTwoFactorConfirm, (_c, { actor, body }) =>
    twoFactor.confirm(actor, body.code),
  );
  route(routes, operations.adminTwoFactorVerify, (_c, { actor, body }) => twoFactor.verify(actor, body.code));
  route(routes, operations.adminTwoFactorDisable, async (c, { actor, body }) => {
    if (body.code !== "") await twoFactor.checkCode(actor, body.code);
    else await confirmPassword(c, actor, body.current_password ?? "");
    await twoFactor.disable(actor);
    return { message: "Two-factor sign-in is off for your account." };
  });

  route(routes, operations.adminTwoFactorPolicy, () => twoFactor.policy());
  route(routes, operations.adminUpdateTwoFactorPolicy, async (c, { actor, body }) => {
    await confirmPassword(c, actor, body.current_password);
    return twoFactor.setPolicy(actor, body.required);
  });

  route(routes, operations.adminResetStaffTwoFactor, async (c, { actor, params, body }) => {
    const id = idField("staff id").safeParse(params.id);
    if (!id.success) throw new NotFound(STAFF_NOT_FOUND);
    await confirmPassword(c, actor, body.current_password);
    await twoFactor.resetFor(actor, id.data);
    return { message: "Their two-factor sign-in was removed and they were signed out everywhere." };
  });

  return routes;
}
