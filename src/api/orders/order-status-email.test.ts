import { describe, expect, it } from "vitest";
import type { Order } from "../../shared/contracts/checkout.ts";
import { orderStatusEmail } from "./order-status-email.ts";

const hostile = `<script>alert("x")</script> & 'co'`;

const order: Order = {
  number: "BT-261122-7KQ2M",
  status: "pending",
  created_at: "2026-11-22T10:00:00.000Z",
  email: "ali@example.pk",
  phone: "0300 1234567",
  shipping_address: {
    country: "Pakistan",
    first_name: `Ali ${hostile}`,
    last_name: "Raza",
    address: "House 12",
    address_2: "",
    city: "Islamabad <b>& Rawalpindi</b>",
    postcode: "44000",
  },
  notes: "",
  subtotal: 5398.2,
  delivery_charges: 200,
  discount: 0,
  total: 5598.2,
  confirm_by: null,
  cod_fee: 0,
  coupon_code: null,
  items: [
    {
      product_id: 1,
      slug: "tote",
      name: `Tote <i>"Deluxe"</i>`,
      color_name: "Black & <Gold>",
      size_name: "<One Size>",
      price: 2699.1,
      quantity: 2,
      total: 5398.2,
    },
  ],
};

describe("the emails of an order's new status", () => {
  it("says in the subject and the text what happened to which order", () => {
    const expected = {
      pending: "Your order BT-261122-7KQ2M is confirmed",
      processing: "Your order BT-261122-7KQ2M is being processed",
      shipped: "Your order BT-261122-7KQ2M has shipped",
      delivered: "Your order BT-261122-7KQ2M was delivered",
      cancelled: "Your order BT-261122-7KQ2M was cancelled",
    } as const;
    for (const [status, subject] of Object.entries(expected)) {
      const mail = orderStatusEmail(order, status as keyof typeof expected, "http://shop.test");
      if (!mail) throw new Error(`no mail for ${status}`);
      expect(mail.to).toBe("ali@example.pk");
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain(`${subject}.`);
      expect(mail.text).toContain(`Tote <i>"Deluxe"</i> (Black & <Gold>, <One Size>) X 2`);
      expect(mail.text).toContain("Total: Rs. 5,598.20");
      expect(mail.text).toContain("http://shop.test/order-lookup");
      expect(mail.html).toContain(subject);
    }
    expect(orderStatusEmail(order, "shipped", "http://shop.test")?.text).toContain(
      "Please have Rs. 5,598.20 ready: you pay the courier in cash when it arrives.",
    );
    expect(orderStatusEmail(order, "cancelled", "http://shop.test")?.text).toContain("Nothing is due.");
    expect(
      orderStatusEmail(order, "cancelled", "http://shop.test", { why: "Not confirmed." })?.text,
    ).toContain("Not confirmed.");
  });

  it("sends nothing about a parcel coming back (the shop's business with its courier)", () => {
    expect(orderStatusEmail(order, "returning", "http://shop.test")).toBeUndefined();
    expect(orderStatusEmail(order, "returned", "http://shop.test")).toBeUndefined();
  });

  it("escapes the shopper's name, the city and the product's words in the HTML", () => {
    for (const status of ["processing", "shipped", "delivered", "cancelled"] as const) {
      const html = orderStatusEmail(order, status, "http://shop.test")?.html ?? "";
      for (const raw of ["<script>", "<i>", "<Gold>", "<One Size>", "<b>"])
        expect(html, raw).not.toContain(raw);
      expect(html).toContain("Ali &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;co&#39;");
    }
    expect(orderStatusEmail(order, "shipped", "http://shop.test")?.html).toContain(
      "Islamabad &#60;b&#62;&#38; Rawalpindi&#60;/b&#62;",
    );
  });
});
