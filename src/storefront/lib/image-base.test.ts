import { describe, expect, it } from "vitest";
import { slideMobileAvifUrl } from "../../shared/images.ts";
import { withImageBase } from "./image-base.ts";

describe("images from a public base (S3_PUBLIC_URL)", () => {
  it("prefixes every /images/ address in an answer, and nothing else", () => {
    const answer = {
      image: "/images/products/tote/black-front-800.webp",
      gallery: ["/images/uploads/products/3/abc-800.webp", "https://elsewhere.example/x.jpg"],
      slug: "tote",
      description: "Made in /images/ nowhere",
      price: 3000,
      nested: [{ attributes: { image: "/images/defaults/product.webp" } }, null],
    };
    expect(withImageBase(answer, "https://cdn.example.pk")).toEqual({
      image: "https://cdn.example.pk/images/products/tote/black-front-800.webp",
      gallery: [
        "https://cdn.example.pk/images/uploads/products/3/abc-800.webp",
        "https://elsewhere.example/x.jpg",
      ],
      slug: "tote",
      description: "Made in /images/ nowhere",
      price: 3000,
      nested: [{ attributes: { image: "https://cdn.example.pk/images/defaults/product.webp" } }, null],
    });
  });

  it("keeps a mobile slide's AVIF twin under the public base", () => {
    expect(slideMobileAvifUrl("https://cdn.example.pk/images/sliders/slide-1-mobile.webp")).toBe(
      "https://cdn.example.pk/images/sliders/slide-1-mobile.avif",
    );
    expect(slideMobileAvifUrl("https://cdn.example.pk/slide-mobile.webp")).toBeNull();
  });
});
