/** Grey stand-ins for cart lines while the cart loads (three rows, like the spec's shimmer placeholders). */
export function CartShimmer({ rows = 3 }: { rows?: number }) {
  return (
    <div className="cart-shimmer" data-testid="cart-shimmer">
      <p className="visually-hidden" role="status">
        Loading your cart…
      </p>
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing but their position
        <div key={row} className="cart-shimmer__row" aria-hidden="true">
          <div className="shimmer cart-shimmer__image" />
          <div className="cart-shimmer__lines">
            <div className="shimmer cart-shimmer__line" />
            <div className="shimmer cart-shimmer__line cart-shimmer__line--short" />
            <div className="shimmer cart-shimmer__line cart-shimmer__line--shorter" />
          </div>
        </div>
      ))}
    </div>
  );
}
