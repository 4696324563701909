import type { InputHTMLAttributes } from "react";
import type { AdminVariant } from "../../../shared/contracts/admin-products.ts";
import type { FilterColor, FilterSize } from "../../../shared/contracts/catalogue.ts";
import { formatRupees } from "../../../shared/money.ts";
import { PRICE_MAX_RUPEES, STOCK_MAX } from "../../../shared/product-admin.ts";
import { SKU_MAX } from "../../../shared/sku.ts";
import { cellField, cellKey, type GridCell } from "./product-form-values.ts";

/**
 * The colour x size grid: a table per colour (its caption the colour), a row per size, with the variant's price
 * in rupees, its stock and its SKU. A row left without a price and stock is a colour and size the product is not
 * sold in. Every input is labelled with its colour, size and column for screen readers, and each cell's problem
 * shows under it.
 */
export function VariantGrid({
  colors,
  sizes,
  cells,
  errors,
  savedVariants,
}: {
  colors: FilterColor[];
  sizes: FilterSize[];
  cells: Record<string, GridCell>;
  errors: Record<string, string>;
  savedVariants: AdminVariant[];
}) {
  if (colors.length === 0 || sizes.length === 0) {
    return (
      <p className="admin-empty">
        Tick at least one colour and one size: a row appears for each pair, with its price, stock and SKU.
      </p>
    );
  }
  return (
    <div className="admin-variant-grid">
      <p className="field__hint">
        Prices in rupees (Rs. 1,250 or 1250.50), before the discount. Leave a row's price and stock empty for
        a colour and size you do not sell. A SKU left empty is made from the slug, colour and size.
      </p>
      {colors.map((color) => (
        <div className="admin-table-wrap" key={color.id}>
          <table className="admin-table admin-variant-table">
            <caption>
              <span className="admin-swatch" style={{ background: color.code }} aria-hidden="true" />{" "}
              {color.title}
            </caption>
            <thead>
              <tr>
                <th scope="col">Size</th>
                <th scope="col">Price (Rs.)</th>
                <th scope="col">Stock</th>
                <th scope="col">SKU</th>
              </tr>
            </thead>
            <tbody>
              {sizes.map((size) => {
                const key = cellKey(color.id, size.id);
                const cell = cells[key];
                const saved = savedVariants.find(
                  (variant) => variant.color_id === color.id && variant.size_id === size.id,
                );
                const label = `${color.title}, ${size.size}`;
                const general = errors[cellField(color.id, size.id, "general")];
                return (
                  <tr key={key}>
                    <th scope="row">
                      {size.size}
                      {general && <p className="field__error">{general}</p>}
                    </th>
                    <td>
                      <GridInput
                        name={cellField(color.id, size.id, "price")}
                        label={`${label}: price in rupees`}
                        defaultValue={cell?.price ?? ""}
                        error={errors[cellField(color.id, size.id, "price")]}
                        inputMode="decimal"
                        maxLength={String(PRICE_MAX_RUPEES).length + 8}
                        hint={
                          saved && saved.sale_price !== saved.price
                            ? `Sells at ${formatRupees(saved.sale_price)}`
                            : undefined
                        }
                      />
                    </td>
                    <td>
                      <GridInput
                        name={cellField(color.id, size.id, "stock")}
                        label={`${label}: stock`}
                        defaultValue={cell?.stock ?? ""}
                        error={errors[cellField(color.id, size.id, "stock")]}
                        inputMode="numeric"
                        type="number"
                        min={0}
                        max={STOCK_MAX}
                        hint={saved?.has_orders ? "Ordered before" : undefined}
                      />
                      {cell?.stockWas ? (
                        <input
                          type="hidden"
                          name={cellField(color.id, size.id, "stockWas")}
                          value={cell.stockWas}
                        />
                      ) : null}
                    </td>
                    <td>
                      <GridInput
                        name={cellField(color.id, size.id, "sku")}
                        label={`${label}: SKU`}
                        defaultValue={cell?.sku ?? ""}
                        error={errors[cellField(color.id, size.id, "sku")]}
                        maxLength={SKU_MAX}
                        className="admin-sku"
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ))}
    </div>
  );
}

function GridInput({
  name,
  label,
  error,
  hint,
  className,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  name: string;
  label: string;
  error: string | undefined;
  hint?: string | undefined;
}) {
  const id = `grid-${name.replaceAll(".", "-")}`;
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ");
  return (
    <div className={`admin-grid-cell${error ? " field--invalid" : ""}`}>
      <input
        id={id}
        name={name}
        aria-label={label}
        className={`field__input${className ? ` ${className}` : ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {hint && (
        <span className="field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="field__error" id={`${id}-error`}>
          {error}
        </span>
      )}
    </div>
  );
}
