import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, useLoaderData } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { ProductCard } from "../../../shared/contracts/catalogue.ts";
import { type CardLoading, ProductGrid } from "./product-card.tsx";

afterEach(cleanup);

function card(id: number): ProductCard {
  return {
    id,
    slug: `tote-${id}`,
    title: `Tote ${id}`,
    image: `/images/products/tote-${id}/black-front-800.webp`,
    back_image: `/images/products/tote-${id}/black-back-800.webp`,
    price: 1000,
    discount_price: null,
    discount: 0,
    new_arrival: false,
    rating: 0,
    reviews: 0,
  };
}

type GridProps = { eagerCount?: number; loading?: Exclude<CardLoading, "eager"> };

function Grid() {
  const props = useLoaderData<GridProps>();
  return <ProductGrid products={[1, 2, 3].map(card)} {...props} />;
}

function NoFallback() {
  return null;
}

/** Each card's front and back photo, as `loading/fetchpriority` (fetchpriority "auto" when not set). */
async function photos(props: GridProps) {
  const Stub = createRoutesStub([
    { path: "/", Component: Grid, loader: () => props, HydrateFallback: NoFallback },
  ]);
  render(<Stub initialEntries={["/"]} />);
  const articles = await screen.findAllByRole("article");
  return articles.map((article) =>
    [...article.querySelectorAll("img")].map(
      (img) => `${img.getAttribute("loading")}/${img.getAttribute("fetchpriority") ?? "auto"}`,
    ),
  );
}

describe("product card photos", () => {
  it("load lazily by default, and the back view (shown on hover) after everything else", async () => {
    expect(await photos({})).toEqual([
      ["lazy/auto", "lazy/low"],
      ["lazy/auto", "lazy/low"],
      ["lazy/auto", "lazy/low"],
    ]);
  });

  it("load the first cards of a listing at once: they are the page's largest paint", async () => {
    expect((await photos({ eagerCount: 2 })).map((card) => card[0])).toEqual([
      "eager/auto",
      "eager/auto",
      "lazy/auto",
    ]);
  });

  it("wait for the page's other images below a hero, even those on screen", async () => {
    expect((await photos({ loading: "late" })).map((card) => card[0])).toEqual([
      "lazy/low",
      "lazy/low",
      "lazy/low",
    ]);
  });
});
