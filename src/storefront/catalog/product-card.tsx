import { Link } from "react-router";
import type { ProductCard as ProductCardData } from "../../shared/contracts/catalog.ts";
import { imageVariants } from "../../shared/images.ts";
import { formatRupees } from "../../shared/money.ts";
import { ratingLabel, StarRating } from "../ui/star-rating.tsx";
import { WishlistToggle } from "../wishlist/wishlist-toggle.tsx";

/** Card images fill half the grid on phones, a third on tablets, a quarter on desktops. */
const CARD_SIZES = "(max-width: 767px) 50vw, (max-width: 1199px) 33vw, 300px";

/**
 * A product in a grid: photo (the back view on hover), 'New' and '- {discount}%' badges, the wishlist heart, title,
 * the approved reviews' average and count (when it has any), and price with the struck-through old price when
 * discounted. Images load lazily over a neutral placeholder.
 */
export function ProductCard({ product, eager = false }: { product: ProductCardData; eager?: boolean }) {
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
          loading={eager ? "eager" : "lazy"}
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

/** Products in the responsive grid: 2 per row below 768 px, 3 from medium screens, 4 on wide ones. */
export function ProductGrid({
  products,
  eagerCount = 0,
}: {
  products: ProductCardData[];
  eagerCount?: number;
}) {
  return (
    <div className="product-grid">
      {products.map((product, index) => (
        <ProductCard key={product.id} product={product} eager={index < eagerCount} />
      ))}
    </div>
  );
}
