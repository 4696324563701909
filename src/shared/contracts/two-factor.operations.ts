import { confirmPasswordSchema } from "./admin.ts";
import { messageSchema, type Operation } from "./contract.ts";
import {
  recoveryCodesSchema,
  twoFactorCodeSchema,
  twoFactorDisableSchema,
  twoFactorPolicySchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  twoFactorVerifySchema,
  updateTwoFactorPolicySchema,
} from "./two-factor.ts";

/**
 * Two-factor sign-in for staff and owners. Rows marked `beforeSecondFactor` are open to a back-office session
 * whose second factor is still due (a code to enter, or a set-up the owner requires); every other back-office
 * operation refuses such a session with a 403. Spread into `operations` (operations.ts).
 */
export const twoFactorOperations = {
  adminTwoFactorStatus: {
    method: "GET",
    path: "/admin/two-factor",
    summary: "Whether two-factor sign-in is on for you, required by the owner, and done for this session",
    tag: "Admin",
    auth: "staff",
    beforeSecondFactor: true,
    status: 200,
    response: twoFactorStatusSchema,
    errors: [401, 403],
  },
  adminTwoFactorSetup: {
    method: "POST",
    path: "/admin/two-factor/setup",
    summary:
      "Start setting up an authenticator app: a new key (or the one still waiting for its first code) as an otpauth address and QR code",
    tag: "Admin",
    auth: "staff",
    beforeSecondFactor: true,
    status: 200,
    response: twoFactorSetupSchema,
    errors: [400, 401, 403, 409],
  },
  adminTwoFactorConfirm: {
    method: "POST",
    path: "/admin/two-factor/confirm",
    summary:
      "Finish the set-up with a code from the app: two-factor sign-in is on; answers the ten recovery codes, shown this once (rate-limited; audited)",
    tag: "Admin",
    auth: "staff",
    beforeSecondFactor: true,
    body: twoFactorCodeSchema,
    status: 200,
    response: recoveryCodesSchema,
    errors: [400, 401, 403, 409, 422, 429],
  },
  adminTwoFactorVerify: {
    method: "POST",
    path: "/admin/two-factor/verify",
    summary:
      "After the password: the app's code or a recovery code opens the back office for this session (rate-limited per account)",
    tag: "Admin",
    auth: "staff",
    beforeSecondFactor: true,
    body: twoFactorVerifySchema,
    status: 200,
    response: twoFactorStatusSchema,
    errors: [400, 401, 403, 409, 422, 429],
  },
  adminTwoFactorDisable: {
    method: "POST",
    path: "/admin/two-factor/disable",
    summary:
      "Turn two-factor sign-in off for your account, with a current code or your password (recovery codes are dropped; audited)",
    tag: "Admin",
    auth: "staff",
    body: twoFactorDisableSchema,
    status: 200,
    response: messageSchema,
    errors: [400, 401, 403, 409, 422, 429],
  },
  adminTwoFactorPolicy: {
    method: "GET",
    path: "/admin/settings/two-factor",
    summary: "Whether two-factor sign-in is required of all staff, and each member's state (owner only)",
    tag: "Admin",
    auth: "owner",
    status: 200,
    response: twoFactorPolicySchema,
    errors: [401, 403],
  },
  adminUpdateTwoFactorPolicy: {
    method: "PUT",
    path: "/admin/settings/two-factor",
    summary:
      "Require two-factor sign-in of all staff and owners, or stop requiring it; yours must be on first (owner only; asks for your password again; audited)",
    tag: "Admin",
    auth: "owner",
    body: updateTwoFactorPolicySchema,
    status: 200,
    response: twoFactorPolicySchema,
    errors: [400, 401, 403, 409, 422, 429],
  },
  adminResetStaffTwoFactor: {
    method: "POST",
    path: "/admin/staff/:id/two-factor/reset",
    summary:
      "For a member who lost both phone and recovery codes: remove their two-factor sign-in and sign them out everywhere (owner only; asks for your password again; audited)",
    tag: "Admin",
    auth: "owner",
    body: confirmPasswordSchema,
    status: 200,
    response: messageSchema,
    errors: [400, 401, 403, 404, 409, 422, 429],
  },
} as const satisfies Record<string, Operation>;
