import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useResultToast } from "../../ui/result-toast.ts";
import { clampQuantity, QuantityStepper } from "./quantity-stepper.tsx";

/** What the product route's action answers: the API's own message, good or bad. */
export interface AddToCartResult {
  ok: boolean;
  message: string;
}

/**
 * The quantity stepper and 'Add To Cart'. It posts to the product route's action through a fetcher (a plain
 * form POST before JavaScript), says 'Adding...' meanwhile, and shows the API's message as a toast; the
 * header's cart count and mini cart refresh through revalidation.
 */
export function AddToCart({
  productId,
  sizeId,
  stock,
  pending,
}: {
  productId: number;
  /** The chosen size option (variant); null while none is chosen. */
  sizeId: number | null;
  /** Stock of the chosen size; null while it is being looked up. */
  stock: number | null;
  /** A colour or size change is loading; stock is unknown until it lands. */
  pending: boolean;
}) {
  const fetcher = useFetcher<AddToCartResult>({ key: "add-to-cart" });
  const [quantity, setQuantity] = useState(1);
  const adding = fetcher.state !== "idle";
  const available = stock ?? 0;
  const canAdd = !pending && sizeId !== null && available > 0;

  // Quantity starts again at 1 for another size, and never exceeds what is in stock.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new size is the trigger, not an input
  useEffect(() => setQuantity(1), [sizeId]);
  useEffect(() => setQuantity((value) => clampQuantity(value, available)), [available]);

  useResultToast(fetcher);

  return (
    <fetcher.Form method="post" className="add-to-cart">
      <input type="hidden" name="id" value={productId} />
      <input type="hidden" name="size" value={sizeId ?? ""} />
      <QuantityStepper value={quantity} max={available} onChange={setQuantity} disabled={!canAdd} />
      <button type="submit" className="button button--large add-to-cart__button" disabled={!canAdd || adding}>
        {adding ? "Adding..." : "Add To Cart"}
      </button>
    </fetcher.Form>
  );
}
