import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { ProductCard } from "../../../shared/contracts/catalogue.ts";
import type { Wishlist, WishlistIds, WishlistItem } from "../../../shared/contracts/wishlist.ts";
import { WISHLIST_MESSAGES } from "../../../shared/wishlist-rules.ts";
import App, * as root from "../../root.tsx";
import { type ApiResponse, deferred, EMPTY_CART, fakeApi, ok, refused } from "../../testing/fake-api.ts";
import { ProductGrid } from "../catalogue/product-card.tsx";
import * as wishlistRoute from "../routes/wishlist.tsx";

afterEach(cleanup);

const TOTE: ProductCard = {
  id: 7,
  slug: "saddle-leather-tote",
  title: "Saddle Leather Tote",
  image: null,
  back_image: null,
  price: 1250,
  discount_price: null,
  discount: 0,
  new_arrival: false,
  rating: 0,
  reviews: 0,
};

function item(overrides: Partial<WishlistItem> = {}): WishlistItem {
  return {
    id: 7,
    slug: "saddle-leather-tote",
    title: "Saddle Leather Tote",
    image: null,
    price: 1250,
    discount_price: 1000,
    discount: 20,
    available: true,
    stock: 4,
    sold_out: false,
    saved_variation_id: null,
    variation_id: 71,
    options: [
      {
        id: 71,
        color_id: 1,
        color_name: "Tan",
        color_code: "#b5651d",
        size_name: "One Size",
        price: 1000,
        regular_price: 1250,
        stock: 4,
      },
      {
        id: 72,
        color_id: 2,
        color_name: "Black",
        color_code: "#111111",
        size_name: "One Size",
        price: 1040,
        regular_price: 1300,
        stock: 0,
      },
      {
        id: 73,
        color_id: 3,
        color_name: "Olive",
        color_code: "#556b2f",
        size_name: "One Size",
        price: 1080,
        regular_price: 1350,
        stock: 2,
      },
    ],
    added_at: "2026-11-20T10:00:00.000Z",
    ...overrides,
  };
}

function TwoCards() {
  return <ProductGrid products={[TOTE, { ...TOTE, id: 8, title: "Canvas Tote" }]} />;
}

function NoFallback() {
  return null;
}

const ids = (productIds: number[]): WishlistIds => ({ count: productIds.length, product_ids: productIds });

/**
 * The real root (header, toasts) and wishlist route over a fake API holding the saved ids; the index page shows
 * product cards. Saves and removals wait until the test answers them.
 */
function renderShop(options: { saved?: number[]; wishlist?: Wishlist; url?: string } = {}) {
  let saved = options.saved ?? [];
  let wishlist = options.wishlist ?? { count: 0, limit: 200, items: [] };
  const changes: { resolve: (answer: ApiResponse) => void; path: string; body: any }[] = [];
  const change = (path: string) => (body: unknown) => {
    const answer = deferred<ApiResponse>();
    changes.push({ resolve: answer.resolve, path, body });
    return answer.promise;
  };
  const fake = fakeApi({
    "GET /categories": () => ok([]),
    "GET /cart": () => ok(EMPTY_CART),
    "GET /wishlist/ids": () => ok(ids(saved)),
    "GET /wishlist": () => ok(wishlist),
    "POST /wishlist/add": change("/wishlist/add"),
    "POST /wishlist/remove": change("/wishlist/remove"),
    "POST /cart/add": change("/cart/add"),
  });
  const Stub = createRoutesStub(
    [
      {
        id: "root",
        path: "/",
        Component: App as ComponentType,
        HydrateFallback: NoFallback,
        loader: root.loader as any,
        shouldRevalidate: root.shouldRevalidate,
        children: [
          { index: true, Component: TwoCards },
          {
            path: "wishlist",
            Component: wishlistRoute.default as any,
            loader: wishlistRoute.loader as any,
            action: wishlistRoute.action as any,
            shouldRevalidate: wishlistRoute.shouldRevalidate,
          },
        ],
      },
    ],
    fake.context,
  );
  render(<Stub initialEntries={[options.url ?? "/"]} />);
  return {
    changes,
    calls: fake.calls,
    serverHas(next: number[]) {
      saved = next;
      wishlist = {
        ...wishlist,
        count: next.length,
        items: wishlist.items.filter((row) => next.includes(row.id)),
      };
    },
  };
}

const heart = (name: RegExp) => screen.findByRole("button", { name });
const headerCount = () => screen.getByTestId("wishlist-count").textContent;

