import { cleanup, render } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { type GalleryPhoto, ProductGallery } from "./product-gallery.tsx";

afterEach(cleanup);

const PHOTOS: GalleryPhoto[] = [
  { url: "/images/products/city-tote/black-front-800.webp", alt: "City Tote in Black, front view" },
  { url: "/images/products/city-tote/black-back-800.webp", alt: "City Tote in Black, back view" },
  { url: "/images/products/city-tote/black-side-800.webp", alt: "City Tote in Black, side view" },
];

const mainImages = (root: ParentNode) => [...root.querySelectorAll<HTMLImageElement>(".gallery__main img")];

describe("ProductGallery", () => {
  it("as the server sends it, loads only the first photo, preloaded from the head with its srcset", () => {
    const page = new DOMParser().parseFromString(
      renderToString(<ProductGallery images={PHOTOS} badges={null} />),
      "text/html",
    );
    const [first, ...later] = mainImages(page);
    expect(first?.className).toBe("gallery__image is-active");
    expect(first?.getAttribute("fetchpriority")).toBe("high");
    // The others are not displayed (gallery.css), so the browser does not fetch them before hydration.
    for (const image of later) {
      expect(image.classList.contains("gallery__image--later")).toBe(true);
      expect(image.getAttribute("loading")).toBe("lazy");
    }
    // React writes the preload of the high-priority photo itself: the same srcset and sizes as the <img>, so
    // the browser fetches the one file the <img> then uses.
    const preloads = [...page.querySelectorAll('link[rel="preload"][as="image"]')];
    expect(preloads).toHaveLength(1);
    expect(preloads[0]?.getAttribute("imagesrcset")).toBe(first?.getAttribute("srcset"));
    expect(preloads[0]?.getAttribute("imagesizes")).toBe(first?.getAttribute("sizes"));
    expect(preloads[0]?.getAttribute("fetchpriority")).toBe("high");
  });

  it("once hydrated, shows every photo to the fade and the thumbnails", () => {
    const { container } = render(<ProductGallery images={PHOTOS} badges={null} />);
    expect(mainImages(container)).toHaveLength(3);
    expect(container.querySelectorAll(".gallery__image--later")).toHaveLength(0);
  });
});
