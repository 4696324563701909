import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType } from "react";
import {
  type ActionFunction,
  createMemoryRouter,
  createRoutesStub,
  type LoaderFunction,
  Outlet,
  RouterProvider,
} from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { ProductCard as Card, ProductDetail, SizeOption } from "../../../shared/contracts/catalogue.ts";
import type { MyReview, Review, ReviewList, ReviewStanding } from "../../../shared/contracts/reviews.ts";
import { REVIEW_MESSAGES } from "../../../shared/review-limits.ts";
import { siteContext } from "../../lib/api.server.ts";
import { type ApiResponse, fakeApi, ok, refused } from "../../testing/fake-api.ts";
import { ratingLabel } from "../../ui/star-rating.tsx";
import { ToastProvider } from "../../ui/toast.tsx";
import { ProductCard } from "../catalogue/product-card.tsx";
import Product, { action, loader, meta } from "../routes/product.tsx";

afterEach(cleanup);

const TOTE: ProductDetail = {
  id: 7,
  slug: "city-tote",
  title: "City Tote",
  image: null,
  back_image: null,
  gallery: [],
  price: 1250,
  discount: 0,
  discount_price: null,
  new_arrival: false,
  rating: 4.5,
  reviews: 12,
  short_description: "<p>Roomy tote.</p>",
  colors: [{ color_id: 1, color_name: "Black", color_code: "#111111", default_variation_id: 11 }],
  default_color_id: 1,
  default_variation_id: 11,
  category: { name: "Totes", slug: "totes" },
  images: [],
};

const SIZES: SizeOption[] = [
  { id: 11, size_name: "One Size", price: "1,250.00", regular_price: "1,250.00", stock: 3 },
];

function review(id: number, overrides: Partial<Review> = {}): Review {
  return {
    id,
    rating: 5,
    title: `Review ${id}`,
    body: `Body of review ${id}.`,
    author: "Ayesha K.",
    created_at: "2026-03-12T09:00:00.000Z",
    edited: false,
    ...overrides,
  };
}

function listOf(data: Review[], page = 1, total = 12): ReviewList {
  const lastPage = Math.max(1, Math.ceil(total / 5));
  return {
    data,
    meta: {
      from: data.length ? (page - 1) * 5 + 1 : 0,
      to: data.length ? (page - 1) * 5 + data.length : 0,
      total,
      per_page: 5,
      current_page: page,
      last_page: lastPage,
    },
    summary: { average: 4.5, count: total },
  };
}

const FIRST_PAGE = listOf([
  review(12, {
    title: "Looks <b>great</b>",
    body: 'First line.\nSecond line with <script>alert("x")</script>',
    author: "Bilal A.",
    edited: true,
  }),
  review(11, { rating: 4 }),
]);

const MINE: MyReview = {
  id: 40,
  rating: 3,
  title: "Decent",
  body: "The strap could be longer.",
  status: "approved",
  created_at: "2026-03-01T09:00:00.000Z",
  updated_at: "2026-03-01T09:00:00.000Z",
};

const standing = (overrides: Partial<ReviewStanding> = {}): ReviewStanding => ({
  eligible: true,
  reason: null,
  message: null,
  review: null,
  ...overrides,
});

type Handlers = Record<string, (body: unknown) => ApiResponse | Promise<ApiResponse>>;

function NoFallback() {
  return null;
}

function Shell() {
  return (
    <ToastProvider>
      <Outlet />
    </ToastProvider>
  );
}

function renderProduct(url: string, handlers: Handlers = {}, token: string | null = null) {
  const fake = fakeApi(
    {
      "GET /product/city-tote": () => ok(TOTE),
      "GET /product-sizes/7/1/sizes": () => ok(SIZES),
      "GET /product/city-tote/reviews": () => ok(FIRST_PAGE),
      ...handlers,
    },
    token,
  );
  fake.context.set(siteContext, { publicUrl: "https://shop.example.pk" });
  const Stub = createRoutesStub(
    [
      {
        path: "/",
        HydrateFallback: NoFallback,
        Component: Shell,
        children: [
          {
            path: "product/:slug",
            Component: Product as ComponentType,
            loader: loader as unknown as LoaderFunction,
            action: action as unknown as ActionFunction,
          },
        ],
      },
    ],
    fake.context,
  );
  render(<Stub initialEntries={[url]} />);
  return fake;
}

async function openReviews() {
  await userEvent.click(await screen.findByRole("tab", { name: "Reviews (12)" }));
  return screen.getByRole("tabpanel", { name: "Reviews (12)" });
}

