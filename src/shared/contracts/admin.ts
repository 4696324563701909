import { z } from "zod";
import { CUSTOMER_STATUSES } from "../customer-statuses.ts";
import { PAYMENT_METHODS } from "../payment.ts";
import { USER_ROLES } from "../roles.ts";
import { SHOP_TIME_ZONE } from "../shop-time.ts";
import { ACCOUNT_EMAIL_MESSAGES, newPassword, userSchema } from "./account.ts";
import { pageMetaSchema } from "./catalogue.ts";
import { emailField, optionalText, pageField, requiredText } from "./fields.ts";

/** The back office's shared pieces: roles, the signed-in staff member, and the password a sensitive action asks for. */

export const roleSchema = z.enum(USER_ROLES);

/** An account as the back office shows it: the shopper's fields, its role, and whether it is disabled. */
export const adminUserSchema = userSchema.extend({
  role: roleSchema,
  disabled_at: z.string().nullable().describe("When the shop disabled the account; null while it is active."),
});
export type AdminUser = z.output<typeof adminUserSchema>;

/** Who is using the back office, and how long their session lasts without activity. */
export const adminSessionSchema = z.object({
  user: adminUserSchema,
  idle_minutes: z
    .number()
    .int()
    .describe("A staff or owner session ends after this many minutes without a request; sign in again then."),
});
export type AdminSession = z.output<typeof adminSessionSchema>;

export const CONFIRM_PASSWORD_MESSAGES = {
  required: "Enter your password to confirm this change.",
  incorrect: "The password is incorrect.",
} as const;

/**
 * The signed-in person's own password, which sensitive actions (disabling an account, changing staff) ask for
 * again. Any action body that needs it spreads this field in.
 */
export const currentPasswordField = z
  .string({ error: CONFIRM_PASSWORD_MESSAGES.required })
  .min(1, CONFIRM_PASSWORD_MESSAGES.required)
  .max(200, CONFIRM_PASSWORD_MESSAGES.incorrect)
  .describe("Your own password, asked again for this sensitive action.");

export const confirmPasswordSchema = z.object({ current_password: currentPasswordField });

/** Sales and orders in one period: cancelled orders count in neither. Sales are order totals, in rupees. */
const periodFiguresSchema = z.object({
  key: z.enum(["today", "7d", "30d"]),
  label: z.string(),
  orders: z.number().int(),
  sales: z.number(),
});

/** Of the orders that reached an outcome: how many were delivered and how many refused, and the rates (percent). */
const outcomeRateSchema = z.object({
  label: z.string().describe('The city or the courier as staff read it; the overall row is "All orders".'),
  delivered: z.number().int(),
  refused: z.number().int().describe("Refused at the door: the order is returning or returned."),
  delivery_rate: z.number().describe("Delivered out of delivered and refused, in percent (one decimal)."),
  refused_rate: z.number().describe("Refused out of delivered and refused, in percent (one decimal)."),
});
export type OutcomeRate = z.output<typeof outcomeRateSchema>;

export const dashboardSchema = z.object({
  time_zone: z.string().describe(`Days run midnight to midnight in this time zone ("${SHOP_TIME_ZONE}").`),
  periods: z
    .array(periodFiguresSchema)
    .describe("Today, the last 7 days and the last 30 days (today included)."),
  daily_sales: z
    .array(z.object({ date: z.string(), orders: z.number().int(), sales: z.number() }))
    .describe("Each of the last 30 days, oldest first, days without orders included."),
  orders_waiting: z
    .array(z.object({ status: z.string(), count: z.number().int() }))
    .describe(
      "How many orders wait in each status the shop still has work on (pending, processing, shipped).",
    ),
  outcomes: z
    .object({
      overall: outcomeRateSchema.nullable().describe("Null when no order of the window reached an outcome."),
      by_city: z
        .array(outcomeRateSchema)
        .describe('The cities with the most outcomes first (at most 8); the rest summed as "Other cities".'),
      by_courier: z
        .array(outcomeRateSchema)
        .describe('By the courier of the order\'s shipment; "No courier booked" for orders without one.'),
    })
    .describe(
      "Orders placed in the last 30 days that were delivered or refused (returning, returned); orders still on " +
        "their way are not counted.",
    ),
  payments: z
    .object({
      by_method: z
        .array(
          z.object({
            method: z.enum(PAYMENT_METHODS),
            name: z.string(),
            orders: z.number().int(),
            sales: z.number().describe("Order totals in rupees, cancelled orders left out."),
          }),
        )
        .describe("Every payment method, in the shop's order, methods without orders included."),
      paid: z.number().describe("Money received (rupees), before refunds, cancelled orders included."),
      pending: z
        .number()
        .describe(
          "Money still to come (rupees): the totals of orders not paid yet that are still going ahead " +
            "(cash to collect, transfers and online payments waiting); cancelled and refused orders left out.",
        ),
      refunded: z.number().describe("Money given back (rupees)."),
    })
    .describe("The payments of the orders placed in the last 30 days (today included)."),
  low_stock: z.object({
    threshold: z.number().int(),
    total: z.number().int().describe("Variants with this much stock or less (counted up to 1,000)."),
    more: z.boolean().describe("True when there are more than `total` (the count stops at 1,000)."),
    variants: z.array(
      z.object({
        variant_id: z.number().int(),
        product_id: z.number().int(),
        product_title: z.string(),
        product_slug: z.string(),
        color_name: z.string(),
        size_name: z.string(),
        stock: z.number().int(),
      }),
    ),
  }),
});
export type Dashboard = z.output<typeof dashboardSchema>;

