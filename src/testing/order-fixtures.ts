import type { Insertable, Kysely } from "kysely";
import { insertProduct } from "../api/products/product-writer.ts";
import { shopSettingsRepository } from "../api/settings/shop-settings.repository.ts";
import type { Database, OrderItemTable, OrderTable, ShipmentTable } from "../platform/db/schema.ts";
import { ORDER_SETTINGS_DEFAULTS } from "../shared/contracts/settings.ts";
import { addressKey } from "../shared/order-risk.ts";
import { toE164 } from "../shared/phone.ts";
import type { Shopper } from "./api-harness.ts";
import type { Catalogue } from "./factories.ts";
import { variantId } from "./factories.ts";

/** Orders for tests: what a shopper types at checkout, a product to buy, and orders written straight in. */

/** A checkout's body: the shopper's contact details and address (the API prices the cart itself). */
export const CHECKOUT_CONTACT = {
  email: "Ayesha.Khan@Example.pk",
  phone: "0300 1234567",
  shipping_address: {
    country: "Pakistan",
    first_name: "Ayesha",
    last_name: "Khan",
    address: "House 7, Street 2, G-9/4",
    address_2: "",
    city: "Islamabad",
    postcode: "44090",
  },
  notes: "Please call before delivery.",
};

/**
 * A bag in one size and a colour per variant (Black, Tan, Navy from `buildCatalogue`, in that order), each with
 * its price (paisa) and stock; answers the product's id and its variants' ids in the same order.
 */
export async function bagInColours<const Variants extends readonly { price: number; stock: number }[]>(
  db: Kysely<Database>,
  { categories, colors, sizes }: Catalogue,
  { slug, title, variants }: { slug: string; title: string; variants: Variants },
): Promise<{ product: number; variants: { [Index in keyof Variants]: number } }> {
  const colours = [colors.black, colors.tan, colors.navy];
  const product = await insertProduct(db, {
    slug,
    title,
    categoryId: categories.bags.id,
    shortDescription: "",
    images: [],
    discount: 0,
    newArrival: false,
    dailyDeal: false,
    tagIds: [],
    variants: variants.map(({ price, stock }, index) => ({
      colorId: colours[index]!.id,
      sizeId: sizes.oneSize.id,
      price,
      stock,
    })),
  });
  const ids: number[] = [];
  for (const index of variants.keys()) {
    ids.push(await variantId(db, product, colours[index]!.id, sizes.oneSize.id));
  }
  return { product, variants: ids as { [Index in keyof Variants]: number } };
}

type StoredOrder = Pick<Insertable<OrderTable>, "number"> & Partial<Insertable<OrderTable>>;
type StoredLine = Partial<Omit<Insertable<OrderItemTable>, "order_id">>;

/**
 * An order with one line written straight to the database (no cart, no stock taken), for tests that read or
 * change orders rather than place them. Money in paisa; the totals follow the line unless given.
 */
