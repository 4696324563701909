import path from "node:path";
import { describe, expect, it } from "vitest";
import { imageVariants } from "../../shared/images.ts";
import { productImageUrl, sliderImageUrl } from "./image-urls.ts";
import { imageFilePath } from "./render.ts";

describe("image paths", () => {
  it("names a product image by product, colour, view and width; the 800 px file is the stored one", () => {
    expect(productImageUrl("leather-tote", "blush-pink", "front")).toBe(
      "/images/products/leather-tote/blush-pink-front-800.webp",
    );
    expect(productImageUrl("leather-tote", "blush-pink", "back", 400)).toBe(
      "/images/products/leather-tote/blush-pink-back-400.webp",
    );
    // The storefront's srcSet finds the renderer's 400 px file.
    expect(imageVariants(productImageUrl("t", "black", "front")).srcSet).toContain(
      `${productImageUrl("t", "black", "front", 400)} 400w`,
    );
    expect(sliderImageUrl(2, "mobile")).toBe("/images/sliders/slide-2-mobile.webp");
  });

  it("maps an image URL to a file inside the images directory and refuses anything else", () => {
    const dir = path.resolve("/srv/shop/images");
    expect(imageFilePath(dir, "/images/products/tote/black-front-800.webp")).toBe(
      path.join(dir, "products/tote/black-front-800.webp"),
    );
    expect(() => imageFilePath(dir, "/uploads/x.webp")).toThrow(/not an image URL/);
    expect(() => imageFilePath(dir, "/images/../secrets.txt")).toThrow(/escapes/);
    expect(() => imageFilePath(dir, "/images/")).toThrow(/escapes/);
  });
});