/** A list's search box: trimmed, at most 100 characters, blank for "everything". */
export const searchField = optionalText("search", 100);

/** Limits of the staff's note and tags on a customer (issue 35 item 7). */
export const CUSTOMER_NOTE_MAX = 2000;
export const CUSTOMER_TAGS_MAX = 10;
export const CUSTOMER_TAG_MAX = 30;
/** A tag as stored: lower-case letters and digits, single spaces or dashes between them. */
export const CUSTOMER_TAG_PATTERN = /^[\p{Ll}\p{Lo}\p{Nd}]+(?:[ -][\p{Ll}\p{Lo}\p{Nd}]+)*$/u;

/** A tag as typed: trimmed, lower case, runs of spaces as one. */
export const normaliseCustomerTag = (tag: string) => tag.trim().toLowerCase().replace(/\s+/g, " ");

export const customersQuerySchema = z.object({
  search: searchField.describe("Part of the name, email or phone; case does not matter."),
  tag: z.preprocess(
    (value) => (typeof value === "string" ? normaliseCustomerTag(value) || undefined : value),
    z
      .string({ error: "The tag must be text." })
      .max(CUSTOMER_TAG_MAX, `A tag may not be longer than ${CUSTOMER_TAG_MAX} characters.`)
      .optional()
      .describe("Only customers with this tag."),
  ),
  status: z.preprocess(
    (value) => (value === "" || value === undefined ? "all" : value),
    z.enum(CUSTOMER_STATUSES, { error: "The status must be all, active or disabled." }),
  ),
  page: pageField(),
});

/** A customer in the back office's list: the account, and how many orders it placed. */
export const adminCustomerSchema = adminUserSchema.extend({
  orders_count: z.number().int(),
  staff_note: z
    .string()
    .describe("What staff keep about the customer; empty for none. Never shown to the customer."),
  tags: z.array(z.string()).describe("The customer's tags, lower case, in the order given."),
});

export const customerNotesSchema = z.object({
  staff_note: z
    .string({ error: "The note must be text." })
    .trim()
    .max(CUSTOMER_NOTE_MAX, `The note may not be longer than ${CUSTOMER_NOTE_MAX} characters.`)
    .optional()
    .describe("Replaces the note; left out, it stays."),
  tags: z
    .array(
      z
        .string({ error: "A tag must be text." })
        .transform(normaliseCustomerTag)
        .pipe(
          z
            .string()
            .min(1, "A tag may not be empty.")
            .max(CUSTOMER_TAG_MAX, `A tag may not be longer than ${CUSTOMER_TAG_MAX} characters.`)
            .regex(CUSTOMER_TAG_PATTERN, "A tag is letters and digits, with spaces or dashes between words."),
        ),
      { error: "The tags must be a list." },
    )
    .max(CUSTOMER_TAGS_MAX, `Give at most ${CUSTOMER_TAGS_MAX} tags.`)
    .optional()
    .describe("Replaces the tags (lower-cased, each once); left out, they stay."),
});
export type CustomerNotesInput = z.output<typeof customerNotesSchema>;
export type AdminCustomer = z.output<typeof adminCustomerSchema>;

export const customerPageSchema = z.object({ data: z.array(adminCustomerSchema), meta: pageMetaSchema });

/** One of a customer's orders, as their record lists it. */
export const customerOrderSchema = z.object({
  number: z.string(),
  status: z.string(),
  created_at: z.string(),
  items: z.number().int().describe("How many items (the sum of the lines' quantities)."),
  total: z.number().describe("In rupees."),
});

export const customerDetailSchema = z.object({
  customer: adminCustomerSchema.extend({
    total_spent: z
      .number()
      .describe("The totals of the customer's orders that were not cancelled, in rupees."),
  }),
  orders: z.object({ data: z.array(customerOrderSchema), meta: pageMetaSchema }),
});
export type CustomerDetail = z.output<typeof customerDetailSchema>;

