import { type FormEvent, useEffect, useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import type { CartLine, CartSummary } from "../../../shared/contracts/cart.ts";
import { SHIPPING_COUNTRIES } from "../../../shared/contracts/checkout.ts";
import type { OfferedPaymentMethod } from "../../../shared/contracts/payments.ts";
import { formText } from "../../ui/forms/api-errors.ts";
import { Field, FormAlert } from "../../ui/forms/field.tsx";
import { CouponField, RemoveCouponButton } from "../coupons/coupon-form.tsx";
import { COUPON_FETCHER, isCouponIntent } from "../coupons/coupon-outcome.ts";
import {
  CHECKOUT_FIELDS,
  type CheckoutValues,
  checkoutValues,
  IDEMPOTENCY_FIELD,
  validateCheckout,
} from "./checkout-fields.ts";
import type { CheckoutFailure } from "./checkout-result.ts";
import { OrderSummary } from "./order-summary.tsx";
import { PaymentChoice } from "./payment-choice.tsx";

export interface Prefill {
  email: string;
  phone: string;
  first_name: string;
  last_name: string;
}

/**
 * The checkout form. With JavaScript the spec's checks run before anything is sent and the button shows
 * 'Processing...'; without it the server answers with the same messages. `noValidate` keeps the browser's own
 * bubbles from replacing the spec's wording.
 *
 * The discount code's Apply and Remove are submit buttons of this same form (`intent`), so that without
 * JavaScript applying a code sends everything typed and the page comes back with it; with JavaScript they go
 * through a fetcher instead, and the form is left alone.
 */
export function CheckoutForm({
  lines,
  figures,
  prefill,
  failure,
  idempotencyKey,
  methods = [],
}: {
  lines: CartLine[];
  figures: CartSummary;
  prefill: Prefill | null;
  failure: CheckoutFailure | undefined;
  /** This attempt's key: a second submit of the same form places no second order. */
  idempotencyKey: string;
  /** The ways to pay the shop offers, cash on delivery first; with none but it, no choice is shown. */
  methods?: readonly OfferedPaymentMethod[];
}) {
  const navigation = useNavigation();
  const processing =
    navigation.state !== "idle" &&
    navigation.formMethod?.toUpperCase() === "POST" &&
    navigation.formAction?.split("?")[0] === "/checkout";
  const [errors, setErrors] = useState<Record<string, string>>(failure?.errors ?? {});
  useEffect(() => setErrors(failure?.errors ?? {}), [failure]);

  const initial: Partial<CheckoutValues> = failure?.values ?? prefill ?? {};

  // With JavaScript a code goes through its own fetcher: the page, and everything typed in it, stays as it is.
  const coupon = useFetcher<CheckoutFailure>({ key: COUPON_FETCHER });
  const couponPending = coupon.state !== "idle";
  const couponOutcome = coupon.data?.coupon ?? failure?.coupon;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const intent = submitter?.getAttribute("name") === "intent" ? submitter.getAttribute("value") : null;
    if (isCouponIntent(intent)) {
      event.preventDefault();
      const code = formText(new FormData(event.currentTarget), "code");
      coupon.submit({ intent, code }, { method: "post", action: "/checkout" });
      return;
    }
    const found = validateCheckout(checkoutValues(new FormData(event.currentTarget)));
    setErrors(found);
    const first = CHECKOUT_FIELDS.find((field) => found[field]);
    if (first) {
      event.preventDefault();
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    }
  }

  /** A field's error goes away as soon as the shopper changes it. */
  function onInput(event: FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name;
    if (name && errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
  }

  const field = (name: keyof CheckoutValues) => ({ name, defaultValue: initial[name], error: errors[name] });

  return (
    <Form
      method="post"
      action="/checkout"
      noValidate
      className="checkout-layout"
      onSubmit={onSubmit}
      onInput={onInput}
    >
      {/* The form's default button: Enter in any field places the order, never applies or removes a code. */}
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        Place Order
      </button>
      <div className="checkout-layout__form">
        {failure?.formError && <FormAlert kind="error">{failure.formError}</FormAlert>}
        <fieldset className="form-section">
          <legend className="form-section__title">Contact</legend>
          <div className="form-row">
            <Field {...field("email")} label="Email" type="email" autoComplete="email" />
            <Field {...field("phone")} label="Phone" type="tel" autoComplete="tel" />
          </div>
        </fieldset>
        <fieldset className="form-section">
          <legend className="form-section__title">Shipping address</legend>
          <div className="field">
            <label className="field__label" htmlFor="field-country">
              Country
            </label>
            <select id="field-country" name="country" className="field__input" defaultValue="Pakistan">
              {SHIPPING_COUNTRIES.map((country) => (
                <option key={country} value={country}>
                  {country}
                </option>
              ))}
            </select>
          </div>
          <div className="form-row">
            <Field {...field("first_name")} label="First Name" autoComplete="given-name" />
            <Field {...field("last_name")} label="Last Name" autoComplete="family-name" />
          </div>
          <Field
            {...field("address")}
            label="Address"
            placeholder="House number and street name"
            autoComplete="address-line1"
          />
          <Field
            {...field("address_2")}
            label="Apartment, suite, unit"
            optional
            placeholder="Apartment, suite, unit, etc."
            autoComplete="address-line2"
          />
          <div className="form-row">
            <Field {...field("city")} label="City" autoComplete="address-level2" />
            <Field
              {...field("postcode")}
              label="Postcode"
              optional
              autoComplete="postal-code"
              inputMode="numeric"
            />
          </div>
        </fieldset>
        <fieldset className="form-section">
          <legend className="form-section__title">Additional information</legend>
          <div className="field">
            <label className="field__label" htmlFor="field-notes">
              Order notes <span className="field__optional">(optional)</span>
            </label>
            <textarea
              id="field-notes"
              name="notes"
              className="field__input"
              rows={4}
              placeholder="Notes about your order, e.g. special notes for delivery."
              defaultValue={initial.notes}
            />
          </div>
        </fieldset>
      </div>
      <div className="checkout-layout__summary">
        <OrderSummary
          lines={lines}
          figures={figures}
          coupon={<CouponField applied={figures.coupon} outcome={couponOutcome} pending={couponPending} />}
          remove={figures.coupon && <RemoveCouponButton code={figures.coupon.code} pending={couponPending} />}
        >
          <input type="hidden" name="total" value={figures.total} />
          <input type="hidden" name={IDEMPOTENCY_FIELD} value={idempotencyKey} />
          {methods.length > 1 ? (
            <PaymentChoice methods={methods} chosen={initial.payment_method} />
          ) : (
            <p className="summary-card__note">
              Payment on delivery: nothing is charged online. You pay when your order arrives.
            </p>
          )}
          <button type="submit" className="button button--block button--large" disabled={processing}>
            {processing ? "Processing..." : "Place Order"}
          </button>
          <p className="summary-card__fineprint">
            A confirmation email is sent to the address above as soon as your order is placed.
          </p>
        </OrderSummary>
      </div>
    </Form>
  );
}
