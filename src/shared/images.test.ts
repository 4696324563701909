import { describe, expect, it } from "vitest";
import {
  DEFAULT_PRODUCT_IMAGE,
  imageVariants,
  PLACEHOLDER_IMAGE,
  slideMobileAvifUrl,
  slugify,
} from "./images.ts";

describe("imageVariants", () => {
  it("gives a rendered product image its 400 px sibling in the srcSet", () => {
    expect(imageVariants("/images/products/tote/olive-front-800.webp")).toEqual({
      src: "/images/products/tote/olive-front-800.webp",
      srcSet:
        "/images/products/tote/olive-front-400.webp 400w, /images/products/tote/olive-front-800.webp 800w",
    });
  });

  it("uses any other URL as it is, without a srcSet", () => {
    for (const url of [
      "/images/sliders/slide-1-desktop.webp",
      "https://cdn.example.com/bags/tote.jpg",
      "/images/products/tote/olive-front-800.webp?v=2",
      "/images/products/tote/olive-front-400.webp",
    ]) {
      expect(imageVariants(url)).toEqual({ src: url, srcSet: undefined });
    }
  });

  it("falls back to the default product image, or the given one, when there is no URL", () => {
    for (const url of [null, undefined, "", "   "]) {
      expect(imageVariants(url)).toEqual({ src: DEFAULT_PRODUCT_IMAGE, srcSet: undefined });
      expect(imageVariants(url, PLACEHOLDER_IMAGE).src).toBe(PLACEHOLDER_IMAGE);
    }
  });
});

describe("slideMobileAvifUrl", () => {
  it("names the AVIF twin of a drawn or uploaded mobile slide", () => {
    expect(slideMobileAvifUrl("/images/sliders/slide-1-mobile.webp")).toBe(
      "/images/sliders/slide-1-mobile.avif",
    );
    expect(slideMobileAvifUrl("/images/uploads/sliders/AbC9x-mobile.webp")).toBe(
      "/images/uploads/sliders/AbC9x-mobile.avif",
    );
  });

  it("has none for any other URL", () => {
    for (const url of [
      "/images/sliders/slide-1-desktop.webp",
      "/images/sliders/slide-1-mobile.avif",
      "/images/sliders/slide-1-mobile.webp?v=2",
      "/images/products/tote/olive-front-800.webp",
      "https://cdn.example.pk/sliders/eid-mobile.webp",
      "/images/sliders/../secrets-mobile.webp",
    ]) {
      expect(slideMobileAvifUrl(url)).toBeNull();
    }
  });
});

describe("slugify", () => {
  it("lowercases and joins words with single hyphens", () => {
    expect(slugify("Blush Pink")).toBe("blush-pink");
    expect(slugify("Metro 15.6-inch  Laptop Backpack")).toBe("metro-15-6-inch-laptop-backpack");
    expect(slugify("T-Shirts")).toBe("t-shirts");
  });

  it("drops accents", () => {
    expect(slugify("Café Crème Écharpe")).toBe("cafe-creme-echarpe");
    expect(slugify("Naïve Señorita")).toBe("naive-senorita");
  });

  it("spells out & and turns other punctuation into separators", () => {
    expect(slugify("Bags & Threads")).toBe("bags-and-threads");
    expect(slugify("Kid's Tee (100% cotton)!")).toBe("kid-s-tee-100-cotton");
    expect(slugify("Oxford_Shirt/Slim,Fit")).toBe("oxford-shirt-slim-fit");
  });

  it("trims leading and trailing separators, and leaves nothing of pure punctuation", () => {
    expect(slugify("  --Leather Tote--  ")).toBe("leather-tote");
    expect(slugify("...Sale!!!")).toBe("sale");
    expect(slugify("?!")).toBe("");
    expect(slugify("")).toBe("");
  });
});
