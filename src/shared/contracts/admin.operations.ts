import { z } from "zod";
import { authResultSchema } from "./account.ts";
import {
  acceptStaffInvitationSchema,
  adminCustomerSchema,
  adminSessionSchema,
  adminUserSchema,
  auditPageSchema,
  auditQuerySchema,
  changeRoleSchema,
  confirmPasswordSchema,
  customerDetailSchema,
  customerNotesSchema,
  customerOrdersQuerySchema,
  customerPageSchema,
  customersQuerySchema,
  dashboardSchema,
  invitedStaffSchema,
  inviteStaffSchema,
  staffInvitationTokenSchema,
  staffInvitationViewSchema,
  staffListSchema,
} from "./admin.ts";
import { messageSchema, type Operation } from "./contract.ts";

/** The back office's guard: who is signed in. Spread into `operations` (operations.ts). */
export const adminSessionOperations = {
  adminSession: {
    method: "GET",
    path: "/admin/session",
    summary: "The signed-in staff member or owner, with their role (the back office's guard)",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: adminSessionSchema,
    errors: [401, 403],
  },
} as const satisfies Record<string, Operation>;

/** The back office's dashboard, customers, staff and audit log. Spread into `operations` (operations.ts). */
export const adminOperations = {
  adminDashboard: {
    method: "GET",
    path: "/admin/dashboard",
    summary:
      "Sales and orders today, 7 and 30 days; daily sales; orders waiting by status; low-stock variants",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: dashboardSchema,
    errors: [401, 403],
  },
  adminCustomers: {
    method: "GET",
    path: "/admin/customers",
    summary: "Customer accounts, newest first, found by name, email or phone (20 a page)",
    tag: "Admin",
    auth: "staff",
    query: customersQuerySchema,
    status: 200,
    response: customerPageSchema,
    errors: [401, 403, 422],
  },
  adminExportCustomers: {
    method: "GET",
    path: "/admin/customers.csv",
    summary:
      "Every customer account the list's filters keep (not one page), newest first, as a CSV download, streamed",
    tag: "Admin",
    auth: "staff",
    query: customersQuerySchema,
    status: 200,
    response: z
      .string()
      .describe(
        "RFC 4180 CSV (UTF-8, CRLF): id, first and last name, email, phone, status (active or disabled), when " +
          "registered (UTC) and how many orders. `page` is ignored.",
      ),
    produces: "text/csv",
    errors: [401, 403, 422],
  },
  adminCustomer: {
    method: "GET",
    path: "/admin/customers/:id",
    summary: "A customer account with its orders (newest first, 20 a page)",
    tag: "Admin",
    auth: "staff",
    query: customerOrdersQuerySchema,
    status: 200,
    response: customerDetailSchema,
    errors: [401, 403, 404, 422],
  },
  adminDisableCustomer: {
    method: "POST",
    path: "/admin/customers/:id/disable",
    summary:
      "Disable a customer account: it is signed out everywhere and cannot sign in (asks for your password again; audited)",
    tag: "Admin",
    auth: "staff",
    body: confirmPasswordSchema,
    status: 200,
    response: adminCustomerSchema,
    errors: [400, 401, 403, 404, 422, 429],
  },
  adminEnableCustomer: {
    method: "POST",
    path: "/admin/customers/:id/enable",
    summary: "Enable a disabled customer account again (asks for your password again; audited)",
    tag: "Admin",
    auth: "staff",
    body: confirmPasswordSchema,
    status: 200,
    response: adminCustomerSchema,
    errors: [400, 401, 403, 404, 422, 429],
  },
  adminUpdateCustomerNotes: {
    method: "PATCH",
    path: "/admin/customers/:id",
    summary:
      "Staff's note and tags on a customer account (each replaced when given; tags lower-cased, each once; audited)",
    tag: "Admin",
    auth: "staff",
    body: customerNotesSchema,
    status: 200,
    response: adminCustomerSchema,
    errors: [400, 401, 403, 404, 422],
  },
  adminStaff: {
    method: "GET",
    path: "/admin/staff",
    summary: "The shop's owners and staff, and the invitations not yet accepted (owner only)",
    tag: "Admin",
    auth: "owner",
    status: 200,
    response: staffListSchema,
    errors: [401, 403],
  },
  adminInviteStaff: {
    method: "POST",
    path: "/admin/staff",
    summary:
      "Invite someone to the staff: a link valid for 72 hours is mailed to the address, and the role is granted only when a new password is set through it; no account changes now. Replaces a pending invitation to the same address (owner only; asks for your password again; audited)",
    tag: "Admin",
    auth: "owner",
    body: inviteStaffSchema,
    status: 201,
    response: invitedStaffSchema,
    errors: [400, 401, 403, 409, 422, 429],
  },
  adminRevokeStaffInvitation: {
    method: "DELETE",
    path: "/admin/staff/invitations/:id",
    summary:
      "Withdraw a pending invitation: its link stops working (owner only; asks for your password again; audited)",
    tag: "Admin",
    auth: "owner",
    body: confirmPasswordSchema,
    status: 200,
    response: messageSchema,
    errors: [400, 401, 403, 404, 422, 429],
  },
  staffInvitation: {
    method: "POST",
    path: "/staff-invitation",
    summary:
      "What an invitation link is for (the address, the role, whether an account has the address); a POST so the token stays out of URLs and logs",
    tag: "Admin",
    auth: "none",
    body: staffInvitationTokenSchema,
    status: 200,
    response: staffInvitationViewSchema,
    errors: [400, 422, 429],
  },
  acceptStaffInvitation: {
    method: "POST",
    path: "/staff-invitation/accept",
    summary:
      "Accept an invitation with a new password: creates the account or sets the existing one's password, grants the role, signs out every other session of the account, uses up the link and signs in (audited)",
    tag: "Admin",
    auth: "none",
    body: acceptStaffInvitationSchema,
    status: 200,
    response: authResultSchema,
    errors: [400, 422, 429],
  },
  adminChangeRole: {
    method: "PATCH",
    path: "/admin/staff/:id",
    summary:
      "Change a staff member's or owner's role; the last owner stays owner (owner only; asks for your password again; audited)",
    tag: "Admin",
    auth: "owner",
    body: changeRoleSchema,
    status: 200,
    response: adminUserSchema,
    errors: [400, 401, 403, 404, 409, 422, 429],
  },
  adminRemoveStaff: {
    method: "DELETE",
    path: "/admin/staff/:id",
    summary:
      "Take someone off the staff: the account stays, as a customer's; the last owner stays (owner only; asks for your password again; audited)",
    tag: "Admin",
    auth: "owner",
    body: confirmPasswordSchema,
    status: 200,
    response: adminUserSchema,
    errors: [400, 401, 403, 404, 409, 422, 429],
  },
  adminAudit: {
    method: "GET",
    path: "/admin/audit",
    summary:
      "The audit log, newest first (50 a page): who changed what and when, before and after; by record and by who",
    tag: "Admin",
    auth: "staff",
    query: auditQuerySchema,
    status: 200,
    response: auditPageSchema,
    errors: [401, 403, 422],
  },
} as const satisfies Record<string, Operation>;