describe("product page: reviews", () => {
  it("shows the average, newest reviews first as plain text, and a login link for guests", async () => {
    const { calls } = renderProduct("/product/city-tote");
    expect(await screen.findByRole("link", { name: "4.5 out of 5, 12 reviews" })).toHaveProperty(
      "href",
      expect.stringContaining("/product/city-tote?tab=reviews#product-tabs"),
    );
    expect(screen.getByRole("tab", { name: "Description" }).getAttribute("aria-selected")).toBe("true");
    const panel = await openReviews();
    const summary = within(panel).getByRole("img", { name: "4.5 out of 5, 12 reviews" });
    expect(summary.textContent).toContain("Based on 12 reviews");
    const items = within(panel).getAllByRole("article");
    expect(items.map((item) => within(item).getByRole("img").getAttribute("aria-label"))).toEqual([
      "Rated 5 out of 5",
      "Rated 4 out of 5",
    ]);
    const newest = items[0]!;
    expect(within(newest).getByRole("heading", { name: "Looks <b>great</b>" })).toBeTruthy();
    expect(within(newest).getByText("Bilal A.")).toBeTruthy();
    expect(within(newest).getByText("Verified buyer")).toBeTruthy();
    expect(within(newest).getByText("(edited)")).toBeTruthy();
    expect(within(newest).getByText("12 Mar 2026").getAttribute("datetime")).toBe("2026-03-12T09:00:00.000Z");
    // Text, never markup: the review's "<script>" is characters on the page.
    expect(newest.querySelector("script, b")).toBeNull();
    expect(newest.querySelector(".review__body")?.textContent).toBe(
      'First line.\nSecond line with <script>alert("x")</script>',
    );
    // Pages are links, so they work without JavaScript.
    const pages = within(panel).getByRole("navigation", { name: "Review pages" });
    expect(within(pages).getByRole("link", { name: "Page 2" }).getAttribute("href")).toBe(
      "/product/city-tote?reviews_page=2#panel-reviews",
    );
    expect(within(pages).getByText("Showing 1 to 2 of 12 reviews")).toBeTruthy();
    const login = within(panel).getByRole("link", { name: "Log in" });
    expect(login.getAttribute("href")).toBe(
      `/user-login?redirect=${encodeURIComponent("/product/city-tote?tab=reviews#product-tabs")}`,
    );
    expect(within(panel).queryByRole("form")).toBeNull();
    expect(calls.some((call) => call.path.endsWith("/reviews/mine"))).toBe(false);
  });

  it("opens on the reviews tab at the page the URL names, keeping the chosen colour", async () => {
    const { calls } = renderProduct("/product/city-tote?color=1&reviews_page=2", {
      "GET /product/city-tote/reviews": () => ok(listOf([review(3), review(2)], 2)),
    });
    const tab = await screen.findByRole("tab", { name: "Reviews (12)" });
    expect(tab.getAttribute("aria-selected")).toBe("true");
    const panel = screen.getByRole("tabpanel", { name: "Reviews (12)" });
    expect(within(panel).getByRole("link", { name: "Page 1" }).getAttribute("href")).toBe(
      "/product/city-tote?color=1&tab=reviews#panel-reviews",
    );
    expect(within(panel).getByRole("link", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
    const listCall = calls.find((call) => call.path === "/product/city-tote/reviews");
    expect(listCall).toBeDefined();
    expect(screen.getByRole("tab", { name: "Description" }).getAttribute("href")).toBe(
      "/product/city-tote?color=1#product-tabs",
    );
  });

  it("moves between the tabs with the arrow keys", async () => {
    renderProduct("/product/city-tote");
    const description = await screen.findByRole("tab", { name: "Description" });
    description.focus();
    await userEvent.keyboard("{ArrowRight}");
    const reviews = screen.getByRole("tab", { name: "Reviews (12)" });
    expect(reviews.getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(reviews);
    expect(screen.getByRole("tabpanel", { name: "Reviews (12)" })).toBeTruthy();
  });

  it("tells a signed-in shopper who has not received the product why they cannot review it", async () => {
    renderProduct(
      "/product/city-tote?tab=reviews",
      {
        "GET /product/city-tote/reviews/mine": () =>
          ok(standing({ eligible: false, reason: "not_purchased", message: REVIEW_MESSAGES.notPurchased })),
      },
      "signed-in-token-0123456789",
    );
    const panel = await screen.findByRole("tabpanel", { name: "Reviews (12)" });
    expect(await within(panel).findByText(REVIEW_MESSAGES.notPurchased)).toBeTruthy();
    expect(within(panel).queryByRole("group", { name: "Your rating" })).toBeNull();
    expect(within(panel).queryByRole("link", { name: "Log in" })).toBeNull();
  });

  it("lets a verified buyer rate and write a review, then shows it waiting for approval", async () => {
    let mine: MyReview | null = null;
    const { calls } = renderProduct(
      "/product/city-tote?tab=reviews",
      {
        "GET /product/city-tote/reviews/mine": () => ok(standing({ review: mine })),
        "POST /product/city-tote/reviews": (body) => {
          const sent = body as { rating: string; title: string; body: string };
          mine = {
            ...MINE,
            rating: Number(sent.rating),
            title: sent.title,
            body: sent.body,
            status: "pending",
          };
          return ok(mine, 201);
        },
      },
      "signed-in-token-0123456789",
    );
    const panel = await screen.findByRole("tabpanel", { name: "Reviews (12)" });
    expect(await within(panel).findByRole("heading", { name: "Add a Review" })).toBeTruthy();
    const rating = within(panel).getByRole("group", { name: "Your rating" });
    expect(
      within(rating)
        .getAllByRole("radio")
        .map((radio) => radio.getAttribute("value")),
    ).toEqual(["1", "2", "3", "4", "5"]);
    await userEvent.click(within(rating).getByRole("radio", { name: "4 stars" }));
    await userEvent.type(within(panel).getByLabelText(/^Title/), "Good everyday bag");
    await userEvent.type(within(panel).getByLabelText("Your review"), "Holds a laptop and lunch.");
    await userEvent.click(within(panel).getByRole("button", { name: "Submit review" }));

    expect(await within(panel).findByText(REVIEW_MESSAGES.created)).toBeTruthy();
    const sent = calls.find((call) => call.method === "POST");
    expect(sent?.body).toEqual({
      rating: "4",
      title: "Good everyday bag",
      body: "Holds a laptop and lunch.",
    });
    expect(await within(panel).findByRole("heading", { name: "Edit your review" })).toBeTruthy();
    expect(within(panel).getByText("Your review is waiting for the shop's approval.")).toBeTruthy();
    expect(within(panel).getByLabelText("Your review")).toHaveProperty("value", "Holds a laptop and lunch.");
    expect(within(panel).getByRole("radio", { name: "4 stars" })).toHaveProperty("checked", true);
  });

  it("shows a refusal's messages by their fields and keeps what was typed", async () => {
    renderProduct(
      "/product/city-tote?tab=reviews",
      {
        "GET /product/city-tote/reviews/mine": () => ok(standing()),
        "POST /product/city-tote/reviews": () =>
          refused(422, {
            message: "Please choose a rating from 1 to 5 stars.",
            errors: {
              rating: ["Please choose a rating from 1 to 5 stars."],
              body: ["Please write your review (at least 10 characters)."],
            },
          }),
      },
      "signed-in-token-0123456789",
    );
    const panel = await screen.findByRole("tabpanel", { name: "Reviews (12)" });
    const form = await within(panel).findByRole("form", { name: "Add a Review" });
    // The browser's own checks are what a shopper meets first; here the API's refusal is the point.
    form.setAttribute("novalidate", "");
    await userEvent.type(within(panel).getByLabelText(/^Title/), "Short");
    await userEvent.type(within(panel).getByLabelText("Your review"), "Meh");
    await userEvent.click(within(panel).getByRole("button", { name: "Submit review" }));

    expect(
      await within(panel).findByText("Your review was not saved. Please check the fields marked below."),
    ).toBeTruthy();
    const body = within(panel).getByLabelText("Your review");
    expect(body).toHaveProperty("value", "Meh");
    expect(body.getAttribute("aria-invalid")).toBe("true");
    expect(body.getAttribute("aria-describedby")).toContain("review-body-error");
    expect(within(panel).getByText("Please write your review (at least 10 characters).")).toBeTruthy();
    expect(within(panel).getByRole("group", { name: "Your rating" }).getAttribute("aria-describedby")).toBe(
      "review-rating-error",
    );
    expect(within(panel).getByLabelText(/^Title/)).toHaveProperty("value", "Short");
  });

  it("lets the author edit their review, which goes back for approval", async () => {
    let mine: MyReview = MINE;
    const { calls } = renderProduct(
      "/product/city-tote?tab=reviews",
      {
        "GET /product/city-tote/reviews/mine": () => ok(standing({ review: mine })),
        "PUT /product/city-tote/reviews/mine": (body) => {
          mine = {
            ...mine,
            ...(body as { title: string; body: string }),
            rating: 2,
            status: "pending",
            updated_at: "2026-03-05T09:00:00.000Z",
          };
          return ok(mine);
        },
      },
      "signed-in-token-0123456789",
    );
    const panel = await screen.findByRole("tabpanel", { name: "Reviews (12)" });
    expect(await within(panel).findByRole("heading", { name: "Edit your review" })).toBeTruthy();
    expect(within(panel).getByText("Your review is published on this page.")).toBeTruthy();
    expect(within(panel).getByRole("radio", { name: "3 stars" })).toHaveProperty("checked", true);
    expect(within(panel).getByLabelText(/^Title/)).toHaveProperty("value", "Decent");
    await userEvent.click(within(panel).getByRole("radio", { name: "2 stars" }));
    await userEvent.clear(within(panel).getByLabelText("Your review"));
    await userEvent.type(within(panel).getByLabelText("Your review"), "The strap broke after a month.");
    await userEvent.click(within(panel).getByRole("button", { name: "Update review" }));

    expect(await within(panel).findByText(REVIEW_MESSAGES.updated)).toBeTruthy();
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({
      rating: "2",
      title: "Decent",
      body: "The strap broke after a month.",
    });
    expect(await within(panel).findByText("Your review is waiting for the shop's approval.")).toBeTruthy();
  });

  it("keeps the product page when the reviews cannot be loaded", async () => {
    renderProduct("/product/city-tote?tab=reviews", {
      "GET /product/city-tote/reviews": () => refused(503, { message: "Service temporarily unavailable." }),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "City Tote" })).toBeTruthy();
    const panel = screen.getByRole("tabpanel", { name: "Reviews (12)" });
    expect(within(panel).getByText("The reviews could not be loaded. Please try again later.")).toBeTruthy();
  });

  it("says so when nobody has reviewed the product yet", async () => {
    renderProduct("/product/city-tote?tab=reviews", {
      "GET /product/city-tote": () => ok({ ...TOTE, rating: 0, reviews: 0 }),
      "GET /product/city-tote/reviews": () => ok({ ...listOf([], 1, 0), summary: { average: 0, count: 0 } }),
    });
    const panel = await screen.findByRole("tabpanel", { name: "Reviews (0)" });
    expect(
      within(panel).getByText(
        "No reviews yet. Reviews come from shoppers who bought and received this product.",
      ),
    ).toBeTruthy();
    expect(within(panel).queryByRole("navigation")).toBeNull();
    expect(screen.getByRole("link", { name: "No reviews yet" })).toBeTruthy();
  });
});

describe("product structured data", () => {
  const metaFor = (product: ProductDetail) =>
    meta({
      loaderData: { product, summary: "Roomy tote.", origin: "https://shop.example.pk", inStock: true },
    } as unknown as Parameters<typeof meta>[0]);
  const productLd = (tags: ReturnType<typeof meta>) =>
    (tags.find((tag) => "script:ld+json" in tag) as { "script:ld+json": Record<string, unknown> })[
      "script:ld+json"
    ];

  it("carries the approved reviews' average as aggregateRating", () => {
    expect(productLd(metaFor(TOTE)).aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.5,
      reviewCount: 12,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it("leaves aggregateRating out while a product has no approved review", () => {
    expect(productLd(metaFor({ ...TOTE, rating: 0, reviews: 0 }))).not.toHaveProperty("aggregateRating");
  });
});

describe("product card rating", () => {
  const card: Card = {
    id: 1,
    slug: "city-tote",
    title: "City Tote",
    image: null,
    back_image: null,
    price: 1250,
    discount_price: null,
    discount: 0,
    new_arrival: false,
    rating: 4.3,
    reviews: 7,
  };

  function renderCard(product: Card) {
    const router = createMemoryRouter([{ path: "/", element: <ProductCard product={product} /> }]);
    render(<RouterProvider router={router} />);
  }

  it("shows small stars and the count when the product has approved reviews", async () => {
    renderCard(card);
    const stars = await screen.findByRole("img", { name: "4.3 out of 5, 7 reviews" });
    expect(stars.closest(".product-card__rating")?.textContent).toContain("(7)");
  });

  it("shows no rating for a product nobody has reviewed", async () => {
    renderCard({ ...card, rating: 0, reviews: 0 });
    await screen.findByRole("link", { name: "City Tote" });
    expect(document.querySelector(".product-card__rating")).toBeNull();
  });
});

describe("ratings read aloud", () => {
  it("says one review in the singular and the average to one decimal", () => {
    expect(ratingLabel(5, 1)).toBe("5 out of 5, 1 review");
    expect(ratingLabel(4.25, 3)).toBe("4.3 out of 5, 3 reviews");
    expect(ratingLabel(0, 0)).toBe("No reviews yet");
  });
});