describe("the heart on a product card", () => {
  it("is a toggle button named for the product, pressed at once, counted in the header once saved, and toasted", async () => {
    const shop = renderShop();
    const button = await heart(/^Add to wishlist: Saddle Leather Tote$/);
    expect(button.getAttribute("aria-pressed")).toBe("false");
    expect(headerCount()).toBe("0");

    await userEvent.click(button);
    // Before the server answers: pressed and renamed, busy; the header's count (which says it is saved) waits.
    const pressed = await heart(/^Remove from wishlist: Saddle Leather Tote$/);
    expect(pressed.getAttribute("aria-pressed")).toBe("true");
    await waitFor(() => expect(pressed.closest("form")?.getAttribute("aria-busy")).toBe("true"));
    expect(headerCount()).toBe("0");
    expect(screen.getByRole("link", { name: "Wishlist, 0 items" })).toBeTruthy();
    // The other card is untouched.
    expect((await heart(/^Add to wishlist: Canvas Tote$/)).getAttribute("aria-pressed")).toBe("false");

    await waitFor(() => expect(shop.changes).toHaveLength(1));
    expect(shop.changes[0]?.path).toBe("/wishlist/add");
    expect(shop.changes[0]?.body).toEqual({ id: "7" });
    shop.serverHas([7]);
    shop.changes[0]?.resolve(ok({ message: WISHLIST_MESSAGES.added, ...ids([7]) }));
    expect(await screen.findByText(WISHLIST_MESSAGES.added)).toBeTruthy();
    expect((await heart(/^Remove from wishlist: Saddle Leather Tote$/)).getAttribute("aria-pressed")).toBe(
      "true",
    );
    expect(headerCount()).toBe("1");
    expect(screen.getByRole("link", { name: "Wishlist, 1 item" })).toBeTruthy();
    expect(
      (await heart(/^Remove from wishlist: Saddle Leather Tote$/)).closest("form")?.hasAttribute("aria-busy"),
    ).toBe(false);
  });

  it("rolls back a refused save with the server's message", async () => {
    const shop = renderShop({ saved: [8] });
    await userEvent.click(await heart(/^Add to wishlist: Saddle Leather Tote$/));
    await heart(/^Remove from wishlist: Saddle Leather Tote$/);
    expect(headerCount()).toBe("1");
    await waitFor(() => expect(shop.changes).toHaveLength(1));
    shop.changes[0]?.resolve(refused(409, { message: WISHLIST_MESSAGES.full }));

    expect(await screen.findByText(WISHLIST_MESSAGES.full)).toBeTruthy();
    expect((await heart(/^Add to wishlist: Saddle Leather Tote$/)).getAttribute("aria-pressed")).toBe(
      "false",
    );
    expect(headerCount()).toBe("1");
  });

  it("removes a saved product, and says 'Something went wrong' when a refusal has no message", async () => {
    const shop = renderShop({ saved: [7] });
    await userEvent.click(await heart(/^Remove from wishlist: Saddle Leather Tote$/));
    await heart(/^Add to wishlist: Saddle Leather Tote$/);
    expect(headerCount()).toBe("1");
    await waitFor(() => expect(shop.changes).toHaveLength(1));
    expect(shop.changes[0]?.path).toBe("/wishlist/remove");
    shop.changes[0]?.resolve(refused(502, { message: "" }));
    expect(await screen.findByText("Something went wrong")).toBeTruthy();
    expect(await heart(/^Remove from wishlist: Saddle Leather Tote$/)).toBeTruthy();
    expect(headerCount()).toBe("1");
  });
});

