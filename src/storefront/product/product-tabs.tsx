import { type FormEvent, type KeyboardEvent, useRef, useState } from "react";
import { useHydrated } from "../ui/hooks.ts";
import { StarRating } from "./star-rating.tsx";

const TABS = [
  { id: "description", label: "Description" },
  { id: "reviews", label: "Reviews (2)" },
] as const;

type TabId = (typeof TABS)[number]["id"];

/** Spec: a static description/reviews tab area with placeholder content; 'Reviews (2)' holds a review form. */
export function ProductTabs({ title }: { title: string }) {
  const [active, setActive] = useState<TabId>("description");
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
    const index = TABS.findIndex((tab) => tab.id === active);
    const next = (index + (event.key === "ArrowRight" ? 1 : TABS.length - 1)) % TABS.length;
    const tab = TABS[next];
    if (!tab) return;
    setActive(tab.id);
    buttons.current[next]?.focus();
  };

  return (
    <section className="product-tabs" aria-label="Product information">
      <div className="product-tabs__list" role="tablist">
        {TABS.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-controls={`panel-${tab.id}`}
            aria-selected={active === tab.id}
            tabIndex={active === tab.id ? 0 : -1}
            className="product-tabs__tab"
            onClick={() => setActive(tab.id)}
            onKeyDown={onKeyDown}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id="panel-description"
        aria-labelledby="tab-description"
        hidden={active !== "description"}
        className="product-tabs__panel"
      >
        <p>
          {title} is made in small batches in Lahore from materials chosen to age well: tightly woven fabrics,
          full-grain leather trims and sturdy hardware that stands up to daily use.
        </p>
        <ul className="product-tabs__facts">
          <li>Colour-fast dyes that keep their shade wash after wash</li>
          <li>Reinforced stitching at every stress point</li>
          <li>Care: wipe or hand wash cold, dry in the shade</li>
          <li>Free shipping on all orders and 30 days free return</li>
        </ul>
      </div>
      <div
        role="tabpanel"
        id="panel-reviews"
        aria-labelledby="tab-reviews"
        hidden={active !== "reviews"}
        className="product-tabs__panel"
      >
        <ol className="reviews">
          <li className="review">
            <p className="review__head">
              <strong>Ayesha K.</strong> <StarRating rating={5} size={14} />
            </p>
            <p>Beautiful finish and exactly the colour in the photos. Delivery to Karachi took three days.</p>
          </li>
          <li className="review">
            <p className="review__head">
              <strong>Bilal R.</strong> <StarRating rating={4} size={14} />
            </p>
            <p>Good quality for the price. The size guide was accurate; I would order again.</p>
          </li>
        </ol>
        <ReviewForm />
      </div>
    </section>
  );
}

/**
 * Spec: the Add a Review form is not wired to any call. It checks its fields in the browser and then says
 * honestly that reviews are not being collected yet, instead of pretending to have saved one.
 */
function ReviewForm() {
  const hydrated = useHydrated();
  const [sent, setSent] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSent(true);
  };

  return (
    <form className="review-form" onSubmit={submit}>
      <h3 className="review-form__title">Add a Review</h3>
      <div className="review-form__row">
        <div className="field">
          <label htmlFor="review-name">Name</label>
          <input id="review-name" name="name" required autoComplete="name" />
        </div>
        <div className="field">
          <label htmlFor="review-email">Email</label>
          <input id="review-email" name="email" type="email" required autoComplete="email" />
        </div>
      </div>
      <div className="field">
        <label htmlFor="review-message">Message</label>
        <textarea id="review-message" name="message" rows={4} required />
      </div>
      <button type="submit" className="button" disabled={!hydrated}>
        Submit review
      </button>
      <p className="review-form__status" role="status">
        {sent ? "Thank you! We are not collecting reviews online yet, so this one was not saved." : ""}
      </p>
    </form>
  );
}
