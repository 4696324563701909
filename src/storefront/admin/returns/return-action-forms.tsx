import { type ReactNode, useState } from "react";
import { Form } from "react-router";
import type { AdminReturnView } from "../../../shared/contracts/returns.ts";
import type { CouriersAnswer } from "../../../shared/contracts/shipments.ts";
import { formatRupees } from "../../../shared/money.ts";
import {
  RETURN_CONDITION_NAMES,
  RETURN_CONDITIONS,
  RETURN_MESSAGES,
  RETURN_METHOD_NAMES,
  RETURN_METHODS,
  type ReturnMethod,
} from "../../../shared/returns.ts";
import { Field } from "../../ui/forms/field.tsx";
import { useHydrated } from "../../ui/hooks.ts";
import { CONDITION_PREFIX } from "./return-action-body.ts";
import type { ReturnActionName } from "./return-labels.ts";

/** What a refused (or unanswered) step shows: the API's words, at their fields or above, and what was typed. */
export interface ReturnActionFailure {
  action: ReturnActionName;
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
}

export type Couriers = CouriersAnswer["data"];

const NOTE_MAX = 1000;

interface FormProps {
  view: AdminReturnView;
  failure: ReturnActionFailure | undefined;
  submitting: boolean;
}

/**
 * The steps the API allows now (none once closed), each a plain form posting its `intent` (they work without JavaScript). A refused
 * step keeps what was typed in its own form; the other forms start empty.
 */
export function ReturnActionForms({
  view,
  couriers,
  failure,
  submitting,
}: FormProps & { couriers: Couriers }) {
  const failed = (action: ReturnActionName) => (failure?.action === action ? failure : undefined);
  return (
    <>
      {view.actions.includes("approve") && (
        <ApproveForm view={view} couriers={couriers} failure={failed("approve")} submitting={submitting} />
      )}
      {view.actions.includes("in_transit") && (
        <InTransitForm view={view} failure={failed("in_transit")} submitting={submitting} />
      )}
      {view.actions.includes("receive") && (
        <ReceiveForm view={view} failure={failed("receive")} submitting={submitting} />
      )}
      {view.actions.includes("settle") && (
        <SettleForm view={view} failure={failed("settle")} submitting={submitting} />
      )}
      {view.actions.includes("reject") && (
        <RejectForm view={view} failure={failed("reject")} submitting={submitting} />
      )}
    </>
  );
}

/** One step's form: its title, its fields and its button, below a line. */
function StepForm({
  action,
  title,
  button,
  submitting,
  danger = false,
  children,
}: {
  action: ReturnActionName;
  title: string;
  button: string;
  submitting: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="post" className="form-stack admin-order-actions__form" aria-labelledby={`return-${action}`}>
      <input type="hidden" name="intent" value={action} />
      <h3 className="admin-return__step" id={`return-${action}`}>
        {title}
      </h3>
      {children}
      <div>
        <button
          type="submit"
          className={danger ? "button button--outline admin-danger-button" : "button"}
          disabled={submitting}
        >
          {button}
        </button>
      </div>
    </Form>
  );
}

