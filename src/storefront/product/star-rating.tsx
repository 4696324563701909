const STAR_PATH = "M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8L12 2.8Z";

/** Five stars filled to `rating` (0–5, fractions shown as partly filled stars). */
export function StarRating({ rating, size = 18 }: { rating: number; size?: number }) {
  const clamped = Math.max(0, Math.min(5, rating));
  return (
    <span className="stars" role="img" aria-label={`Rated ${clamped.toFixed(1)} out of 5`}>
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
