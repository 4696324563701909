import { type KeyboardEvent, useRef } from "react";
import type { CartSummary } from "../../../shared/contracts/cart.ts";
import { CODE_MAX } from "../../../shared/contracts/coupons.ts";
import type { CouponOutcome } from "./coupon-outcome.ts";

/**
 * The 'Discount code' field with its Apply button, or, when the cart holds a code, the API's sentence about it.
 * It renders no form of its own: the cart page wraps it in one, the checkout page keeps it inside the checkout
 * form so that, without JavaScript, applying a code sends (and gets back) everything typed. A refusal shows the
 * API's sentence under the field, which keeps what was typed.
 */
export function CouponField({
  applied,
  outcome,
  pending,
}: {
  applied: CartSummary["coupon"];
  outcome: CouponOutcome | undefined;
  pending: boolean;
}) {
  const error = outcome && !outcome.ok ? outcome.message : undefined;
  const apply = useRef<HTMLButtonElement>(null);
  // Enter in the code's field applies it, also inside the checkout form, whose own default is Place Order.
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter" || !apply.current) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit(apply.current);
  }
  if (applied) {
    return (
      <p className="coupon-applied" role="status" data-testid="coupon-applied">
        {outcome?.ok ? outcome.message : `Code ${applied.code} applied.`} {applied.description}
      </p>
    );
  }
  return (
    <div className={`field coupon-field${error ? " field--invalid" : ""}`}>
      <label className="field__label" htmlFor="field-code">
        Discount code
      </label>
      <div className="coupon-field__row">
        <input
          id="field-code"
          name="code"
          className="field__input"
          defaultValue={outcome?.code}
          maxLength={CODE_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "field-code-error" : undefined}
          onKeyDown={onKeyDown}
        />
        <button
          ref={apply}
          type="submit"
          name="intent"
          value="apply-coupon"
          className="button button--outline"
          aria-busy={pending || undefined}
          disabled={pending}
        >
          Apply
        </button>
      </div>
      {error && (
        <p className="field__error" id="field-code-error" role="alert">
          {error}
        </p>
      )}
      {outcome?.ok && (
        <p className="coupon-field__status" role="status">
          {outcome.message}
        </p>
      )}
    </div>
  );
}

/** The Discount line's 'Remove': a submit button, inside the page's own form for it. */
export function RemoveCouponButton({ code, pending }: { code: string; pending: boolean }) {
  return (
    <button
      type="submit"
      name="intent"
      value="remove-coupon"
      className="coupon-remove"
      aria-label={`Remove code ${code}`}
      disabled={pending}
    >
      Remove
    </button>
  );
}