export const customerOrdersQuerySchema = z.object({ page: pageField() });

/** Blank counts as not given (an HTML form sends every field). */
const blankAsMissing = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

export const STAFF_ROLES = ["staff", "owner"] as const;
const staffRole = z.enum(STAFF_ROLES, { error: "The role must be staff or owner." });

/** An invitation to the staff that has not been accepted, withdrawn or replaced, and has not expired. */
export const staffInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  invited_by: z.string().describe("The email of who sent it."),
  created_at: z.string(),
  expires_at: z.string().describe("After this the link is refused; invite the address again for a new one."),
});
export type StaffInvitation = z.output<typeof staffInvitationSchema>;

export const staffListSchema = z.object({
  data: z.array(adminUserSchema).describe("Owners first, then staff, each by name."),
  invitations: z
    .array(staffInvitationSchema)
    .describe("Invitations still waiting to be accepted, newest first."),
});

/**
 * Invites someone to the staff: a link is mailed to the address, and the role is granted only when whoever
 * holds that mailbox sets a new password through it. Nothing about an account with this email changes now.
 */
export const inviteStaffSchema = z.object({
  email: emailField(ACCOUNT_EMAIL_MESSAGES, { lowerCase: true }),
  role: staffRole,
  current_password: currentPasswordField,
});
export type InviteStaffInput = z.output<typeof inviteStaffSchema>;

export const invitedStaffSchema = z.object({
  invitation: staffInvitationSchema,
  replaced: z
    .boolean()
    .describe("True when a pending invitation to the same address was withdrawn for this one."),
});

/** What the invitation link's page and its API answer when the link cannot be used. */
export const STAFF_INVITATION_MESSAGES = {
  invalid: "This invitation link is not valid. Please ask the shop's owner to invite you again.",
  used: "This invitation has already been used. Sign in with the password you chose, or ask the shop's owner to invite you again.",
  expired: "This invitation has expired. Please ask the shop's owner to invite you again.",
  revoked: "This invitation was withdrawn. Please ask the shop's owner to invite you again.",
} as const;

const invitationToken = requiredText("token", STAFF_INVITATION_MESSAGES.invalid, 200);

export const staffInvitationTokenSchema = z.object({ token: invitationToken });

/** What the link's page shows before the password is set: who was invited, to what, and whether to ask a name. */
export const staffInvitationViewSchema = z.object({
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  has_account: z
    .boolean()
    .describe("True when an account already has this email: accepting sets its password; no name is asked."),
  expires_at: z.string(),
});
export type StaffInvitationView = z.output<typeof staffInvitationViewSchema>;

/**
 * Accepting an invitation: the link's token and a new password (the registration's rules); a name when no
 * account has the invited email. The email is the invitation's, never the form's.
 */
export const acceptStaffInvitationSchema = z
  .object({
    token: invitationToken,
    first_name: z.preprocess(blankAsMissing, optionalText("first name", 100).optional()),
    last_name: z.preprocess(blankAsMissing, optionalText("last name", 100).optional()),
    password: newPassword,
    password_confirmation: z.string({ error: "The password confirmation field is required." }),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ["password_confirmation"],
    message: "The password confirmation does not match.",
  });
export type AcceptStaffInvitationInput = z.output<typeof acceptStaffInvitationSchema>;
export type AcceptStaffInvitationFields = z.input<typeof acceptStaffInvitationSchema>;

export const changeRoleSchema = z.object({
  role: z.enum(USER_ROLES, { error: "The role must be customer, staff or owner." }),
  current_password: currentPasswordField,
});

export const auditQuerySchema = z.object({
  entity_type: optionalText("entity type", 40).describe('The kind of record: "user", "order", "product"...'),
  entity_id: optionalText("entity id", 100).describe("One record's id (with its entity_type)."),
  actor: optionalText("actor", 254).describe("The email of who made the changes."),
  page: pageField(),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.object({
    id: z
      .number()
      .int()
      .nullable()
      .describe("Null for a tool without an account, or an account since removed."),
    email: z.string(),
  }),
  action: z.string().describe('"<entity>.<verb>", e.g. "customer.disable", "staff.role", "order.status".'),
  entity_type: z.string(),
  entity_id: z.string(),
  before: z
    .unknown()
    .describe("The record (or the part that changed) before the change; null for a creation."),
  after: z.unknown().describe("...and after it; null for a removal."),
  created_at: z.string(),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;

export const auditPageSchema = z.object({ data: z.array(auditEntrySchema), meta: pageMetaSchema });
