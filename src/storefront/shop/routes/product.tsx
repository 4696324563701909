import { type MouseEvent, useState } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  redirect,
  useActionData,
  useLocation,
  useNavigation,
  useRouteError,
} from "react-router";
import { addToCartSchema } from "../../../shared/contracts/cart.ts";
import type { SizeOption } from "../../../shared/contracts/catalogue.ts";
import { DEFAULT_PRODUCT_IMAGE } from "../../../shared/images.ts";
import { formatPlainAmount, formatRupees } from "../../../shared/money.ts";
import { apiContext, siteContext } from "../../lib/api.server.ts";
import productStyles from "../../styles/product.css?url";
import { Breadcrumb } from "../../ui/breadcrumb.tsx";
import { formFields } from "../../ui/forms/api-errors.ts";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { CONNECTION_FAILED, SOMETHING_WENT_WRONG, submitOrFail } from "../../ui/forms/submission.ts";
import { shopNameOf } from "../../ui/site.ts";
import { ratingLabel, reviewCount, StarRating } from "../../ui/star-rating.tsx";
import { SocialLinks } from "../layout/site-footer.tsx";
import { AddToCart, type AddToCartResult } from "../product/add-to-cart.tsx";
import { photosOf } from "../product/gallery-photos.ts";
import { plainText, sanitizeDescription } from "../product/product.server.ts";
import { ProductGallery } from "../product/product-gallery.tsx";
import { ProductTabs, type TabId } from "../product/product-tabs.tsx";
import { REVIEW_FALLBACK_MESSAGE, REVIEW_FIELDS, type ReviewFormResult } from "../product/review-form.tsx";
import { readReviewer, reviewerData } from "../product/reviewer-data.ts";
import { loadReviews, submitReview } from "../product/reviews.server.ts";
import { REVIEWS_PAGE_PARAM, ReviewsSection } from "../product/reviews-section.tsx";
import { requestStockAlert } from "../product/stock-alert.server.ts";
import { STOCK_ALERT_INTENT, StockAlertForm, type StockAlertResult } from "../product/stock-alert-form.tsx";
import { VariantOptions } from "../product/variant-options.tsx";
import { SaleCountdown } from "../sale-countdown.tsx";
import { WishlistToggle } from "../wishlist/wishlist-toggle.tsx";
import type { Route } from "./+types/product";

// product.css brings the reviews' pagination with it (styles/pagination.css, shared with shop.css): a second
// stylesheet would share the connection with the product photo during the first paint (decision 0034).
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: productStyles }];

/** The query parameter that opens the page on one of its tabs (before JavaScript, tabs are links). */
const TAB_PARAM = "tab";

const NO_PRODUCT = "No Product Found";
const NO_LONGER_AVAILABLE = "This product is no longer available";

function positiveId(value: string | null): number | null {
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/**
 * The product, its chosen colour (?color=, else the one the API says it opens on: the first with stock) and that
 * colour's sizes with the chosen size (?size=, else the colour's first size in stock, as the API names it), and
 * its approved reviews (?reviews_page=) with the signed-in shopper's standing. An unknown slug is a 404; a failed
 * product or size call shows 'No Product Found'; failed reviews leave the rest of the page. A product's old slug
 * answers 301 to its current one; an archived product is a 410 page saying it is no longer available.
 */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const [response, reviews] = await Promise.all([
    api.call("getProduct", { params: { slug: params.slug } }),
    loadReviews(api, params.slug, url),
  ]);
  if (response.status === 410) throw data({ message: NO_LONGER_AVAILABLE }, { status: 410 });
  if (!response.ok) throw data({ message: NO_PRODUCT }, { status: response.status === 404 ? 404 : 502 });
  if (response.data.slug !== params.slug) throw redirect(`/product/${response.data.slug}${url.search}`, 301);
  const product = {
    ...response.data,
    short_description: sanitizeDescription(response.data.short_description),
  };

  const wantedColor = positiveId(url.searchParams.get("color"));
  const color =
    product.colors.find((item) => item.color_id === wantedColor) ??
    product.colors.find((item) => item.color_id === product.default_color_id) ??
    product.colors[0] ??
    null;
  let sizes: SizeOption[] = [];
  if (color) {
    const sizeResponse = await api.call("listSizes", {
      params: { productId: String(product.id), colorId: String(color.color_id) },
    });
    if (!sizeResponse.ok) throw data({ message: NO_PRODUCT }, { status: 502 });
    sizes = sizeResponse.data;
  }
  const wantedSize = positiveId(url.searchParams.get("size"));
  const size =
    sizes.find((item) => item.id === wantedSize) ??
    sizes.find((item) => item.id === color?.default_variation_id) ??
    sizes[0] ??
    null;

  return {
    product,
    sizes,
    colorId: color?.color_id ?? null,
    sizeId: size?.id ?? null,
    summary: plainText(product.short_description),
    inStock: sizes.some((item) => item.stock > 0),
    origin: context.get(siteContext).publicUrl,
    reviews: reviews.list,
    reviewer: reviewerData(api.signedIn, reviews.standing),
    openOn: (url.searchParams.get(TAB_PARAM) === "reviews" || url.searchParams.has(REVIEWS_PAGE_PARAM)
      ? "reviews"
      : "description") as TabId,
  };
}