/** The note the customer reads with the step (required for a rejection: it is the reason). */
function NoteField({
  action,
  failure,
  required = false,
}: {
  action: ReturnActionName;
  failure: ReturnActionFailure | undefined;
  required?: boolean;
}) {
  const id = `return-${action}-note`;
  const error = failure?.errors.note;
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label className="field__label" htmlFor={id}>
        {required ? "Reason" : "Note for the customer"}
        {!required && <span className="field__optional"> (optional)</span>}
      </label>
      <textarea
        id={id}
        name="note"
        className="field__input"
        rows={2}
        maxLength={NOTE_MAX}
        required={required}
        defaultValue={failure?.values.note ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ")}
      />
      <p className="field__hint" id={`${id}-hint`}>
        {required
          ? RETURN_MESSAGES.rejectNote
          : "Sent to the customer with this step, and kept on the timeline."}
      </p>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A group of radio buttons with its legend and error. */
function RadioGroup<Value extends string>({
  id,
  name,
  legend,
  options,
  value,
  error,
  onChange,
}: {
  id: string;
  name: string;
  legend: ReactNode;
  options: Record<Value, string>;
  value: string;
  error: string | undefined;
  onChange?: (value: Value) => void;
}) {
  return (
    <fieldset
      className={`admin-choice${error ? " field--invalid" : ""}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="field__label">{legend}</legend>
      <div className="admin-choice__options">
        {(Object.entries(options) as [Value, string][]).map(([option, label]) => (
          <label key={option} className="checkbox">
            <input
              type="radio"
              name={name}
              value={option}
              defaultChecked={value === option}
              onChange={onChange ? () => onChange(option) : undefined}
            />
            {label}
          </label>
        ))}
      </div>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

const methodOf = (value: string | undefined): ReturnMethod =>
  RETURN_METHODS.find((method) => method === value) ?? "drop_off";

/**
 * Approving says how the parcel comes back. A courier pickup books the courier's reverse pickup at once (own
 * delivery needs the consignment number typed). Without JavaScript the courier's fields stay visible (the
 * method chosen is not known until sent); with it, only for a pickup, and the own-delivery fields only for own.
 */
function ApproveForm({ couriers, failure, submitting }: FormProps & { couriers: Couriers }) {
  const hydrated = useHydrated();
  const [method, setMethod] = useState<ReturnMethod>(methodOf(failure?.values.method));
  const [courier, setCourier] = useState(failure?.values.courier || couriers[0]?.id || "own");
  const errors = failure?.errors ?? {};
  const values = failure?.values ?? {};
  return (
    <StepForm action="approve" title="Approve" button="Approve return" submitting={submitting}>
      <RadioGroup
        id="return-approve-method"
        name="method"
        legend="How it comes back"
        options={RETURN_METHOD_NAMES}
        value={method}
        error={errors.method}
        onChange={setMethod}
      />
      <div className="form-stack" hidden={hydrated && method !== "pickup"}>
        <div className={`field${errors.courier ? " field--invalid" : ""}`}>
          <label className="field__label" htmlFor="return-approve-courier">
            Courier for the pickup
          </label>
          <select
            id="return-approve-courier"
            name="courier"
            className="field__input"
            defaultValue={courier}
            onChange={(event) => setCourier(event.target.value)}
            aria-invalid={errors.courier ? true : undefined}
            aria-describedby={errors.courier ? "return-approve-courier-error" : undefined}
          >
            {couriers.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
                {option.simulated ? " (simulator)" : ""}
              </option>
            ))}
          </select>
          {errors.courier && (
            <p className="field__error" id="return-approve-courier-error">
              {errors.courier}
            </p>
          )}
        </div>
        <fieldset className="admin-choice" hidden={hydrated && courier !== "own"}>
          <legend className="field__label">Own delivery</legend>
          <Field
            id="return-approve-consignment"
            name="consignment_number"
            label="Consignment number"
            maxLength={60}
            defaultValue={values.consignment_number ?? ""}
            error={errors.consignment_number}
          />
          <Field
            id="return-approve-tracking"
            name="tracking_url"
            label="Tracking page"
            type="url"
            optional
            maxLength={500}
            placeholder="https://"
            defaultValue={values.tracking_url ?? ""}
            error={errors.tracking_url}
          />
        </fieldset>
      </div>
      <NoteField action="approve" failure={failure} />
    </StepForm>
  );
}

function RejectForm({ failure, submitting }: FormProps) {
  return (
    <StepForm action="reject" title="Reject" button="Reject return" submitting={submitting} danger>
      <NoteField action="reject" failure={failure} required />
    </StepForm>
  );
}

function InTransitForm({ failure, submitting }: FormProps) {
  return (
    <StepForm action="in_transit" title="On its way back" button="Mark in transit" submitting={submitting}>
      <Field
        id="return-in-transit-consignment"
        name="consignment_number"
        label="Consignment number"
        optional
        maxLength={60}
        defaultValue={failure?.values.consignment_number ?? ""}
        error={failure?.errors.consignment_number}
      />
      <NoteField action="in_transit" failure={failure} />
    </StepForm>
  );
}

/** Each item's condition once the parcel is here: back in stock (the default) or written off. */
function ReceiveForm({ view, failure, submitting }: FormProps) {
  const errors = failure?.errors ?? {};
  return (
    <StepForm action="receive" title="Received" button="Record as received" submitting={submitting}>
      {(errors.items || errors.condition) && (
        <p className="field__error">{errors.items || errors.condition}</p>
      )}
      {view.items.map((item) => {
        const name = `${CONDITION_PREFIX}${item.id}`;
        return (
          <RadioGroup
            key={name}
            id={`return-${name}`}
            name={name}
            legend={
              <>
                {item.quantity} × {item.product_name}{" "}
                <span className="admin-sub">
                  {item.color_name}, {item.size_name}
                </span>
              </>
            }
            options={Object.fromEntries(
              RETURN_CONDITIONS.map((condition) => [condition, RETURN_CONDITION_NAMES[condition]]),
            )}
            value={failure?.values[name] || "restock"}
            error={undefined}
          />
        );
      })}
      <NoteField action="receive" failure={failure} />
    </StepForm>
  );
}

/**
 * Settling closes the return by what the customer asked for: a refund through the payment's provider, or for a
 * transfer staff make themselves (cash orders, wallets without refunds) its reference; the replacement order of
 * an exchange; or a store-credit code.
 */
function SettleForm({ view, failure, submitting }: FormProps) {
  const manualRefund = view.resolution === "refund" && view.refund_through === null;
  const button =
    view.resolution === "exchange"
      ? "Send the replacement"
      : view.resolution === "credit"
        ? `Give ${formatRupees(view.amount)} store credit`
        : manualRefund
          ? `Record the ${formatRupees(view.amount)} refund`
          : `Refund ${formatRupees(view.amount)} through ${view.refund_through}`;
  return (
    <StepForm action="settle" title="Settle" button={button} submitting={submitting}>
      <p className="admin-page__lead">
        {view.resolution === "exchange"
          ? "A replacement order at no charge is made for the new size or colour, ready to ship."
          : view.resolution === "credit"
            ? "A store-credit code for the amount is made and sent to the customer."
            : manualRefund
              ? "Transfer the money to the customer first, then record the transfer's reference."
              : "The money goes back through the payment's provider."}
      </p>
      {manualRefund && (
        <Field
          id="return-settle-reference"
          name="reference"
          label="Transfer reference"
          required
          maxLength={100}
          defaultValue={failure?.values.reference ?? ""}
          error={failure?.errors.reference}
          hint="The bank's or wallet's reference of the transfer that refunds this money."
        />
      )}
      <NoteField action="settle" failure={failure} />
    </StepForm>
  );
}
