import { Link } from "react-router";
import type { ProductCard as ProductCardData } from "../../../shared/contracts/catalogue.ts";
import { imageVariants } from "../../../shared/images.ts";
import { formatRupees } from "../../../shared/money.ts";
import { ratingLabel, StarRating } from "../../ui/star-rating.tsx";
import { WishlistToggle } from "../wishlist/wishlist-toggle.tsx";

/** Card images fill half the grid on phones, a third on tablets, a quarter on desktops. */
const CARD_SIZES = "(max-width: 767px) 50vw, (max-width: 1199px) 33vw, 300px";

/**
 * How a card's photo loads: `eager` for the first cards of a listing (the page's largest paint), `lazy` as it nears
 * the screen, `late` lazily and after the page's other images: below a hero whose photo is the largest paint, the
 * browser would otherwise raise the cards it sees to high priority and share a slow connection four ways while the
 * hero waits (decision 0034, "The hero first").
 */
export type CardLoading = "eager" | "lazy" | "late";

/**
 * A product in a grid: photo (the back view on hover), 'New' and '- {discount}%' badges, the wishlist heart, title,
 * the approved reviews' average and count (when it has any), and price with the struck-through old price when
 * discounted. Images load lazily over a neutral placeholder.
 */
export function ProductCard({
  product,
  loading = "lazy",
}: {
  product: ProductCardData;
  loading?: CardLoading;
}) {
  const front = imageVariants(product.image);
  const back = product.back_image ? imageVariants(product.back_image) : null;
  const discounted = product.discount_price !== null;

  return (
    <article className="product-card">
      <div className="product-card__media">
        <img
          className="product-card__image"
          src={front.src}
          srcSet={front.srcSet}
          sizes={CARD_SIZES}
          width={800}
          height={800}
          alt=""
          loading={loading === "eager" ? "eager" : "lazy"}
          fetchPriority={loading === "late" ? "low" : undefined}
          decoding="async"
        />
        {back && (
          <img
            className="product-card__image product-card__image--back"
            src={back.src}
            srcSet={back.srcSet}
            sizes={CARD_SIZES}
            width={800}
            height={800}
            alt=""
            loading="lazy"
            fetchPriority="low"
            decoding="async"
          />
        )}
        <div className="product-card__badges">
          {product.new_arrival && <span className="badge badge--new">New</span>}
          {discounted && <span className="badge badge--sale">- {product.discount}%</span>}
        </div>
        <WishlistToggle productId={product.id} title={product.title} />
      </div>
      <div className="product-card__body">
        <h3 className="product-card__title">
          <Link to={`/product/${product.slug}`} className="product-card__link">
            {product.title}
          </Link>
        </h3>
        {product.reviews > 0 && (
          <p className="product-card__rating">
            <StarRating
              rating={product.rating}
              size={14}
              label={ratingLabel(product.rating, product.reviews)}
            />
            <span aria-hidden="true">({product.reviews})</span>
          </p>
        )}
        <p className="price">
          <span className="price__current">{formatRupees(product.discount_price ?? product.price)}</span>
          {discounted && (
            <del className="price__old">
              <span className="visually-hidden">Was </span>
              {formatRupees(product.price)}
            </del>
          )}
        </p>
      </div>
    </article>
  );
}

/**
 * Products in the responsive grid: 2 per row below 768 px, 3 from medium screens, 4 on wide ones. The first
 * `eagerCount` photos load at once; the rest as `loading` says.
 */
export function ProductGrid({
  products,
  eagerCount = 0,
  loading = "lazy",
}: {
  products: ProductCardData[];
  eagerCount?: number;
  loading?: Exclude<CardLoading, "eager">;
}) {
  return (
    <div className="product-grid">
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} loading={index < eagerCount ? "eager" : loading} />
      ))}
    </div>
  );
}
