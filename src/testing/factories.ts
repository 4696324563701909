import type { Insertable, Kysely } from "kysely";
import { insertProduct, type NewProductInput } from "../api/products/product-writer.ts";
import type { Database, OrderStatus } from "../platform/db/schema.ts";

/** A small, fully known catalogue for API tests. Prices are in paisa. */
export async function buildCatalogue(db: Kysely<Database>) {
  const insert = async <T extends keyof Database & string>(table: T, values: Record<string, unknown>) =>
    (await (db.insertInto(table) as any).values(values).returning("id").executeTakeFirstOrThrow()) as {
      id: number;
    };

  const bags = await insert("categories", { name: "Handbags", slug: "handbags", position: 1 });
  const shirts = await insert("categories", { name: "Shirts", slug: "shirts", position: 2 });
  const black = await insert("colors", { name: "Black", code: "#111111" });
  const tan = await insert("colors", { name: "Tan", code: "#c19a6b" });
  const navy = await insert("colors", { name: "Navy", code: "#1f2a44" });
  const unused = await insert("colors", { name: "Unused", code: "#ffffff" });
  const oneSize = await insert("sizes", { name: "One Size", position: 1 });
  const small = await insert("sizes", { name: "S", position: 2 });
  const medium = await insert("sizes", { name: "M", position: 3 });
  const leather = await insert("tags", { name: "Leather" });
  const cotton = await insert("tags", { name: "Cotton" });

  const base: Pick<NewProductInput, "shortDescription" | "images"> = {
    shortDescription: "<p>Plain text</p>",
    images: [],
  };

  const product = (input: Omit<NewProductInput, keyof typeof base> & Partial<typeof base>) =>
    insertProduct(db, { ...base, ...input });

  const tote = await product({
    slug: "leather-tote",
    title: "Leather Tote",
    categoryId: bags.id,
    discount: 20,
    newArrival: true,
    dailyDeal: false,
    tagIds: [leather.id],
    images: [
      {
        colorId: black.id,
        file: "/images/products/leather-tote/black-front-800.webp",
        alt: "Leather Tote in Black, front view",
      },
    ],
    shortDescription: '<p onclick="steal()">Roomy <strong>tote</strong></p><script>alert(1)</script>',
    variants: [
      { colorId: black.id, sizeId: oneSize.id, price: 1_250_000, stock: 5 },
      { colorId: tan.id, sizeId: oneSize.id, price: 1_300_000, stock: 0 },
    ],
  });
  const clutch = await product({
    slug: "evening-clutch",
    title: "Evening Clutch 100% Silk",
    categoryId: bags.id,
    discount: 0,
    newArrival: false,
    dailyDeal: true,
    tagIds: [],
    variants: [{ colorId: black.id, sizeId: oneSize.id, price: 450_000, stock: 3 }],
  });
  const shirt = await product({
    slug: "oxford-shirt",
    title: "Oxford_Shirt",
    categoryId: shirts.id,
    discount: 10,
    newArrival: true,
    dailyDeal: true,
    tagIds: [cotton.id],
    variants: [
      { colorId: navy.id, sizeId: small.id, price: 299_900, stock: 10 },
      { colorId: navy.id, sizeId: medium.id, price: 319_900, stock: 2 },
      { colorId: black.id, sizeId: small.id, price: 299_900, stock: 7 },
    ],
  });
  const quoted = await product({
    slug: "kids-tee",
    title: "Kid's Tee",
    categoryId: shirts.id,
    discount: 0,
    newArrival: false,
    dailyDeal: false,
    tagIds: [cotton.id],
    variants: [{ colorId: navy.id, sizeId: medium.id, price: 99_900, stock: 1 }],
  });

  return {
    categories: { bags, shirts },
    colors: { black, tan, navy, unused },
    sizes: { oneSize, small, medium },
    tags: { leather, cotton },
    products: { tote, clutch, shirt, quoted },
  };
}

export type Catalogue = Awaited<ReturnType<typeof buildCatalogue>>;

/** A plain product of its own (one black, one-size variant at Rs. 1,000, 5 in stock), for figures a test owns. */
export function plainProduct(db: Kysely<Database>, catalogue: Catalogue, slug: string): Promise<number> {
  return insertProduct(db, {
    slug,
    title: `Product ${slug}`,
    categoryId: catalogue.categories.bags.id,
    shortDescription: "",
    images: [],
    discount: 0,
    newArrival: false,
    dailyDeal: false,
    tagIds: [],
    variants: [
      { colorId: catalogue.colors.black.id, sizeId: catalogue.sizes.oneSize.id, price: 100_000, stock: 5 },
    ],
  });
}

/** The variant id of a product in a colour and size. */
export async function variantId(db: Kysely<Database>, productId: number, colorId: number, sizeId: number) {
  const row = await db
    .selectFrom("variants")
    .select("id")
    .where("product_id", "=", productId)
    .where("color_id", "=", colorId)
    .where("size_id", "=", sizeId)
    .executeTakeFirstOrThrow();
  return row.id;
}

let orderSequence = 0;

/**
 * An order row written straight to the database (no items, no stock taken), for tests that read orders rather
 * than place them: the back office's dashboard and customer pages. Money in paisa; `created_at` an ISO time.
 */
export async function insertOrder(
  db: Kysely<Database>,
  values: Partial<Insertable<Database["orders"]>> = {},
): Promise<{ id: number; number: string }> {
  orderSequence += 1;
  const subtotal = values.subtotal ?? 100_000;
  const delivery = values.delivery_charge ?? 20_000;
  return db
    .insertInto("orders")
    .values({
      number: `BT-T${Date.now().toString(36).toUpperCase()}${orderSequence}`,
      user_id: null,
      email: "buyer@example.pk",
      phone: "03001234567",
      country: "Pakistan",
      first_name: "Ayesha",
      last_name: "Khan",
      address: "12 Mall Road",
      address_2: "",
      city: "Lahore",
      postcode: "54000",
      notes: "",
      subtotal,
      delivery_charge: delivery,
      discount: 0,
      total: subtotal + delivery,
      status: "pending",
      created_at: new Date().toISOString(),
      ...values,
    })
    .returning(["id", "number"])
    .executeTakeFirstOrThrow();
}

/**
 * An order of the user's holding one of the first variant of each product, in `status`: the state the back
 * office's order workflow (pending, processing, shipped, delivered) would have brought it to. Figures are
 * nominal; nothing here is about money.
 */
export async function orderFor(
  db: Kysely<Database>,
  { userId, productIds, status }: { userId: number; productIds: number[]; status: OrderStatus },
): Promise<number> {
  const { id } = await insertOrder(db, { user_id: userId, email: `user${userId}@example.pk`, status });
  for (const productId of productIds) {
    const variant = await db
      .selectFrom("variants")
      .innerJoin("products", "products.id", "variants.product_id")
      .select(["variants.id", "products.title", "products.slug"])
      .where("variants.product_id", "=", productId)
      .orderBy("variants.id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("order_items")
      .values({
        order_id: id,
        product_id: productId,
        variant_id: variant.id,
        product_name: variant.title,
        product_slug: variant.slug,
        color_name: "Black",
        size_name: "One Size",
        unit_price: 100_000,
        quantity: 1,
        line_total: 100_000,
      })
      .execute();
  }
  return id;
}
