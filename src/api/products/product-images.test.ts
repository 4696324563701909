import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ApiHarness, apiHarness, shopper } from "../../testing/api-harness.ts";
import { buildCatalogue, type Catalogue, variantId } from "../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { NotFound, ValidationFailed } from "../errors.ts";
import { productImagesRepository } from "./product-images.repository.ts";
import { productImagesService } from "./product-images.service.ts";

const { engine, available } = testEngine();

const file = (name: string) => `/images/products/oxford-shirt/${name}-800.webp`;

describe.skipIf(!available)(`product images on ${engine}`, () => {
  let database: TestDatabase;
  let catalogue: Catalogue;
  let api: ApiHarness;
  let images: ReturnType<typeof productImagesService>;
  let shirt: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    api = apiHarness(database);
    images = productImagesService(productImagesRepository(database.db));
    shirt = catalogue.products.shirt;
  });
  afterAll(() => database?.drop());
  beforeEach(async () => {
    await database.db.deleteFrom("product_images").where("product_id", "=", shirt).execute();
  });

  async function cover() {
    return database.db
      .selectFrom("products")
      .select(["image", "back_image"])
      .where("id", "=", shirt)
      .executeTakeFirstOrThrow();
  }

  /** Navy front and back, then black front: three photos, in that order. */
  async function threePhotos() {
    const { navy, black } = catalogue.colors;
    const navyFront = await images.add(shirt, {
      file: file("navy-front"),
      alt: "Navy, front",
      colorId: navy.id,
    });
    const navyBack = await images.add(shirt, {
      file: file("navy-back"),
      alt: "Navy, back",
      colorId: navy.id,
    });
    const blackFront = await images.add(shirt, {
      file: file("black-front"),
      alt: "Black, front",
      colorId: black.id,
    });
    return { navyFront, navyBack, blackFront };
  }

  it("adds photos at the end and keeps the listing's two pictures in step", async () => {
    expect(await images.list(shirt)).toEqual([]);
    const { navyFront, navyBack, blackFront } = await threePhotos();
    expect([navyFront.position, navyBack.position, blackFront.position]).toEqual([0, 1, 2]);
    expect(blackFront).toEqual({
      id: expect.any(Number),
      color_id: catalogue.colors.black.id,
      url: file("black-front"),
      alt: "Black, front",
      position: 2,
    });
    expect(await cover()).toEqual({ image: file("navy-front"), back_image: file("navy-back") });
    const colourless = await images.add(shirt, {
      file: "https://cdn.example.com/x.jpg",
      alt: "  Fit  ",
      colorId: null,
    });
    expect(colourless).toMatchObject({ color_id: null, alt: "Fit", position: 3 });
  });

  it("lists every photo in order, or one colour's", async () => {
    const { navyFront, navyBack, blackFront } = await threePhotos();
    expect((await images.list(shirt)).map((image) => image.id)).toEqual([
      navyFront.id,
      navyBack.id,
      blackFront.id,
    ]);
    expect((await images.list(shirt, catalogue.colors.navy.id)).map((image) => image.url)).toEqual([
      file("navy-front"),
      file("navy-back"),
    ]);
    expect(await images.list(shirt, catalogue.colors.tan.id)).toEqual([]);
    await expect(images.list(999_999)).rejects.toBeInstanceOf(NotFound);
  });

  it("refuses a blank alt text, a bad file, a colour the product is not sold in and an unknown product", async () => {
    const { navy, tan } = catalogue.colors;
    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => error,
      );
    const blank = await refusal(images.add(shirt, { file: file("a"), alt: "  ", colorId: navy.id }));
    expect(blank).toBeInstanceOf(ValidationFailed);
    expect((blank as ValidationFailed).errors).toEqual({ alt: ["The alt text field is required."] });
    for (const bad of ["", "images/x.webp", "//evil.example/x.webp", "http://x.example/a.jpg", "/a b.webp"]) {
      const error = await refusal(images.add(shirt, { file: bad, alt: "A", colorId: null }));
      expect((error as ValidationFailed).errors, bad).toHaveProperty("file");
    }
    const colour = await refusal(images.add(shirt, { file: file("tan"), alt: "Tan", colorId: tan.id }));
    expect((colour as ValidationFailed).errors).toEqual({
      color_id: ["The selected colour is not offered for this product."],
    });
    await expect(images.add(999_999, { file: file("x"), alt: "X", colorId: null })).rejects.toBeInstanceOf(
      NotFound,
    );
    expect(await images.list(shirt)).toEqual([]);
  });

  it("reorders to a full list of the product's photos and moves the listing's pictures with it", async () => {
    const { navyFront, navyBack, blackFront } = await threePhotos();
    const reordered = await images.reorder(shirt, [blackFront.id, navyFront.id, navyBack.id]);
    expect(reordered.map((image) => [image.id, image.position])).toEqual([
      [blackFront.id, 0],
      [navyFront.id, 1],
      [navyBack.id, 2],
    ]);
    expect(await cover()).toEqual({ image: file("black-front"), back_image: file("navy-front") });

    const other = await database.db
      .selectFrom("product_images")
      .select("id")
      .where("product_id", "=", catalogue.products.tote)
      .executeTakeFirstOrThrow();
    for (const ids of [
      [blackFront.id, navyFront.id],
      [blackFront.id, navyFront.id, navyFront.id],
      [blackFront.id, navyFront.id, other.id],
      [blackFront.id, navyFront.id, navyBack.id, other.id],
    ]) {
      await expect(images.reorder(shirt, ids), JSON.stringify(ids)).rejects.toBeInstanceOf(ValidationFailed);
    }
    expect((await images.list(shirt)).map((image) => image.id)).toEqual([
      blackFront.id,
      navyFront.id,
      navyBack.id,
    ]);
  });

  it("changes the alt text of the product's own photo only", async () => {
    const { navyBack } = await threePhotos();
    await images.update(shirt, navyBack.id, { alt: "Oxford shirt in navy, seen from the back" });
    expect((await images.list(shirt))[1]!.alt).toBe("Oxford shirt in navy, seen from the back");
    await expect(images.update(shirt, navyBack.id, { alt: "" })).rejects.toBeInstanceOf(ValidationFailed);
    await expect(
      images.update(catalogue.products.tote, navyBack.id, { alt: "Stolen" }),
    ).rejects.toBeInstanceOf(NotFound);
    expect((await images.list(shirt))[1]!.alt).toBe("Oxford shirt in navy, seen from the back");
  });

  it("removes a photo, closes the gap and refreshes the listing's pictures", async () => {
    const { navyFront, navyBack, blackFront } = await threePhotos();
    await images.remove(shirt, navyFront.id);
    expect((await images.list(shirt)).map((image) => [image.id, image.position])).toEqual([
      [navyBack.id, 0],
      [blackFront.id, 1],
    ]);
    expect(await cover()).toEqual({ image: file("navy-back"), back_image: file("black-front") });
    await expect(images.remove(shirt, navyFront.id)).rejects.toBeInstanceOf(NotFound);
    await expect(images.remove(catalogue.products.tote, navyBack.id)).rejects.toBeInstanceOf(NotFound);
    await images.remove(shirt, navyBack.id);
    await images.remove(shirt, blackFront.id);
    expect(await cover()).toEqual({ image: null, back_image: null });
  });

  it("keeps positions whole when photos are added at the same moment", async () => {
    const { navy } = catalogue.colors;
    await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        images.add(shirt, { file: file(`n${index}`), alt: `Photo ${index}`, colorId: navy.id }),
      ),
    );
    expect((await images.list(shirt)).map((image) => image.position)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("shows the rows through the API: detail photos with alt text, cards and cart lines per colour", async () => {
    await threePhotos();
    const detail = (await (await api.request("/product/oxford-shirt")).json()) as Record<string, unknown>;
    expect(detail.image).toBe(file("navy-front"));
    expect(detail.back_image).toBe(file("navy-back"));
    expect(detail.gallery).toEqual([file("navy-front"), file("navy-back"), file("black-front")]);
    expect(detail.images).toEqual([
      expect.objectContaining({ color_id: catalogue.colors.navy.id, alt: "Navy, front", position: 0 }),
      expect.objectContaining({ color_id: catalogue.colors.navy.id, alt: "Navy, back", position: 1 }),
      expect.objectContaining({ color_id: catalogue.colors.black.id, alt: "Black, front", position: 2 }),
    ]);
    const cards = (await (await api.request("/products?search=oxford")).json()) as { data: unknown[] };
    expect(cards.data[0]).toMatchObject({ image: file("navy-front"), back_image: file("navy-back") });

    // A cart line shows its colour's first photo; a colour without photos shows the product's cover.
    const { colors, sizes } = catalogue;
    await images.reorder(shirt, (await images.list(shirt)).map((image) => image.id).reverse());
    const guest = shopper(api);
    await guest.post("/cart/add", {
      id: shirt,
      quantity: 1,
      size: await variantId(database.db, shirt, colors.navy.id, sizes.small.id),
    });
    const { body } = await guest.post("/cart/add", {
      id: shirt,
      quantity: 1,
      size: await variantId(database.db, shirt, colors.black.id, sizes.small.id),
    });
    expect(body.cart.map((line: { attributes: { image: string } }) => line.attributes.image)).toEqual([
      file("navy-back"),
      file("black-front"),
    ]);
    await images.remove(shirt, (await images.list(shirt, colors.black.id))[0]!.id);
    const after = await guest.get("/cart");
    expect(after.body.cart[1].attributes.image).toBe(file("navy-back"));
  });
});
