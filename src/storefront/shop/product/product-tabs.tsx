import { type KeyboardEvent, type MouseEvent, type ReactNode, useRef } from "react";
import type { ProductDetail } from "../../../shared/contracts/product-details.ts";

export type TabId = "description" | "reviews";

const TAB_IDS: TabId[] = ["description", "reviews"];

/** The returns promise of the facts list: a final-sale product cannot be returned (decision 0054). */
const RETURNS_PROMISE = "Free shipping on all orders and 30 days free return";
export const FINAL_SALE_NOTICE = "Final sale: this item cannot be returned.";

/**
 * Spec: a description/reviews tab area below the product; the reviews tab reads 'Reviews ({count})'. Each tab is
 * a link to the page opened on it (`hrefFor`), so tabs work before JavaScript; with it they switch in place
 * (arrow keys move between them). The description tab lists the product's details (fabric, fit, care...); a
 * product without any shows the spec's placeholder text instead.
 */
export function ProductTabs({
  title,
  reviewCount,
  finalSale = false,
  details = [],
  active,
  onSelect,
  hrefFor,
  reviews,
}: {
  title: string;
  reviewCount: number;
  /** Sold as final sale: the facts say it cannot be returned instead of the 30 days promise. */
  finalSale?: boolean;
  /** Label and value pairs in order; none: the placeholder text. */
  details?: readonly ProductDetail[];
  active: TabId;
  onSelect: (tab: TabId) => void;
  hrefFor: (tab: TabId) => string;
  /** The reviews tab's content. */
  reviews: ReactNode;
}) {
  const tabs = useRef<(HTMLAnchorElement | null)[]>([]);
  const labels: Record<TabId, string> = { description: "Description", reviews: `Reviews (${reviewCount})` };

  const select = (tab: TabId) => {
    onSelect(tab);
    tabs.current[TAB_IDS.indexOf(tab)]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent, tab: TabId) => {
    if (event.key === " ") {
      event.preventDefault();
      onSelect(tab);
      return;
    }
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    const index = TAB_IDS.indexOf(active);
    const next = TAB_IDS[(index + (event.key === "ArrowRight" ? 1 : TAB_IDS.length - 1)) % TAB_IDS.length];
    if (next) select(next);
  };

  const onClick = (event: MouseEvent, tab: TabId) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onSelect(tab);
  };

  return (
    <section className="product-tabs" id="product-tabs" aria-label="Product information">
      <div className="product-tabs__list" role="tablist">
        {TAB_IDS.map((tab, index) => (
          <a
            key={tab}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            href={hrefFor(tab)}
            role="tab"
            id={`tab-${tab}`}
            aria-controls={`panel-${tab}`}
            aria-selected={active === tab}
            tabIndex={active === tab ? 0 : -1}
            className="product-tabs__tab"
            onClick={(event) => onClick(event, tab)}
            onKeyDown={(event) => onKeyDown(event, tab)}
          >
            {labels[tab]}
          </a>
        ))}
      </div>
      <div
        role="tabpanel"
        id="panel-description"
        aria-labelledby="tab-description"
        hidden={active !== "description"}
        className="product-tabs__panel"
      >
        {details.length > 0 ? (
          <dl className="product-tabs__details">
            {details.map((detail) => (
              <div key={detail.label}>
                <dt>{detail.label}</dt>
                <dd>{detail.value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p>
            {title} is made in small batches in Lahore from materials chosen to age well: tightly woven
            fabrics, full-grain leather trims and sturdy hardware that stands up to daily use.
          </p>
        )}
        <ul className="product-tabs__facts">
          {details.length === 0 && (
            <>
              <li>Colour-fast dyes that keep their shade wash after wash</li>
              <li>Reinforced stitching at every stress point</li>
              <li>Care: wipe or hand wash cold, dry in the shade</li>
            </>
          )}
          {finalSale ? (
            <>
              <li>Free shipping on all orders</li>
              <li className="product-tabs__final-sale">{FINAL_SALE_NOTICE}</li>
            </>
          ) : (
            <li>{RETURNS_PROMISE}</li>
          )}
        </ul>
      </div>
      <div
        role="tabpanel"
        id="panel-reviews"
        aria-labelledby="tab-reviews"
        hidden={active !== "reviews"}
        className="product-tabs__panel product-tabs__panel--reviews"
      >
        {reviews}
      </div>
    </section>
  );
}