describe("the wishlist page", () => {
  const soldOut = item({
    id: 9,
    slug: "sold-out-satchel",
    title: "Sold Out Satchel",
    stock: 0,
    sold_out: true,
    discount_price: null,
    discount: 0,
    price: 2000,
    variation_id: 91,
    options: [
      {
        id: 91,
        color_id: 2,
        color_name: "Black",
        color_code: "#111111",
        size_name: "Small",
        price: 2000,
        regular_price: 2000,
        stock: 0,
      },
    ],
  });
  const list: Wishlist = { count: 2, limit: 200, items: [item(), soldOut] };

  it("lists each product with its price and stock, marks the sold-out one, and offers only colours in stock", async () => {
    renderShop({ saved: [7, 9], wishlist: list, url: "/wishlist" });
    const rows = await screen.findAllByTestId("wishlist-item");
    expect(rows).toHaveLength(2);
    const [tote, satchel] = rows as [HTMLElement, HTMLElement];
    expect(within(tote).getByRole("link", { name: "Saddle Leather Tote" }).getAttribute("href")).toBe(
      "/product/saddle-leather-tote",
    );
    expect(tote.textContent).toContain("Rs. 1,000.00");
    expect(tote.textContent).toContain("Rs. 1,250.00");
    expect(within(tote).getByTestId("wishlist-stock").textContent).toBe("In Stock, 4 left.");
    const chooser = within(tote).getByLabelText("Colour and size") as HTMLSelectElement;
    expect(chooser.value).toBe("71");
    const options = [...chooser.options].map((option) => [option.textContent, option.disabled]);
    expect(options).toEqual([
      ["Tan / One Size, Rs. 1,000.00", false],
      ["Black / One Size, sold out", true],
      ["Olive / One Size, Rs. 1,080.00", false],
    ]);
    // Another colour: its price and stock.
    await userEvent.selectOptions(chooser, "73");
    expect(tote.textContent).toContain("Rs. 1,080.00");
    expect(tote.textContent).toContain("Rs. 1,350.00");
    expect(within(tote).getByTestId("wishlist-stock").textContent).toBe("In Stock, 2 left.");

    expect(within(satchel).getAllByText("Sold out").length).toBeGreaterThan(0);
    expect(within(satchel).getByRole("button", { name: "Add To Cart" })).toHaveProperty("disabled", true);
    expect(satchel.className).toContain("is-unavailable");
  });

  it("marks a product the shop has withdrawn, with nothing to add to the cart", async () => {
    renderShop({
      saved: [7],
      wishlist: { count: 1, limit: 200, items: [item({ available: false })] },
      url: "/wishlist",
    });
    const [row] = (await screen.findAllByTestId("wishlist-item")) as [HTMLElement];
    expect(within(row).getByTestId("wishlist-stock").textContent).toBe("No longer available");
    expect(within(row).getByRole("button", { name: "Add To Cart" })).toHaveProperty("disabled", true);
    expect(within(row).getByLabelText("Colour and size")).toHaveProperty("disabled", true);
    expect(
      within(row).getByRole("button", { name: "Remove Saddle Leather Tote from wishlist" }),
    ).toBeTruthy();
  });

  it("puts the chosen colour and size in the cart and toasts the cart's message", async () => {
    const shop = renderShop({ saved: [7, 9], wishlist: list, url: "/wishlist" });
    const [tote] = (await screen.findAllByTestId("wishlist-item")) as [HTMLElement];
    await userEvent.selectOptions(within(tote).getByLabelText("Colour and size"), "73");
    await userEvent.click(within(tote).getByRole("button", { name: "Add To Cart" }));
    expect(await within(tote).findByRole("button", { name: "Adding..." })).toBeTruthy();
    await waitFor(() => expect(shop.changes).toHaveLength(1));
    expect(shop.changes[0]).toMatchObject({ path: "/cart/add", body: { id: "7", quantity: 1, size: "73" } });
    shop.changes[0]?.resolve(ok({ message: "Your item has been added to the cart!", ...EMPTY_CART }));
    expect(await screen.findByText("Your item has been added to the cart!")).toBeTruthy();
  });

  it("hides a removed row at once, says so once it is gone, and brings a refused one back", async () => {
    const shop = renderShop({ saved: [7, 9], wishlist: list, url: "/wishlist" });
    await screen.findAllByTestId("wishlist-item");
    await userEvent.click(screen.getByRole("button", { name: "Remove Sold Out Satchel from wishlist" }));
    await waitFor(() => expect(screen.getAllByTestId("wishlist-item")).toHaveLength(1));
    // The count says what is saved: it waits for the answer.
    expect(headerCount()).toBe("2");
    await waitFor(() => expect(shop.changes).toHaveLength(1));
    shop.changes[0]?.resolve(refused(409, { message: "Try again." }));
    expect(await screen.findByText("Try again.")).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId("wishlist-item")).toHaveLength(2));
    expect(headerCount()).toBe("2");

    await userEvent.click(screen.getByRole("button", { name: "Remove Sold Out Satchel from wishlist" }));
    await waitFor(() => expect(shop.changes).toHaveLength(2));
    shop.serverHas([7]);
    shop.changes[1]?.resolve(ok({ message: WISHLIST_MESSAGES.removed, ...ids([7]) }));
    expect(await screen.findByText(WISHLIST_MESSAGES.removed)).toBeTruthy();
    expect(screen.getAllByTestId("wishlist-item")).toHaveLength(1);
    expect(headerCount()).toBe("1");
  });

  it("sends a heart posted without JavaScript back to its page, never off the site", async () => {
    const post = (fields: Record<string, string>) =>
      wishlistRoute.action({
        context: fakeApi({
          "POST /wishlist/add": (body: any) =>
            body.id === "13"
              ? refused(409, { message: WISHLIST_MESSAGES.full })
              : ok({ message: WISHLIST_MESSAGES.added, ...ids([7]) }),
        }).context,
        request: new Request("http://shop.test/wishlist", {
          method: "POST",
          body: new URLSearchParams(fields),
        }),
        params: {},
      } as any);
    const back = (await post({ intent: "add", id: "7", back: "/shop?sort=low2high" })) as Response;
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/shop?sort=low2high");
    const offSite = (await post({ intent: "add", id: "7", back: "//evil.example/x" })) as Response;
    expect(offSite.headers.get("location")).toBe("/wishlist");
    // Without `back` (a fetcher, or this page's own forms) the answer itself.
    expect(await post({ intent: "add", id: "7" })).toEqual({
      intent: "add",
      ok: true,
      message: WISHLIST_MESSAGES.added,
    });
    // A refusal is shown on the wishlist page (the page it came from has nowhere to say it).
    const full = (await post({ intent: "add", id: "13", back: "/shop" })) as any;
    expect(full.init.status).toBe(409);
    expect(full.data).toEqual({ intent: "add", ok: false, message: WISHLIST_MESSAGES.full });
    const unknown = (await post({ intent: "__proto__", id: "7" })) as any;
    expect(unknown.init.status).toBe(400);
  });

  it("shows the empty state with a way to the shop", async () => {
    renderShop({ url: "/wishlist" });
    expect(await screen.findByText("Your wishlist is empty")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Shop Now" }).getAttribute("href")).toBe("/shop");
  });
});
