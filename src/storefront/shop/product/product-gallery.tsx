import { type ReactNode, useEffect, useRef, useState } from "react";
import { imageVariants } from "../../../shared/images.ts";
import { useHydrated } from "../../ui/hooks.ts";

/** Spec section 9: the gallery fades like the banner (450 ms, in the CSS) and autoplays every 4000 ms. */
const AUTOPLAY_MS = 4000;
const MAIN_SIZES = "(max-width: 767px) 100vw, (max-width: 1199px) 50vw, 600px";

export interface GalleryPhoto {
  url: string;
  alt: string;
}

/**
 * The product's photos: one large image that fades to the next, and thumbnails below (4 in view, the rest
 * scroll), starting at the first; autoplay pauses on hover or focus. Each photo's alt text comes from the API.
 */
export function ProductGallery({ images, badges }: { images: GalleryPhoto[]; badges: ReactNode }) {
  const [active, setActive] = useState(0);
  const [held, setHeld] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  const thumbs = useRef<HTMLUListElement>(null);
  const count = images.length;
  // As in the home banner: until the page hydrates only the first photo loads. The others cannot show before
  // (no autoplay, the thumbnails need JavaScript) and would share the connection with the largest paint.
  const hydrated = useHydrated();

  useEffect(() => {
    setReducedMotion(window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `active` is the trigger, not an input
  useEffect(() => {
    if (count < 2 || held || reducedMotion) return;
    const timer = setTimeout(() => setActive((index) => (index + 1) % count), AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [active, count, held, reducedMotion]);

  // Keep the active thumbnail in view without scrolling the page itself.
  useEffect(() => {
    const list = thumbs.current;
    const item = list?.children[active] as HTMLElement | undefined;
    if (!list || !item) return;
    const left = item.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft || left + item.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollTo?.({ left, behavior: "smooth" });
    }
  }, [active]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the autoplay
    <div
      className="gallery"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <div className="gallery__main">
        {images.map((photo, index) => {
          const image = imageVariants(photo.url);
          return (
            <img
              key={photo.url}
              className={`gallery__image${index === active ? " is-active" : ""}${index > 0 && !hydrated ? " gallery__image--later" : ""}`}
              src={image.src}
              srcSet={image.srcSet}
              sizes={MAIN_SIZES}
              width={800}
              height={800}
              alt={index === active ? photo.alt : ""}
              aria-hidden={index !== active}
              loading={index === 0 ? "eager" : "lazy"}
              fetchPriority={index === 0 ? "high" : "low"}
            />
          );
        })}
        <div className="gallery__badges">{badges}</div>
      </div>
      {count > 1 && (
        <ul className="gallery__thumbs" ref={thumbs} aria-label="Product photos">
          {images.map((photo, index) => {
            const image = imageVariants(photo.url);
            return (
              <li key={photo.url}>
                <button
                  type="button"
                  className={`gallery__thumb${index === active ? " is-active" : ""}`}
                  aria-label={`Show photo ${index + 1}`}
                  aria-current={index === active}
                  onClick={() => setActive(index)}
                >
                  <img
                    src={image.src}
                    srcSet={image.srcSet}
                    sizes="120px"
                    alt=""
                    width={400}
                    height={400}
                    loading="lazy"
                  />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