export async function storedOrder(
  db: Kysely<Database>,
  order: StoredOrder,
  line: StoredLine = {},
): Promise<number> {
  const unitPrice = line.unit_price ?? 100_000;
  const quantity = line.quantity ?? 1;
  const subtotal = unitPrice * quantity;
  const values = {
    user_id: null,
    email: "buyer@example.pk",
    phone: "0300 1112223",
    country: "Pakistan",
    first_name: "Test",
    last_name: "Buyer",
    address: "12 Mall Road",
    address_2: "",
    city: "Lahore",
    postcode: "54000",
    notes: "",
    subtotal,
    delivery_charge: 20_000,
    discount: 0,
    total: subtotal + 20_000,
    status: "pending",
    created_at: new Date().toISOString(),
    ...order,
  };
  const { id } = await db
    .insertInto("orders")
    .values({
      // The keys checkout stores with every order (src/shared/phone.ts, src/shared/order-risk.ts).
      phone_e164: toE164(values.phone) ?? null,
      address_key: addressKey(values.address, values.city),
      ...values,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("order_items")
    .values({
      order_id: id,
      product_id: 1,
      variant_id: 1,
      product_name: "Canvas Tote",
      product_slug: "canvas-tote",
      color_name: "Tan",
      size_name: "One Size",
      unit_price: unitPrice,
      quantity,
      line_total: subtotal,
      ...line,
    })
    .execute();
  return id;
}

/**
 * Orders start "pending" as they did before the shop asked cash-on-delivery orders to be confirmed: for tests of
 * what comes after (the confirmation itself is tested in src/api/orders/order-confirmation.test.ts).
 */
export async function withoutConfirmation(db: Kysely<Database>): Promise<void> {
  const settings = { ...ORDER_SETTINGS_DEFAULTS, confirmation_required: false };
  await shopSettingsRepository.write(db, "orders", JSON.stringify(settings), "tests", new Date());
}

/** A courier's shipment of a stored order, written straight in (booked, live unless `cancelled_at` is given). */
export async function storedShipment(
  db: Kysely<Database>,
  orderId: number,
  shipment: Partial<Insertable<ShipmentTable>> = {},
): Promise<number> {
  const at = new Date().toISOString();
  const { id } = await db
    .insertInto("shipments")
    .values({
      order_id: orderId,
      courier: "leopards",
      consignment_number: `LE${orderId.toString().padStart(8, "0")}`,
      tracking_url: null,
      status: "booked",
      cod_amount: 120_000,
      idempotency_key: `test-${orderId}-${Math.random().toString(36).slice(2)}`,
      booked_by: "staff@example.test",
      booked_at: at,
      created_at: at,
      updated_at: at,
      ...shipment,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * An exchange closed for the order `number` (its return "<number>-R1"), written straight in, and the order
 * `replacement` marked as the replacement sent for it. Answers the return's id and number.
 */
export async function storedReplacement(
  db: Kysely<Database>,
  number: string,
  replacement: string,
): Promise<{ id: number; number: string }> {
  const at = new Date().toISOString();
  const order = await db
    .selectFrom("orders")
    .select(["id", "total"])
    .where("number", "=", number)
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto("returns")
    .values({
      number: `${number}-R1`,
      order_id: order.id,
      status: "closed",
      outcome: "exchanged",
      resolution: "exchange",
      reason: "wrong_size",
      reason_text: "",
      method: "drop_off",
      courier: null,
      consignment_number: null,
      tracking_url: null,
      staff_note: "",
      amount: order.total,
      refund_id: null,
      replacement_order_id: null,
      credit_coupon_id: null,
      created_at: at,
      updated_at: at,
      closed_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.updateTable("orders").set({ replacement_for: id }).where("number", "=", replacement).execute();
  return { id, number: `${number}-R1` };
}

/**
 * A guest's order of `quantity` of `variant`, placed through the API and moved by staff to delivered (processing,
 * shipped, delivered): its number, access token and first order item's id.
 */
export async function deliveredOrder(options: {
  db: Kysely<Database>;
  client: Shopper;
  staff: Shopper;
  product: number;
  variant: number;
  quantity?: number;
}): Promise<{ number: string; token: string; item: number }> {
  const { client, staff } = options;
  const added = await client.post("/cart/add", {
    id: options.product,
    quantity: options.quantity ?? 1,
    size: options.variant,
  });
  if (added.status !== 200)
    throw new Error(`cart/add answered ${added.status}: ${JSON.stringify(added.body)}`);
  const placed = await client.post("/checkout", CHECKOUT_CONTACT);
  if (placed.status !== 201)
    throw new Error(`checkout answered ${placed.status}: ${JSON.stringify(placed.body)}`);
  const number = placed.body.order.number as string;
  for (const status of ["processing", "shipped", "delivered"]) {
    const moved = await staff.call("PATCH", `/admin/orders/${number}`, { status });
    if (moved.status !== 200) throw new Error(`moving ${number} to ${status}: ${JSON.stringify(moved.body)}`);
  }
  const item = await options.db
    .selectFrom("order_items")
    .innerJoin("orders", "orders.id", "order_items.order_id")
    .select("order_items.id")
    .where("orders.number", "=", number)
    .executeTakeFirstOrThrow();
  return { number, token: placed.body.access_token as string, item: item.id };
}
