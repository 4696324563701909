import { Form } from "react-router";
import type { OrderReturns } from "../../../shared/contracts/returns.ts";
import { formatRupees } from "../../../shared/money.ts";
import {
  RETURN_MESSAGES,
  RETURN_PHOTO_ACCEPT,
  RETURN_REASON_NAMES,
  RETURN_REASONS,
  RETURN_RESOLUTION_NAMES,
  RETURN_RESOLUTIONS,
} from "../../../shared/returns.ts";
import { FormAlert } from "../../ui/forms/field.tsx";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import {
  exchangeField,
  quantityField,
  RETURN_PAGE_WORDS,
  type ReturnRequestResult,
} from "./return-request.ts";

type Item = OrderReturns["items"][number];

/** A field's error under it, tied to its control by id. */
function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p className="field__error" id={id}>
      {error}
    </p>
  ) : null;
}

/** One radio per option, in the shop's choice rows, the one chosen before checked. */
function Choices<Option extends string>({
  name,
  options,
  names,
  chosen,
}: {
  name: string;
  options: readonly Option[];
  names: Record<Option, string>;
  chosen: string | undefined;
}) {
  return options.map((option) => (
    <label key={option} className="payment-choice__option">
      <input
        type="radio"
        name={name}
        value={option}
        defaultChecked={chosen === option}
        className="payment-choice__radio"
      />
      <span className="payment-choice__name">{names[option]}</span>
    </label>
  ));
}

/**
 * The request form: how many of each item, why, what the shopper wants instead (for an exchange, the size or
 * colour per item), and photos. It works without JavaScript: the exchange selects are always in the form (CSS
 * shows them once "exchange" is chosen, and the server ignores them otherwise). A refusal shows at its field and
 * the form keeps what was chosen: with JavaScript the page stays as it was; without, `result.values` refill it.
 */
export function ReturnRequestForm({
  items,
  result,
}: {
  items: Item[];
  result: ReturnRequestResult | undefined;
}) {
  const submitting = useSubmitting();
  const errors = result?.errors ?? {};
  const values = result?.values;
  return (
    <Form method="post" encType="multipart/form-data" className="return-form" aria-busy={submitting}>
      {result?.message && <FormAlert kind="error">{result.message}</FormAlert>}
      <fieldset className="form-section" aria-describedby={errors.items ? "return-items-error" : undefined}>
        <legend className="form-section__title">What are you returning?</legend>
        <FieldError id="return-items-error" error={errors.items} />
        <ul className="return-items">
          {items.map((item) => (
            <ReturnItem key={item.order_item_id} item={item} chosen={values?.items} />
          ))}
        </ul>
      </fieldset>
      <fieldset className="form-section payment-choice">
        <legend className="form-section__title">Why are you returning it?</legend>
        <FieldError id="return-reason-error" error={errors.reason} />
        <Choices name="reason" options={RETURN_REASONS} names={RETURN_REASON_NAMES} chosen={values?.reason} />
        <div className={`field${errors.reason_text ? " field--invalid" : ""}`}>
          <label className="field__label" htmlFor="field-reason_text">
            Details <span className="field__optional">(required for "{RETURN_REASON_NAMES.other}")</span>
          </label>
          <textarea
            id="field-reason_text"
            name="reason_text"
            className="field__input"
            rows={3}
            maxLength={1000}
            defaultValue={values?.reason_text}
            aria-invalid={errors.reason_text ? true : undefined}
            aria-describedby={errors.reason_text ? "field-reason_text-error" : undefined}
          />
          <FieldError id="field-reason_text-error" error={errors.reason_text} />
        </div>
      </fieldset>
      <fieldset className="form-section payment-choice">
        <legend className="form-section__title">What would you like instead?</legend>
        <FieldError id="return-resolution-error" error={errors.resolution} />
        <Choices
          name="resolution"
          options={RETURN_RESOLUTIONS}
          names={RETURN_RESOLUTION_NAMES}
          chosen={values?.resolution}
        />
      </fieldset>
      <div className={`field${errors.photos ? " field--invalid" : ""}`}>
        <label className="field__label" htmlFor="field-photos">
          Photos <span className="field__optional">(optional)</span>
        </label>
        <input
          id="field-photos"
          name="photos"
          type="file"
          multiple
          accept={RETURN_PHOTO_ACCEPT}
          className="field__input"
          aria-invalid={errors.photos ? true : undefined}
          aria-describedby={`field-photos-hint${errors.photos ? " field-photos-error" : ""}`}
        />
        <p className="field__hint" id="field-photos-hint">
          {RETURN_PAGE_WORDS.photosHint}
        </p>
        <FieldError id="field-photos-error" error={errors.photos} />
      </div>
      <button type="submit" className="button" disabled={submitting}>
        {submitting ? "Sending..." : "Ask for a return"}
      </button>
    </Form>
  );
}

/** One order item: its quantity to return (none by default), or why it cannot be; and its exchange choice. */
function ReturnItem({ item, chosen }: { item: Item; chosen: Record<string, string> | undefined }) {
  const id = item.order_item_id;
  const quantityId = `field-${quantityField(id)}`;
  const exchangeId = `field-${exchangeField(id)}`;
  const noteId = `${quantityId}-note`;
  const blocked = item.returnable === 0;
  return (
    <li className={`return-item${blocked ? " return-item--blocked" : ""}`}>
      <div className="return-item__text">
        <span className="return-item__name">{item.product_name}</span>
        <span className="return-item__meta">
          {item.color_name} / {item.size_name} · {formatRupees(item.unit_amount)} each · bought {item.bought}
        </span>
        {blocked && (
          <span className="return-item__note" id={noteId}>
            {item.final_sale ? RETURN_PAGE_WORDS.finalSale : RETURN_MESSAGES.tooMany(item.product_name, 0)}
          </span>
        )}
      </div>
      <div className="field return-item__quantity">
        <label className="field__label" htmlFor={quantityId}>
          Quantity<span className="visually-hidden"> of {item.product_name} to return</span>
        </label>
        <select
          id={quantityId}
          name={quantityField(id)}
          className="field__input"
          disabled={blocked}
          defaultValue={chosen?.[quantityField(id)] ?? "0"}
          aria-describedby={blocked ? noteId : undefined}
        >
          {[...Array(item.returnable + 1).keys()].map((quantity) => (
            <option key={quantity} value={quantity}>
              {quantity}
            </option>
          ))}
        </select>
      </div>
      {!blocked && item.exchange_options.length > 0 && (
        <div className="field return-item__exchange">
          <label className="field__label" htmlFor={exchangeId}>
            {RETURN_PAGE_WORDS.exchangeLabel}
            <span className="visually-hidden"> of {item.product_name}</span>
          </label>
          <select
            id={exchangeId}
            name={exchangeField(id)}
            className="field__input"
            defaultValue={chosen?.[exchangeField(id)] ?? ""}
          >
            <option value="">{RETURN_PAGE_WORDS.exchangeNone}</option>
            {item.exchange_options.map((option) => (
              <option key={option.variant_id} value={option.variant_id} disabled={!option.in_stock}>
                {option.color_name} / {option.size_name}
                {option.in_stock ? "" : ` ${RETURN_PAGE_WORDS.soldOut}`}
              </option>
            ))}
          </select>
        </div>
      )}
    </li>
  );
}
