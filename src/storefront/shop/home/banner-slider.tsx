import { useEffect, useState } from "react";
import { preload } from "react-dom";
import type { Slider } from "../../../shared/contracts/catalogue.ts";
import { slideMobileAvifUrl } from "../../../shared/images.ts";
import { useHydrated } from "../../ui/hooks.ts";
import { ChevronLeftIcon, ChevronRightIcon } from "../../ui/icons.tsx";

/** Spec section 9: fade, 450 ms speed (in the CSS), 4000 ms autoplay, loop, one slide per view. */
export const AUTOPLAY_MS = 4000;

/** Where the <picture> switches from the mobile image to the desktop one (its first <source>'s media query). */
const DESKTOP_MEDIA = "(min-width: 768px)";
const MOBILE_MEDIA = "(max-width: 767px)";

/**
 * The home banner: slides fade into each other and loop; each opens its url in a new tab. The desktop image
 * shows from 768 px, the mobile image below (its AVIF twin where the browser takes AVIF). Autoplay pauses while
 * the pointer or focus is on the banner, and does not start for shoppers who ask for reduced motion.
 */
export function BannerSlider({ slides }: { slides: Slider[] }) {
  const [active, setActive] = useState(0);
  const [held, setHeld] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  const count = slides.length;
  // Until the page hydrates only the first slide's photo loads: the others cannot show before (no autoplay, no
  // arrows) and would compete with the first paint for the connection.
  const hydrated = useHydrated();

  useEffect(() => {
    setReducedMotion(window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false);
  }, []);

  // Each slide change restarts the clock, so a manual choice also gets its full 4000 ms.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `active` is the trigger, not an input
  useEffect(() => {
    if (count < 2 || held || reducedMotion) return;
    const timer = setTimeout(() => setActive((index) => (index + 1) % count), AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [active, count, held, reducedMotion]);

  if (count === 0) return null;
  // The first slide is the page's largest paint. React writes its own preload for a high-priority <img>, but
  // not for one inside a <picture> (a <source> may choose another file), so the banner names the file each
  // screen will pick itself: the preloads go first in the head, ahead of the stylesheets, and the image takes the
  // connection the page came on. A browser without AVIF skips that preload (its type) and finds the WebP in
  // the <img>.
  const first = slides[0]!;
  const firstAvif = slideMobileAvifUrl(first.slide_mobile);
  preload(firstAvif ?? first.slide_mobile, {
    as: "image",
    fetchPriority: "high",
    media: MOBILE_MEDIA,
    ...(firstAvif ? { type: "image/avif" } : {}),
  });
  preload(first.slideimage, { as: "image", fetchPriority: "high", media: DESKTOP_MEDIA });
  const go = (index: number) => setActive((index + count) % count);

  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label="Featured collections"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <div className="hero__viewport">
        {slides.map((slide, index) => {
          const avif = slideMobileAvifUrl(slide.slide_mobile);
          return (
            <a
              key={slide.id}
              href={slide.url}
              target="_blank"
              rel="noopener noreferrer"
              className={`hero__slide${index === active ? " is-active" : ""}${index > 0 && !hydrated ? " hero__slide--later" : ""}`}
              inert={index !== active}
              aria-roledescription="slide"
              aria-label={`Slide ${index + 1} of ${count}: see the collection (opens in a new tab)`}
            >
              <picture>
                <source media={DESKTOP_MEDIA} srcSet={slide.slideimage} width={1600} height={600} />
                {avif && <source type="image/avif" srcSet={avif} width={800} height={1000} />}
                <img
                  src={slide.slide_mobile}
                  alt=""
                  width={800}
                  height={1000}
                  loading={index === 0 ? "eager" : "lazy"}
                  fetchPriority={index === 0 ? "high" : "low"}
                  decoding={index === 0 ? undefined : "async"}
                />
              </picture>
            </a>
          );
        })}
      </div>
      {count > 1 && (
        <div className="hero__controls">
          <button
            type="button"
            className="hero__arrow hero__arrow--prev"
            onClick={() => go(active - 1)}
            aria-label="Previous slide"
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className="hero__arrow hero__arrow--next"
            onClick={() => go(active + 1)}
            aria-label="Next slide"
          >
            <ChevronRightIcon />
          </button>
          <div className="hero__dots">
            {slides.map((slide, index) => (
              <button
                key={slide.id}
                type="button"
                className={`hero__dot${index === active ? " is-active" : ""}`}
                aria-label={`Show slide ${index + 1}`}
                aria-current={index === active}
                onClick={() => go(index)}
              />
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