/**
 * The page's three forms: the review form (`intent=review`), "Notify me when it's back" on a sold-out size
 * (`intent=stock-alert`) and otherwise Add To Cart, which adds the chosen size to the cart through the API and
 * answers with the API's message.
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  const form = await readForm(request);
  if (form.get("intent") === "review") return submitReview(context.get(apiContext), params.slug, form);
  if (form.get("intent") === STOCK_ALERT_INTENT) return requestStockAlert(context.get(apiContext), form);
  const quantity = form.get("quantity");
  const parsed = addToCartSchema.safeParse({
    id: form.get("id"),
    size: form.get("size"),
    quantity: quantity === null || quantity === "" ? 1 : quantity,
  });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Please choose a size.";
    return data<AddToCartResult>({ ok: false, message }, { status: 422 });
  }
  const api = context.get(apiContext);
  const response = await api.call("addToCart", { body: parsed.data });
  const message = response.data.message || SOMETHING_WENT_WRONG;
  return data<AddToCartResult>({ ok: response.ok, message }, { status: response.ok ? 200 : response.status });
}

/**
 * Spec section 8: a failed Add To Cart toasts; with no answer at all, the spec's connection message. A review or
 * a "Notify me" request that got no answer says so and keeps what was typed.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    ({ noResponse, message }, form): AddToCartResult | ReviewFormResult | StockAlertResult => {
      const intent = form.get("intent");
      if (intent === "review")
        return {
          intent: "review",
          ok: false,
          message: noResponse ? CONNECTION_FAILED : message || REVIEW_FALLBACK_MESSAGE,
          errors: {},
          values: formFields(form, REVIEW_FIELDS),
        };
      if (intent === STOCK_ALERT_INTENT)
        return {
          intent: STOCK_ALERT_INTENT,
          ok: false,
          message: noResponse ? CONNECTION_FAILED : message || SOMETHING_WENT_WRONG,
          email: String(form.get("email") ?? ""),
          phone: String(form.get("phone") ?? ""),
        };
      return { ok: false, message: noResponse ? CONNECTION_FAILED : message || SOMETHING_WENT_WRONG };
    },
  );
}

export const meta: Route.MetaFunction = ({ loaderData, error, matches }) => {
  if (!loaderData) {
    const gone = isRouteErrorResponse(error) && error.status === 410;
    return [
      { title: `${gone ? NO_LONGER_AVAILABLE : NO_PRODUCT} | ${shopNameOf(matches)}` },
      { name: "robots", content: "noindex" },
    ];
  }
  const { product, summary, origin, inStock } = loaderData;
  const url = `${origin}/product/${product.slug}`;
  // Absolute already when the images come from a public base (S3_PUBLIC_URL), else on the shop's origin.
  const images = [product.image ?? DEFAULT_PRODUCT_IMAGE, ...product.gallery].map(
    (image) => new URL(image, origin).href,
  );
  const price = formatPlainAmount(product.discount_price ?? product.price);
  return [
    { title: `${product.title} | ${shopNameOf(matches)}` },
    { name: "description", content: summary },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "product" },
    { property: "og:site_name", content: shopNameOf(matches) },
    { property: "og:title", content: product.title },
    { property: "og:description", content: summary },
    { property: "og:url", content: url },
    { property: "og:image", content: images[0] },
    { property: "product:price:amount", content: price },
    { property: "product:price:currency", content: "PKR" },
    { name: "twitter:card", content: "summary_large_image" },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Product",
        name: product.title,
        description: summary,
        image: [...new Set(images)],
        sku: String(product.id),
        category: product.category.name,
        brand: { "@type": "Brand", name: shopNameOf(matches) },
        offers: {
          "@type": "Offer",
          url,
          priceCurrency: "PKR",
          price,
          availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
          itemCondition: "https://schema.org/NewCondition",
        },
        ...(product.reviews > 0
          ? {
              aggregateRating: {
                "@type": "AggregateRating",
                ratingValue: product.rating,
                reviewCount: product.reviews,
                bestRating: 5,
                worstRating: 1,
              },
            }
          : {}),
      },
    },
  ];
};

export default function Product({ loaderData }: Route.ComponentProps) {
  const { product, sizes, colorId, sizeId, reviews, openOn } = loaderData;
  const { signedIn, standing } = readReviewer(loaderData.reviewer);
  const navigation = useNavigation();
  const location = useLocation();
  const actionResult = useActionData<typeof action>();
  const reviewResult =
    actionResult && "intent" in actionResult && actionResult.intent === "review" ? actionResult : undefined;
  const stockAlertResult =
    actionResult && "intent" in actionResult && actionResult.intent === STOCK_ALERT_INTENT
      ? actionResult
      : undefined;
  const noScriptResult = actionResult && !("intent" in actionResult) ? actionResult : undefined;
  // The open tab belongs to this product: another product (same route, new slug) opens as its URL says.
  const [chosen, setChosen] = useState({ slug: product.slug, tab: openOn });
  const tab = chosen.slug === product.slug ? chosen.tab : openOn;
  const setTab = (next: TabId) => setChosen({ slug: product.slug, tab: next });

  /** This page (its colour and size kept) opened on a tab, or on a page of reviews. */
  const pageHref = (tab: TabId, reviewsPage?: number) => {
    const search = new URLSearchParams(location.search);
    search.delete(TAB_PARAM);
    search.delete(REVIEWS_PAGE_PARAM);
    if (reviewsPage !== undefined && reviewsPage > 1) search.set(REVIEWS_PAGE_PARAM, String(reviewsPage));
    else if (tab === "reviews") search.set(TAB_PARAM, "reviews");
    const query = search.toString();
    return `${location.pathname}${query ? `?${query}` : ""}#${reviewsPage === undefined ? "product-tabs" : "panel-reviews"}`;
  };
  const reviewsHref = pageHref("reviews");
  const openReviews = (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setTab("reviews");
    document.getElementById("product-tabs")?.scrollIntoView({ behavior: "smooth", block: "start" });
    document.getElementById("tab-reviews")?.focus({ preventScroll: true });
  };

  // While another colour or size loads, show the choice at once and hold back stock until it lands.
  const pendingHere =
    navigation.state === "loading" && navigation.location.pathname === `/product/${product.slug}`;
  const pendingQuery = pendingHere ? new URLSearchParams(navigation.location.search) : null;
  const pendingColorId = Number(pendingQuery?.get("color")) || null;
  const loadingSizes = pendingColorId !== null && pendingColorId !== colorId;
  const shownColorId = loadingSizes ? pendingColorId : colorId;

  const size = sizes.find((item) => item.id === sizeId) ?? null;
  const stock = pendingHere ? null : (size?.stock ?? null);
  const discounted = product.discount_price !== null;
  const current = size ? `Rs. ${size.price}` : formatRupees(product.discount_price ?? product.price);
  const old = discounted ? (size ? `Rs. ${size.regular_price}` : formatRupees(product.price)) : null;

  const photos = photosOf(product, shownColorId);

  return (
    <div className="container product-page">
      <Breadcrumb current={product.title} />
      <div className="product">
        <ProductGallery
          // A new colour starts its own photos from the first.
          key={shownColorId ?? "none"}
          images={photos}
          badges={
            <>
              {product.new_arrival && <span className="badge badge--new">New</span>}
              {discounted && <span className="badge badge--sale">- {product.discount}%</span>}
            </>
          }
        />
        <div className="product__info">
          <h1 className="product__title">{product.title}</h1>
          <a className="product__rating" href={reviewsHref} onClick={openReviews}>
            <StarRating rating={product.rating} label={ratingLabel(product.rating, product.reviews)} />
            <span aria-hidden="true">({reviewCount(product.reviews)})</span>
          </a>
          <p className="product__price price price--large">
            <span className="price__current">{current}</span>
            {old && (
              <del className="price__old">
                <span className="visually-hidden">Was </span>
                {old}
              </del>
            )}
          </p>
          <SaleCountdown sale={product.sale} />
          <p className="product__stock" role="status" data-testid="stock">
            {stock === null ? (
              <span className="stock stock--checking">Checking stock…</span>
            ) : stock > 0 ? (
              <span className="stock stock--in">In Stock, {stock} left.</span>
            ) : (
              <span className="stock stock--out">Out Of Stock</span>
            )}
          </p>
          <div
            className="product__description rich-text"
            // Sanitized on the server in the loader (sanitize-html), after the API sanitized it too.
            dangerouslySetInnerHTML={{ __html: product.short_description }}
          />
          <VariantOptions
            slug={product.slug}
            colors={product.colors}
            sizes={sizes}
            colorId={shownColorId}
            sizeId={loadingSizes ? null : sizeId}
            loadingSizes={loadingSizes}
            sizeChart={product.size_chart}
          />
          <AddToCart productId={product.id} sizeId={sizeId} stock={stock} pending={pendingHere} />
          {sizeId !== null && stock === 0 && (
            <StockAlertForm
              key={sizeId}
              variantId={sizeId}
              noScriptResult={stockAlertResult?.intent === STOCK_ALERT_INTENT ? stockAlertResult : undefined}
            />
          )}
          <WishlistToggle productId={product.id} title={product.title} variantId={sizeId} look="page" />
          {noScriptResult && (
            <p className={`form-note${noScriptResult.ok ? "" : " form-note--error"}`} role="status">
              {noScriptResult.message}
            </p>
          )}
          <dl className="product__meta">
            <div>
              <dt>Category:</dt>
              <dd>
                <Link to={`/shop/${product.category.slug}`} className="product__category">
                  {product.category.name}
                </Link>
              </dd>
            </div>
            <div>
              <dt>Share:</dt>
              <dd>
                <SocialLinks className="social-links social-links--small" />
              </dd>
            </div>
          </dl>
        </div>
      </div>
      <ProductTabs
        title={product.title}
        reviewCount={product.reviews}
        finalSale={product.final_sale === true}
        details={product.details ?? []}
        active={tab}
        onSelect={setTab}
        hrefFor={(tab) => pageHref(tab)}
        reviews={
          <ReviewsSection
            list={reviews}
            standing={standing}
            signedIn={signedIn}
            pageHref={(page) => pageHref("reviews", page)}
            loginReturn={reviewsHref}
            formAction={reviewsHref.replace(/#.*$/, "#write-review")}
            noScriptResult={reviewResult}
          />
        }
      />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 410) {
    return (
      <section className="message-page container">
        <h1 className="message-page__title">{NO_LONGER_AVAILABLE}</h1>
        <p>We have stopped selling this product. Have a look at what is in the shop now.</p>
        <Link to="/shop" className="button">
          Shop Now
        </Link>
      </section>
    );
  }
  return (
    <section className="message-page container">
      <h1 className="message-page__title">{NO_PRODUCT}</h1>
      <p>This product may have sold out for good, or the link may be mistyped.</p>
      <Link to="/shop" className="button">
        Shop Now
      </Link>
    </section>
  );
}
