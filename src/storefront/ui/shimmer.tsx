/** A grey stand-in for a product card while products load: an image block and three text lines. */
export function ProductCardShimmer({ lines = 3 }: { lines?: number }) {
  return (
    <div className="shimmer-card" aria-hidden="true">
      <div className="shimmer shimmer-card__image" />
      {Array.from({ length: lines }, (_, line) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder lines have nothing but their position
        <div key={line} className="shimmer shimmer-card__line" />
      ))}
    </div>
  );
}

/** `count` shimmer cards laid out like the product grid, announced once to screen readers. */
export function ProductGridShimmer({ count }: { count: number }) {
  return (
    <div className="product-grid" data-testid="product-shimmer">
      <p className="visually-hidden" role="status">
        Loading products…
      </p>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their position
        <ProductCardShimmer key={index} />
      ))}
    </div>
  );
}
