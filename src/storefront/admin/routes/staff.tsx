import { data, Form } from "react-router";
import { apiContext } from "../../lib/api.server.ts";
import { formatDate, formatDateTime } from "../../ui/format.ts";
import { failureStatus, firstErrors, formFields, formText } from "../../ui/forms/api-errors.ts";
import { Field, FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { answerOrThrow } from "../admin-data.server.ts";
import { adminMeta } from "../admin-meta.ts";
import { adminSessionContext } from "../admin-session.server.ts";
import type { Route } from "./+types/staff";

export const meta: Route.MetaFunction = () => adminMeta("Staff");

const ROLE_LABELS = { owner: "Owner", staff: "Staff", customer: "Not staff (customer)" } as const;
const INVITE_FIELDS = ["email", "role"] as const;
const INTENT_FIELDS = {
  invite: INVITE_FIELDS,
  role: ["id", "role"],
  revoke: ["invitation"],
  "two-factor": [],
  "two-factor-reset": ["id"],
} as const;
type Intent = keyof typeof INTENT_FIELDS;
const isIntent = (value: string): value is Intent => Object.hasOwn(INTENT_FIELDS, value);

interface StaffResult {
  intent: Intent;
  ok: boolean;
  message: string;
  errors: Record<string, string>;
  /** What was typed (never a password), so a refused form keeps it. */
  values: Record<string, string>;
}

export async function loader({ context }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const [staff, twoFactor] = await Promise.all([api.call("adminStaff"), api.call("adminTwoFactorPolicy")]);
  const list = answerOrThrow(staff);
  return {
    staff: list.data,
    invitations: list.invitations,
    twoFactor: answerOrThrow(twoFactor),
    me: context.get(adminSessionContext).user.id,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const api = context.get(apiContext);
  const form = await readForm(request);
  const intent = formText(form, "intent");
  const current_password = formText(form, "current_password");
  let result: StaffResult;
  let status = 200;
  if (intent === "invite") {
    const values = formFields(form, INVITE_FIELDS);
    const answer = await api.call("adminInviteStaff", {
      // The API checks the role (and everything else); the form sends whatever was chosen.
      body: { ...values, role: values.role as "staff", current_password },
    });
    result = answer.ok
      ? {
          intent,
          ok: true,
          message: `Invitation sent to ${answer.data.invitation.email}. They become ${answer.data.invitation.role === "owner" ? "an owner" : "staff"} once they set a password through the emailed link, which works for 72 hours.${answer.data.replaced ? " The earlier invitation to this address no longer works." : ""}`,
          errors: {},
          values: {},
        }
      : { intent, ok: false, message: answer.data.message, errors: firstErrors(answer.data.errors), values };
    status = answer.ok ? 201 : failureStatus(answer.status);
  } else if (intent === "revoke") {
    const values = formFields(form, INTENT_FIELDS.revoke);
    const answer = await api.call("adminRevokeStaffInvitation", {
      params: { id: values.invitation },
      body: { current_password },
    });
    result = answer.ok
      ? { intent, ok: true, message: answer.data.message, errors: {}, values: {} }
      : { intent, ok: false, message: answer.data.message, errors: firstErrors(answer.data.errors), values };
    status = answer.ok ? 200 : failureStatus(answer.status);
  } else if (intent === "role") {
    const values = formFields(form, ["id", "role"]);
    const answer = await api.call("adminChangeRole", {
      params: { id: values.id },
      body: { role: values.role as "staff", current_password },
    });
    result = answer.ok
      ? {
          intent,
          ok: true,
          message:
            answer.data.role === "customer"
              ? `${answer.data.email} is no longer on the staff; their account stays, as a customer's.`
              : `${answer.data.email} is now ${answer.data.role === "owner" ? "an owner" : "staff"}.`,
          errors: {},
          values: {},
        }
      : { intent, ok: false, message: answer.data.message, errors: firstErrors(answer.data.errors), values };
    status = answer.ok ? 200 : failureStatus(answer.status);
  } else if (intent === "two-factor") {
    const required = formText(form, "required") === "true";
    const answer = await api.call("adminUpdateTwoFactorPolicy", { body: { required, current_password } });
    result = answer.ok
      ? {
          intent,
          ok: true,
          message: answer.data.required
            ? "Two-factor sign-in is now required: staff without it are sent to set it up before any back-office page."
            : "Two-factor sign-in is no longer required; those who have it keep it.",
          errors: {},
          values: {},
        }
      : {
          intent,
          ok: false,
          message: answer.data.message,
          errors: firstErrors(answer.data.errors),
          values: {},
        };
    status = answer.ok ? 200 : failureStatus(answer.status);
  } else if (intent === "two-factor-reset") {
    const answer = await api.call("adminResetStaffTwoFactor", {
      params: { id: formText(form, "id") },
      body: { current_password },
    });
    result = answer.ok
      ? { intent, ok: true, message: answer.data.message, errors: {}, values: {} }
      : {
          intent,
          ok: false,
          message: answer.data.message,
          errors: firstErrors(answer.data.errors),
          values: {},
        };
    status = answer.ok ? 200 : failureStatus(answer.status);
  } else {
    throw data({ message: "This form cannot be handled." }, { status: 400 });
  }
  return data(result, { status });
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(request, serverAction, (failure, form): StaffResult => {
    const sent = formText(form, "intent");
    const intent = isIntent(sent) ? sent : "invite";
    return {
      intent,
      ok: false,
      message: submissionMessage(failure, "The change could not be made. Please try again."),
      errors: {},
      values: formFields(form, INTENT_FIELDS[intent]),
    };
  });
}

export default function AdminStaff({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, invitations, me, twoFactor } = loaderData;
  const invite = actionData?.intent === "invite" ? actionData : undefined;
  const role = actionData?.intent === "role" ? actionData : undefined;
  const revoke = actionData?.intent === "revoke" ? actionData : undefined;
  const policy = actionData?.intent === "two-factor" ? actionData : undefined;
  const reset = actionData?.intent === "two-factor-reset" ? actionData : undefined;
  const twoFactorOf = new Map(twoFactor.staff.map((state) => [state.user_id, state]));
  const withTwoFactor = staff.filter((person) => twoFactorOf.get(person.id)?.enabled);
  const inviting = useSubmitting("invite");
  const changing = useSubmitting("role");
  const revoking = useSubmitting("revoke");
  const savingPolicy = useSubmitting("two-factor");
  const resetting = useSubmitting("two-factor-reset");
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">Staff</h1>
        <p className="admin-page__lead">
          Staff run products, orders and customers; owners also manage the staff. Changes ask for your
          password. New people are invited by email and join once they set a password through the link.
        </p>
      </div>
      {actionData?.ok && <FormAlert kind="success">{actionData.message}</FormAlert>}

      <section className="admin-card" aria-labelledby="staff-title">
        <h2 id="staff-title" className="admin-card__title">
          Who can open the back office
        </h2>
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Person</th>
                <th scope="col">Role</th>
                <th scope="col">Two-factor</th>
                <th scope="col" className="admin-optional">
                  Since
                </th>
              </tr>
            </thead>
            <tbody>
              {staff.map((person) => (
                <tr key={person.id}>
                  <th scope="row" className="admin-wrap">
                    {person.name}
                    {person.id === me && <span className="admin-page__lead"> (you)</span>}
                    <span className="admin-sub">{person.email}</span>
                  </th>
                  <td>
                    <span className={`admin-badge${person.role === "owner" ? " admin-badge--info" : ""}`}>
                      {ROLE_LABELS[person.role]}
                    </span>
                    {person.disabled_at && <span className="admin-badge admin-badge--danger">Disabled</span>}
                  </td>
                  <td>
                    <TwoFactorBadge state={twoFactorOf.get(person.id)} required={twoFactor.required} />
                  </td>
                  <td className="admin-optional">{formatDate(person.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="admin-card" aria-labelledby="two-factor-title">
        <h2 id="two-factor-title" className="admin-card__title">
          Two-factor sign-in
        </h2>
        <Form
          method="post"
          className="form-stack"
          preventScrollReset
          key={policy?.ok ? "done" : "two-factor"}
        >
          {policy && !policy.ok && <FormAlert kind="error">{policy.message}</FormAlert>}
          <p className="admin-page__lead">
            {twoFactor.required
              ? "Required: everyone on the staff signs in with a code from an authenticator app; anyone without it is sent to set it up first."
              : "Not required: each person may turn it on for themselves on their Two-factor sign-in page."}{" "}
            {twoFactor.staff.filter((state) => state.enabled).length} of {twoFactor.staff.length} use it.
          </p>
          <input type="hidden" name="intent" value="two-factor" />
          <label className="checkbox">
            <input type="checkbox" name="required" value="true" defaultChecked={twoFactor.required} />
            <span>Require two-factor sign-in for all staff and owners</span>
          </label>
          <PasswordField id="two-factor-password" error={policy?.errors.current_password} />
          <button type="submit" className="button" disabled={savingPolicy}>
            {savingPolicy ? "Saving..." : "Save"}
          </button>
        </Form>
        {withTwoFactor.length > 0 && (
          <Form
            method="post"
            className="form-stack admin-card__part"
            preventScrollReset
            key={reset?.ok ? "done" : "reset"}
          >
            <h3 className="admin-card__title">Lost phone and recovery codes?</h3>
            {reset && !reset.ok && <FormAlert kind="error">{reset.message}</FormAlert>}
            <p className="admin-page__lead">
              Removing someone's two-factor sign-in signs them out everywhere; they sign in again with their
              password (and set it up again where it is required).
            </p>
            <input type="hidden" name="intent" value="two-factor-reset" />
            <div className="field">
              <label className="field__label" htmlFor="reset-person">
                Person
              </label>
              <select id="reset-person" name="id" className="field__input" required>
                {withTwoFactor.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.name} ({person.email})
                  </option>
                ))}
              </select>
            </div>
            <PasswordField id="reset-password" error={reset?.errors.current_password} />
            <button type="submit" className="button button--danger" disabled={resetting}>
              {resetting ? "Removing..." : "Remove their two-factor sign-in"}
            </button>
          </Form>
        )}
      </section>

      <section className="admin-card" aria-labelledby="invitations-title">
        <h2 id="invitations-title" className="admin-card__title">
          Invitations waiting
        </h2>
        {invitations.length === 0 ? (
          <p className="admin-page__lead">No invitation is waiting to be accepted.</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col" className="admin-optional">
                    Invited by
                  </th>
                  <th scope="col">Link works until</th>
                </tr>
              </thead>
              <tbody>
                {invitations.map((invitation) => (
                  <tr key={invitation.id}>
                    <th scope="row" className="admin-wrap">
                      {invitation.email}
                    </th>
                    <td>
                      <span className="admin-badge">{ROLE_LABELS[invitation.role]}</span>
                    </td>
                    <td className="admin-optional admin-wrap">{invitation.invited_by}</td>
                    <td>{formatDateTime(invitation.expires_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {invitations.length > 0 && (
          <Form method="post" className="form-stack" preventScrollReset key={revoke?.ok ? "done" : "revoke"}>
            {revoke && !revoke.ok && <FormAlert kind="error">{revoke.message}</FormAlert>}
            <input type="hidden" name="intent" value="revoke" />
            <div className="field">
              <label className="field__label" htmlFor="revoke-invitation">
                Withdraw the invitation to
              </label>
              <select
                id="revoke-invitation"
                name="invitation"
                className="field__input"
                required
                defaultValue={revoke?.values.invitation}
              >
                {invitations.map((invitation) => (
                  <option key={invitation.id} value={invitation.id}>
                    {invitation.email} ({ROLE_LABELS[invitation.role]})
                  </option>
                ))}
              </select>
            </div>
            <PasswordField id="revoke-password" error={revoke?.errors.current_password} />
            <button type="submit" className="button button--outline" disabled={revoking}>
              {revoking ? "Withdrawing..." : "Withdraw invitation"}
            </button>
          </Form>
        )}
      </section>

      <div className="admin-grid admin-grid--two">
        <section className="admin-card" aria-labelledby="role-title">
          <h2 id="role-title" className="admin-card__title">
            Change a role
          </h2>
          <Form method="post" className="form-stack" preventScrollReset key={role?.ok ? "done" : "role"}>
            {role && !role.ok && <FormAlert kind="error">{role.message}</FormAlert>}
            <input type="hidden" name="intent" value="role" />
            <div className="field">
              <label className="field__label" htmlFor="role-person">
                Person
              </label>
              <select
                id="role-person"
                name="id"
                className="field__input"
                required
                defaultValue={role?.values.id}
              >
                {staff.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.name} ({person.email})
                  </option>
                ))}
              </select>
            </div>
            <RoleSelect
              id="role-new"
              name="role"
              label="New role"
              withCustomer
              defaultValue={role?.values.role}
              error={role?.errors.role}
            />
            <PasswordField id="role-password" error={role?.errors.current_password} />
            <button type="submit" className="button" disabled={changing}>
              {changing ? "Saving..." : "Change role"}
            </button>
          </Form>
        </section>

        <section className="admin-card" aria-labelledby="invite-title">
          <h2 id="invite-title" className="admin-card__title">
            Invite someone
          </h2>
          <p className="admin-page__lead">
            We email them a link that works for 72 hours. Nothing changes until they open it and choose a
            password; an account they already have gets that new password.
          </p>
          <Form method="post" className="form-stack" preventScrollReset key={invite?.ok ? "done" : "invite"}>
            {invite && !invite.ok && <FormAlert kind="error">{invite.message}</FormAlert>}
            <input type="hidden" name="intent" value="invite" />
            <Field
              name="email"
              id="invite-email"
              label="Email"
              type="email"
              required
              autoComplete="off"
              defaultValue={invite?.values.email}
              error={invite?.errors.email}
            />
            <RoleSelect
              id="invite-role"
              name="role"
              label="Role"
              defaultValue={invite?.values.role}
              error={invite?.errors.role}
            />
            <PasswordField id="invite-confirm" error={invite?.errors.current_password} />
            <button type="submit" className="button" disabled={inviting}>
              {inviting ? "Sending..." : "Send invitation"}
            </button>
          </Form>
        </section>
      </div>
    </div>
  );
}

function RoleSelect({
  id,
  name,
  label,
  withCustomer = false,
  defaultValue,
  error,
}: {
  id: string;
  name: string;
  label: string;
  withCustomer?: boolean;
  defaultValue: string | undefined;
  error: string | undefined;
}) {
  const roles = withCustomer ? (["staff", "owner", "customer"] as const) : (["staff", "owner"] as const);
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="field__input"
        defaultValue={defaultValue ?? "staff"}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {roles.map((value) => (
          <option key={value} value={value}>
            {ROLE_LABELS[value]}
          </option>
        ))}
      </select>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

function TwoFactorBadge({
  state,
  required,
}: {
  state: { enabled: boolean; recovery_codes_left: number } | undefined;
  required: boolean;
}) {
  if (state?.enabled) {
    return (
      <span
        className="admin-badge admin-badge--success"
        title={`${state.recovery_codes_left} recovery codes left`}
      >
        On
      </span>
    );
  }
  return (
    <span className={`admin-badge${required ? " admin-badge--warning" : ""}`}>
      {required ? "Set-up due" : "Off"}
    </span>
  );
}

function PasswordField({ id, error }: { id: string; error: string | undefined }) {
  return (
    <Field
      name="current_password"
      id={id}
      label="Your password"
      type="password"
      required
      autoComplete="current-password"
      hint="Asked again for this change."
      error={error}
    />
  );
}
