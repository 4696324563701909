import { useState } from "react";
import { MinusIcon, PlusIcon } from "../../ui/icons.tsx";

/** Keeps a quantity within 1..max (spec: quantity starts at 1, never below 1, never above the stock). */
export function clampQuantity(value: number, max: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(Math.max(1, Math.trunc(value)), Math.max(1, max));
}

/** Minus, the quantity, plus. The field is named `quantity` so the add-to-cart form posts it. */
export function QuantityStepper({
  value,
  max,
  onChange,
  disabled = false,
}: {
  value: number;
  max: number;
  onChange: (value: number) => void;
  disabled?: boolean;
}) {
  // What the shopper is typing; the quantity itself is clamped and settles when the field loses focus.
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <div className="stepper">
      <button
        type="button"
        className="stepper__button"
        aria-label="Decrease quantity"
        disabled={disabled || value <= 1}
        onClick={() => onChange(clampQuantity(value - 1, max))}
      >
        <MinusIcon size={18} />
      </button>
      <label htmlFor="quantity" className="visually-hidden">
        Quantity
      </label>
      <input
        id="quantity"
        className="stepper__input"
        type="number"
        name="quantity"
        inputMode="numeric"
        min={1}
        max={Math.max(1, max)}
        value={draft ?? String(value)}
        disabled={disabled}
        onChange={(event) => {
          const typed = event.currentTarget.valueAsNumber;
          if (!Number.isFinite(typed)) {
            setDraft(event.currentTarget.value);
            return;
          }
          const clamped = clampQuantity(typed, max);
          setDraft(String(clamped));
          onChange(clamped);
        }}
        onBlur={() => setDraft(null)}
      />
      <button
        type="button"
        className="stepper__button"
        aria-label="Increase quantity"
        disabled={disabled || value >= max}
        onClick={() => onChange(clampQuantity(value + 1, max))}
      >
        <PlusIcon size={18} />
      </button>
    </div>
  );
}
