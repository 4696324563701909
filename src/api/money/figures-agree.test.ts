import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MailMessage } from "../../platform/mail.ts";
import type { Cart } from "../../shared/contracts/cart.ts";
import type { Order } from "../../shared/contracts/checkout.ts";
import { formatRupees } from "../../shared/money.ts";
import { type ApiHarness, apiHarness, registeredShopper } from "../../testing/api-harness.ts";
import { buildCatalogue, type Catalogue, variantId } from "../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";

const { engine, available } = testEngine();

/**
 * One cart, followed through every place that shows its money: the cart's lines and summary (and the answers of
 * the changes that built it), the order checkout returns, the order as GET /api/orders/:number shows it, and the
 * confirmation email. They must all show the same figures.
 */
describe.skipIf(!available)(`the same money figures everywhere, on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;
  let catalogue: Catalogue;
  const sent: MailMessage[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    api = apiHarness(database, {
      mailer: {
        async send(message) {
          sent.push(message);
        },
      },
    });
  });
  afterAll(() => database?.drop());

  it("agrees across the cart, every cart answer, the order, the order page's API and the email", async () => {
    const { products, colors, sizes } = catalogue;
    const client = await registeredShopper(api, {
      first_name: "Sana",
      last_name: "Malik",
      email: "sana@example.pk",
    });
    const shirt = await variantId(database.db, products.shirt, colors.navy.id, sizes.small.id);
    const tote = await variantId(database.db, products.tote, colors.black.id, sizes.oneSize.id);
    const clutch = await variantId(database.db, products.clutch, colors.black.id, sizes.oneSize.id);

    // 10% off Rs. 2,999.00 twice, 20% off Rs. 12,500.00 once, and a full-price clutch raised from 1 to 3.
    const answers: Cart[] = [];
    for (const [id, size, quantity] of [
      [products.shirt, shirt, 2],
      [products.tote, tote, 1],
      [products.clutch, clutch, 1],
    ] as const) {
      const added = await client.post("/cart/add", { id, quantity, size });
      expect(added.status).toBe(200);
      answers.push(added.body);
    }
    const clutchLine = answers.at(-1)!.cart.find((line) => line.attributes.variation_id === clutch)!;
    const updated = await client.post("/update-cart", {
      product_id: clutchLine.id,
      quantity: 3,
      variation_id: clutch,
    });
    expect(updated.status).toBe(200);

    const { body: cart } = (await client.get("/cart")) as { body: Cart };
    expect(cart.cart.map((line) => [line.name, line.price, line.quantity, line.total])).toEqual([
      ["Oxford_Shirt", 2699.1, 2, 5398.2],
      ["Leather Tote", 10000, 1, 10000],
      ["Evening Clutch 100% Silk", 4500, 3, 13500],
    ]);
    expect(cart.summary).toEqual({
      subtotal: 28898.2,
      discount: 0,
      delivery_charges: 200,
      cod_fee: 0,
      delivery_note: "",
      coupon: null,
      total: 29098.2,
    });
    expect(cart.total).toBe(cart.summary.subtotal);
    expect(cart.quantity).toBe(6);
    // The change that produced this cart answered with the very same figures.
    const { message: _message, ...updatedCart } = updated.body;
    expect(updatedCart).toEqual(cart);
    // Each earlier answer was consistent with itself: its total is its summary's subtotal.
    for (const answer of answers) expect(answer.total).toBe(answer.summary.subtotal);

    const lines = cart.cart.map((line) => ({
      name: line.name,
      price: line.price,
      quantity: line.quantity,
      total: line.total,
    }));
    // The figures an order keeps: the cart's, with its code's name rather than the code's description.
    const figures = {
      subtotal: cart.summary.subtotal,
      discount: cart.summary.discount,
      delivery_charges: cart.summary.delivery_charges,
      cod_fee: cart.summary.cod_fee,
      total: cart.summary.total,
    };

    const placed = await client.post("/checkout", {
      email: "sana@example.pk",
      phone: "0301 2345678",
      shipping_address: {
        country: "Pakistan",
        first_name: "Sana",
        last_name: "Malik",
        address: "House 5, Street 9",
        address_2: "",
        city: "Lahore",
        postcode: "54000",
      },
      notes: "",
      cart: cart.cart,
      ...figures,
    });
    expect(placed.status).toBe(201);
    const order: Order = placed.body.order;
    const orderFigures = (shown: Order) => ({
      subtotal: shown.subtotal,
      discount: shown.discount,
      delivery_charges: shown.delivery_charges,
      cod_fee: shown.cod_fee,
      total: shown.total,
    });
    const orderLines = (shown: Order) =>
      shown.items.map((item) => ({
        name: item.name,
        price: item.price,
        quantity: item.quantity,
        total: item.total,
      }));
    expect(orderFigures(order)).toEqual(figures);
    expect(orderLines(order)).toEqual(lines);

    const fetched = await client.get(`/orders/${order.number}`);
    expect(fetched.status).toBe(200);
    expect(orderFigures(fetched.body)).toEqual(figures);
    expect(orderLines(fetched.body)).toEqual(lines);

    await api.deliverMail();
    const mail = sent.find((message) => message.subject.includes(order.number));
    expect(mail).toBeDefined();
    for (const body of [mail!.text, mail!.html]) {
      expect(body).toContain(`Sub Total: ${formatRupees(figures.subtotal)}`);
      expect(body).toContain(`Discount: ${formatRupees(figures.discount)}`);
      expect(body).toContain(`Shipping: ${formatRupees(figures.delivery_charges)}`);
      expect(body).toContain(`Total: ${formatRupees(figures.total)}`);
    }
    for (const line of cart.cart) {
      expect(mail!.text).toContain(
        `${line.name} (${line.attributes.color_name}, ${line.attributes.size_name}) X ${line.quantity}: ${formatRupees(line.total)}`,
      );
    }
    expect(mail!.text).toContain("Total: Rs. 29,098.20");

    // And the emptied cart shows nothing to pay.
    expect((await client.get("/cart")).body.summary).toEqual({
      subtotal: 0,
      discount: 0,
      delivery_charges: 0,
      cod_fee: 0,
      delivery_note: "",
      coupon: null,
      total: 0,
    });
  });
});
