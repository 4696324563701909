import { describe, expect, it } from "vitest";
import type { Order } from "../../shared/contracts/checkout.ts";
import { confirmationEmail } from "./confirmation-email.ts";

const hostile = `<script>alert("x")</script> & 'co'`;

const order: Order = {
  number: "BT-261122-7KQ2M",
  status: "pending",
  created_at: "2026-11-22T10:00:00.000Z",
  email: "ali@example.pk",
  phone: "0300 1234567 <ext 2>",
  shipping_address: {
    country: "Pakistan",
    first_name: `Ali ${hostile}`,
    last_name: "<b>Raza</b>",
    address: `House 12 <img src=x onerror=alert(1)>`,
    address_2: `"Flat" 3`,
    city: "Islamabad & Rawalpindi",
    postcode: "<44000>",
  },
  notes: `Ring twice <a href="https://evil.example">here</a>\nthen wait`,
  subtotal: 15398.2,
  delivery_charges: 200,
  discount: 0,
  total: 15598.2,
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

describe("the order confirmation email", () => {
  const mail = confirmationEmail(order, "http://shop.test");

  it("escapes every piece of shopper-provided text and product data in the HTML", () => {
    for (const raw of [
      "<script>",
      "<b>",
      "<img",
      '<a href="https://evil.example">',
      "<i>",
      "<Gold>",
      "<One Size>",
      "<44000>",
      "<ext 2>",
    ]) {
      expect(mail.html, raw).not.toContain(raw);
    }
    expect(mail.html).toContain("Ali &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;co&#39;");
    expect(mail.html).toContain("&#60;b&#62;Raza&#60;/b&#62;");
    expect(mail.html).toContain("House 12 &#60;img src=x onerror=alert(1)&#62;");
    expect(mail.html).toContain("&#34;Flat&#34; 3");
    expect(mail.html).toContain("Islamabad &#38; Rawalpindi &#60;44000&#62;");
    expect(mail.html).toContain(
      "Ring twice &#60;a href=&#34;https://evil.example&#34;&#62;here&#60;/a&#62;<br>then wait",
    );
    expect(mail.html).toContain("Tote &#60;i&#62;&#34;Deluxe&#34;&#60;/i&#62;");
    expect(mail.html).toContain("(Black &#38; &#60;Gold&#62;, &#60;One Size&#62;)");
  });

  it("keeps the plain-text part as the shopper wrote it", () => {
    expect(mail.text).toContain(`Hi Ali ${hostile},`);
    expect(mail.text).toContain(`Tote <i>"Deluxe"</i> (Black & <Gold>, <One Size>) X 2: Rs. 5,398.20`);
    expect(mail.text).toContain("Your notes:\nRing twice");
  });

  it("carries the items, the amount due on delivery, the phone and the address, in both parts", () => {
    expect(mail.text).toContain("Amount due on delivery: Rs. 15,598.20");
    expect(mail.html).toContain("Amount due on delivery: Rs. 15,598.20");
    expect(mail.text).toContain("Phone: 0300 1234567 <ext 2>");
    expect(mail.html).toContain("Phone: 0300 1234567 &#60;ext 2&#62;");
    expect(mail.text).toContain(
      `Shipping to:\nAli ${hostile} <b>Raza</b>\nHouse 12 <img src=x onerror=alert(1)>`,
    );
    expect(mail.text).toContain("Islamabad & Rawalpindi <44000>\nPakistan");
    expect(mail.html).toContain("Tote &#60;i&#62;&#34;Deluxe&#34;&#60;/i&#62;");
    expect(mail.html).toContain("X 2");
  });

  it("points guests to the order lookup and account holders to their orders", () => {
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("http://shop.test/order-lookup");
      expect(part).toContain("http://shop.test/account/orders");
    }
  });

  it("shows the order's own figures", () => {
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("Sub Total: Rs. 15,398.20");
      expect(part).toContain("Discount: Rs. 0.00");
      expect(part).toContain("Shipping: Rs. 200.00");
      expect(part).toContain("Total: Rs. 15,598.20");
    }
  });
});

describe("the confirmation's figures with a code and a cash-on-delivery fee", () => {
  it("names the code beside its discount and shows the fee as its own line", () => {
    const mail = confirmationEmail(
      { ...order, discount: 300, coupon_code: "EID10", cod_fee: 50, total: order.total - 300 + 50 },
      "http://shop.test",
    );
    expect(mail.text).toContain("Discount (EID10): Rs. 300.00");
    expect(mail.text).toContain("Cash on delivery fee: Rs. 50.00");
    expect(confirmationEmail(order, "http://shop.test").text).not.toContain("Cash on delivery fee");
  });
});
