import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Slider } from "../../../shared/contracts/catalogue.ts";
import { BannerSlider } from "./banner-slider.tsx";

const SLIDES: Slider[] = [
  {
    id: 1,
    url: "/shop?category=bags",
    slideimage: "/images/sliders/slide-1-desktop.webp",
    slide_mobile: "/images/sliders/slide-1-mobile.webp",
  },
  {
    id: 2,
    url: "/shop?category=eid",
    slideimage: "/images/uploads/sliders/Abc-desktop.webp",
    slide_mobile: "/images/uploads/sliders/Abc-mobile.webp",
  },
];

/** The banner as the server writes it (React puts the preloads first; in a page they go into the head). */
function serverRender(slides: Slider[]): Document {
  return new DOMParser().parseFromString(renderToString(<BannerSlider slides={slides} />), "text/html");
}

function attributes(element: Element): Record<string, string> {
  return Object.fromEntries([...element.attributes].map((attribute) => [attribute.name, attribute.value]));
}

describe("BannerSlider as the server sends it", () => {
  it("offers phones each mobile slide's AVIF twin, the WebP staying in the <img> for other browsers", () => {
    const page = serverRender(SLIDES);
    const pictures = [...page.querySelectorAll("picture")];
    expect(pictures).toHaveLength(2);
    for (const [index, picture] of pictures.entries()) {
      const slide = SLIDES[index]!;
      // The desktop source comes first, so a wide screen never takes the AVIF mobile image.
      expect([...picture.querySelectorAll("source")].map(attributes)).toEqual([
        { media: "(min-width: 768px)", srcset: slide.slideimage, width: "1600", height: "600" },
        {
          type: "image/avif",
          srcset: slide.slide_mobile.replace(/\.webp$/, ".avif"),
          width: "800",
          height: "1000",
        },
      ]);
      expect(picture.querySelector("img")?.getAttribute("src")).toBe(slide.slide_mobile);
    }
  });

  it("preloads only the first slide, for each screen the file its <picture> will choose", () => {
    const page = serverRender(SLIDES);
    expect([...page.querySelectorAll('link[rel="preload"]')].map(attributes)).toEqual([
      {
        rel: "preload",
        as: "image",
        href: "/images/sliders/slide-1-mobile.avif",
        type: "image/avif",
        fetchpriority: "high",
        media: "(max-width: 767px)",
      },
      {
        rel: "preload",
        as: "image",
        href: "/images/sliders/slide-1-desktop.webp",
        fetchpriority: "high",
        media: "(min-width: 768px)",
      },
    ]);
  });

  it("uses a slide image it did not render as it is: no AVIF source, a preload of the image itself", () => {
    const page = serverRender([
      {
        id: 3,
        url: "/",
        slideimage: "https://cdn.example.pk/eid-wide.jpg",
        slide_mobile: "https://cdn.example.pk/eid-tall.jpg",
      },
    ]);
    expect(page.querySelectorAll('source[type="image/avif"]')).toHaveLength(0);
    const mobile = page.querySelector('link[rel="preload"][media="(max-width: 767px)"]');
    expect(mobile?.getAttribute("href")).toBe("https://cdn.example.pk/eid-tall.jpg");
    expect(mobile?.hasAttribute("type")).toBe(false);
  });

  it("renders nothing, and preloads nothing, without slides", () => {
    expect(renderToString(<BannerSlider slides={[]} />)).toBe("");
  });
});
