const STAR_PATH = "M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8L12 2.8Z";

/** "4.5 out of 5, 12 reviews": how a product's rating reads aloud (and to tests). */
export function ratingLabel(rating: number, reviews: number): string {
  if (reviews === 0) return "No reviews yet";
  return `${formatRating(rating)} out of 5, ${reviewCount(reviews)}`;
}

/** "4.5", "4" (one decimal at most, as the API sends it). */
export function formatRating(rating: number): string {
  return String(Math.round(Math.max(0, Math.min(5, rating)) * 10) / 10);
}

/** "1 review", "12 reviews". */
export function reviewCount(count: number): string {
  return `${count} ${count === 1 ? "review" : "reviews"}`;
}

/**
 * Five stars filled to `rating` (0–5, fractions shown as partly filled stars), read as `label` by screen readers
 * ("Rated 4 out of 5" unless given).
 */
export function StarRating({ rating, size = 18, label }: { rating: number; size?: number; label?: string }) {
  const clamped = Math.max(0, Math.min(5, rating));
  return (
    <span className="stars" role="img" aria-label={label ?? `Rated ${formatRating(clamped)} out of 5`}>
      {[0, 1, 2, 3, 4].map((star) => {
        const fill = Math.max(0, Math.min(1, clamped - star));
        return (
          <span key={star} className="stars__star" style={{ width: size, height: size }}>
            <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" className="stars__empty">
              <path d={STAR_PATH} />
            </svg>
            <span className="stars__fill" style={{ width: `${fill * 100}%` }}>
              <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
                <path d={STAR_PATH} />
              </svg>
            </span>
          </span>
        );
      })}
    </span>
  );
}

/** The star outline used by the review form's rating choices. */
export function StarIcon({ size = 28 }: { size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path d={STAR_PATH} />
    </svg>
  );
}
