import { Suspense } from "react";
import { Await, Link } from "react-router";
import type { ProductCard } from "../../../shared/contracts/catalogue.ts";
import { SHOP_DETAILS_DEFAULTS } from "../../../shared/contracts/shop-details.ts";
import { apiContext, siteContext } from "../../lib/api.server.ts";
import { isDocumentRequest } from "../../lib/streaming.server.ts";
import { ProductGridShimmer } from "../../ui/shimmer.tsx";
import { useShopDetails } from "../../ui/site.ts";
import { ToastOnMount } from "../../ui/toast.tsx";
import { loadList, loadProductCards } from "../catalogue/catalogue.server.ts";
import { ProductGrid } from "../catalogue/product-card.tsx";
import { BannerSlider } from "../home/banner-slider.tsx";
import { ServicesStrip } from "../home/services-strip.tsx";
import { SaleCountdown } from "../sale-countdown.tsx";
import { shopJsonLd } from "../shop-json-ld.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const shop = matches[0]?.loaderData?.shop ?? SHOP_DETAILS_DEFAULTS;
  return [
    { title: `${shop.name} | ${shop.tagline || "Bags and clothing, delivered across Pakistan"}` },
    {
      name: "description",
      content:
        "New arrivals and daily deals on handbags, backpacks, wallets and clothing. Free shipping on all orders, 30 days free return.",
    },
    { property: "og:title", content: shop.name },
    { property: "og:type", content: "website" },
    ...(loaderData ? [{ "script:ld+json": shopJsonLd(shop, loaderData.origin) }] : []),
  ];
};

/**
 * The banner is awaited (it is the first thing on screen). The two product rows are awaited for a document
 * but streamed on a client navigation, which shows their shimmer cards at once.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const newArrivals = loadProductCards(api, { take: 6, type: "new-arrival" });
  const dailyDeals = loadProductCards(api, { take: 8, type: "daily-deals" });
  const [sliders, sale] = await Promise.all([loadList(api, "listSliders"), api.call("getRunningSale")]);
  const document = isDocumentRequest(request);
  return {
    sliders: sliders ?? [],
    // The countdown line is a nicety: a failed call shows none.
    sale: sale.ok ? sale.data.sale : null,
    newArrivals: document ? await newArrivals : newArrivals,
    dailyDeals: document ? await dailyDeals : dailyDeals,
    notices: sliders ? [] : ["Failed to load sliders"],
    origin: context.get(siteContext).publicUrl,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { name } = useShopDetails();
  return (
    <>
      <h1 className="visually-hidden">{name}: bags and clothing</h1>
      <BannerSlider slides={loaderData.sliders} />
      <SaleCountdown sale={loaderData.sale} className="container" />
      <ProductSection
        id="new-arrival"
        title="New Arrival"
        intro="Fresh from the workshop: the latest bags and clothing."
        products={loaderData.newArrivals}
        moreHref="/shop?type=new-arrival"
      />
      <ProductSection
        id="daily-deals"
        title="Daily Deals"
        intro="Today's best prices, while stocks last."
        products={loaderData.dailyDeals}
        moreHref="/shop?type=daily-deals"
        wide
      />
      <ServicesStrip />
    </>
  );
}

/** Spec: New Arrival and Daily Deals each show 5 shimmer cards while loading. */
const PLACEHOLDERS = 5;

function ProductSection({
  id,
  title,
  intro,
  products,
  moreHref,
  wide = false,
}: {
  id: string;
  title: string;
  intro: string;
  products: ProductCard[] | null | Promise<ProductCard[] | null>;
  moreHref: string;
  wide?: boolean;
}) {
  return (
    <section
      className={`home-section${wide ? " home-section--wide" : ""}`}
      aria-labelledby={`${id}-title`}
      id={id}
    >
      <div className="container">
        <header className="section-head">
          <h2 id={`${id}-title`} className="section-head__title">
            {title}
          </h2>
          <p className="section-head__intro">{intro}</p>
        </header>
        <Suspense fallback={<ProductGridShimmer count={PLACEHOLDERS} />}>
          <Await resolve={products}>
            {(cards) =>
              cards === null ? (
                <ToastOnMount message="Failed to load products" />
              ) : (
                <ProductGrid products={cards} loading="late" />
              )
            }
          </Await>
        </Suspense>
        <div className="section-more">
          <Link to={moreHref} className="button button--outline">
            VIEW MORE PRODUCTS
          </Link>
        </div>
      </div>
    </section>
  );
}
