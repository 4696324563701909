import { type ShopDetails, SOCIAL_ORDER, telHref } from "../../shared/contracts/shop-details.ts";

/**
 * The shop as search engines read it (schema.org `Store`, a LocalBusiness and an Organization), from its details
 * (decision 0066): the home page's JSON-LD.
 */
export function shopJsonLd(shop: ShopDetails, origin: string) {
  const sameAs = SOCIAL_ORDER.map((network) => shop.social[network]).filter((url) => url !== "");
  return {
    "@context": "https://schema.org",
    "@type": "Store",
    name: shop.name,
    ...(shop.tagline ? { description: shop.tagline } : {}),
    url: `${origin}/`,
    logo: `${origin}/apple-touch-icon.png`,
    telephone: telHref(shop.phone).slice("tel:".length),
    email: shop.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: shop.address,
      addressLocality: shop.city,
      addressCountry: "PK",
    },
    ...(sameAs.length > 0 ? { sameAs } : {}),
    currenciesAccepted: "PKR",
    paymentAccepted: "Cash",
    areaServed: { "@type": "Country", name: "Pakistan" },
  };
}
