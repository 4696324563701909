import { describe, expect, it } from "vitest";
import {
  confirmationRequestMessage,
  orderCancelledMessage,
  orderDeliveredMessage,
  orderPlacedMessage,
  orderShippedMessage,
  orderStatusMessage,
  outForDeliveryMessage,
} from "./order-messages.ts";

const order = { number: "BT-261128-7KQ2M", total: 12_345 };

describe("what the shop texts about an order", () => {
  it("says each piece of news in short sentences, with the shop's name and the amount as Rs. 12,345", () => {
    expect(orderPlacedMessage(order)).toEqual({
      text: "Bags & Threads: thank you! Your order BT-261128-7KQ2M is placed. Total Rs. 12,345, paid in cash on delivery. We will text you when it ships.",
      template: { name: "order_placed", parameters: ["BT-261128-7KQ2M", "Rs. 12,345"] },
    });
    expect(confirmationRequestMessage({ order, link: "https://shop.pk/c/abc", code: "493817" })).toEqual({
      text: "Bags & Threads: please confirm your order BT-261128-7KQ2M of Rs. 12,345. Open https://shop.pk/c/abc or enter code 493817.",
      template: {
        name: "order_confirmation",
        parameters: ["BT-261128-7KQ2M", "Rs. 12,345", "https://shop.pk/c/abc", "493817"],
      },
    });
    expect(outForDeliveryMessage(order).text).toBe(
      "Bags & Threads: your order BT-261128-7KQ2M is out for delivery today. Please keep Rs. 12,345 ready for the courier.",
    );
    expect(orderDeliveredMessage(order).template).toEqual({
      name: "order_delivered",
      parameters: [order.number],
    });
    expect(orderCancelledMessage(order).text).toContain(
      "was cancelled and will not be delivered. Nothing is due.",
    );
  });

  it("names the courier, consignment number and tracking link once the parcel is booked", () => {
    const shipment = {
      courier: "Leopards",
      consignment: "LE7531902",
      trackingUrl: "https://track.example/LE7531902",
    };
    expect(orderShippedMessage(order, shipment)).toEqual({
      text: "Bags & Threads: your order BT-261128-7KQ2M has shipped with Leopards, consignment LE7531902. Track it at https://track.example/LE7531902. Please keep Rs. 12,345 ready.",
      template: {
        name: "order_shipped_tracked",
        parameters: [order.number, "Leopards", "LE7531902", "https://track.example/LE7531902", "Rs. 12,345"],
      },
    });
    expect(orderShippedMessage(order).template.name).toBe("order_shipped");
  });

  it("has news for shipped, delivered and cancelled, none for processing", () => {
    expect(orderStatusMessage(order, "shipped")?.template.name).toBe("order_shipped");
    expect(orderStatusMessage(order, "delivered")?.template.name).toBe("order_delivered");
    expect(orderStatusMessage(order, "cancelled")?.template.name).toBe("order_cancelled");
    expect(orderStatusMessage(order, "processing")).toBeUndefined();
  });

  it("fits every text in one long SMS", () => {
    const long = {
      courier: "TCS Express",
      consignment: "7".repeat(20),
      trackingUrl: `https://t.example/${"x".repeat(40)}`,
    };
    for (const content of [orderPlacedMessage(order), orderShippedMessage(order, long)]) {
      expect(content.text.length).toBeLessThanOrEqual(306);
    }
  });
});
