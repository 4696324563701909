import { Link } from "react-router";
import type { ProductColor, SizeOption } from "../../../shared/contracts/catalogue.ts";
import type { ProductSizeChart } from "../../../shared/contracts/product-details.ts";
import { SizeChartButton } from "./size-chart.tsx";

/** The product URL for a colour (its first size) or a colour and size: the choice lives in the URL. */
export function variantHref(slug: string, colorId: number, sizeId?: number): string {
  const query = new URLSearchParams({ color: String(colorId) });
  if (sizeId !== undefined) query.set("size", String(sizeId));
  return `/product/${slug}?${query}`;
}

/**
 * Colour choices (only when there is more than one) and size choices (only when there is more than one), with the
 * "Size chart" button beside the sizes when a chart applies to the product.
 * Each is a link that replaces the URL without scrolling, so a choice works without JavaScript, can be shared,
 * and makes the loader fetch that colour's sizes.
 */
export function VariantOptions({
  slug,
  colors,
  sizes,
  colorId,
  sizeId,
  loadingSizes,
  sizeChart = null,
}: {
  slug: string;
  colors: ProductColor[];
  sizes: SizeOption[];
  colorId: number | null;
  sizeId: number | null;
  loadingSizes: boolean;
  sizeChart?: ProductSizeChart | undefined;
}) {
  const color = colors.find((item) => item.color_id === colorId);
  const size = sizes.find((item) => item.id === sizeId);

  return (
    <>
      {colors.length > 1 && (
        <fieldset className="variant">
          <legend className="variant__label">
            Colour: <strong>{color?.color_name}</strong>
          </legend>
          <ul className="variant__options">
            {colors.map((item) => (
              <li key={item.color_id}>
                <Link
                  to={variantHref(slug, item.color_id)}
                  replace
                  preventScrollReset
                  className="swatch-option"
                  aria-current={item.color_id === colorId ? "true" : undefined}
                  aria-label={item.color_name}
                  title={item.color_name}
                >
                  <span className="swatch" style={{ backgroundColor: item.color_code }} />
                </Link>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {colorId !== null && sizes.length > 1 && (
        <fieldset className="variant" aria-busy={loadingSizes}>
          <legend className="variant__label">
            Size: <strong>{loadingSizes ? "…" : size?.size_name}</strong>
          </legend>
          <ul className={`variant__options${loadingSizes ? " is-loading" : ""}`}>
            {sizes.map((item) => (
              <li key={item.id}>
                <Link
                  to={variantHref(slug, colorId, item.id)}
                  replace
                  preventScrollReset
                  className={`size-option${item.stock <= 0 ? " is-sold-out" : ""}`}
                  aria-current={item.id === sizeId ? "true" : undefined}
                  aria-label={item.stock <= 0 ? `${item.size_name} (out of stock)` : item.size_name}
                >
                  {item.size_name}
                </Link>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      {sizeChart && <SizeChartButton chart={sizeChart} />}
    </>
  );
}
