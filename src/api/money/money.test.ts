import { describe, expect, it } from "vitest";
import {
  checkoutSummary,
  couponDiscount,
  DELIVERY_CHARGE,
  deliveryCharge,
  lineTotal,
  orderTotal,
  percentForPrice,
  priceLine,
  salePrice,
  sameAmount,
  summaryInRupees,
  toPaisa,
  toRupees,
} from "./money.ts";

describe("paisa and rupees", () => {
  it("converts both ways without drifting", () => {
    expect(toRupees(0)).toBe(0);
    expect(toRupees(125_050)).toBe(1250.5);
    expect(toRupees(1)).toBe(0.01);
    expect(toPaisa(1250.5)).toBe(125_050);
    expect(toPaisa(15598.2)).toBe(1_559_820);
    expect(toPaisa(0.1 + 0.2)).toBe(30);
    expect(toPaisa(toRupees(1_559_821))).toBe(1_559_821);
  });

  it("refuses amounts that are not whole, non-negative and safe", () => {
    expect(() => toRupees(-1)).toThrow(RangeError);
    expect(() => toRupees(1.5)).toThrow(RangeError);
    expect(() => toRupees(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
    expect(() => toPaisa(Number.NaN)).toThrow(RangeError);
    expect(() => toPaisa(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it("compares a client's rupee figure with paisa, treating anything malformed as different", () => {
    expect(sameAmount(15598.2, 1_559_820)).toBe(true);
    expect(sameAmount(15598.21, 1_559_820)).toBe(false);
    expect(sameAmount(0, 0)).toBe(true);
    expect(sameAmount(Number.NaN, 0)).toBe(false);
    expect(sameAmount(1e300, 0)).toBe(false);
  });
});

describe("sale price", () => {
  it("takes the percent off, rounding the discount to the nearest paisa", () => {
    expect(salePrice(1_250_000, 20)).toBe(1_000_000);
    expect(salePrice(299_900, 10)).toBe(269_910);
    // 333 × 10% = 33.3 paisa off -> 33; 337 × 10% = 33.7 -> 34.
    expect(salePrice(333, 10)).toBe(300);
    expect(salePrice(337, 10)).toBe(303);
  });

  it("rounds a half paisa of discount up, in the shopper's favour", () => {
    // 5 × 10% = 0.5 paisa off -> 1; 15 × 10% = 1.5 -> 2; 1 × 50% = 0.5 -> 1.
    expect(salePrice(5, 10)).toBe(4);
    expect(salePrice(15, 10)).toBe(13);
    expect(salePrice(1, 50)).toBe(0);
    expect(salePrice(3, 50)).toBe(1);
  });

  it("keeps the price at 0% and gives it away at 100%", () => {
    expect(salePrice(450_000, 0)).toBe(450_000);
    expect(salePrice(450_000, 100)).toBe(0);
    expect(salePrice(0, 35)).toBe(0);
  });

  it("agrees with exact integer arithmetic for large prices", () => {
    const exact = (price: bigint, percent: bigint) => price - (price * percent + 50n) / 100n;
    for (const price of [2 ** 40 + 50, 2 ** 44 + 49, 12_345_678_901_234, 89_999_999_999_950]) {
      for (const percent of [1, 15, 33, 50, 99]) {
        if (price * percent + 50 > Number.MAX_SAFE_INTEGER) continue;
        expect(salePrice(price, percent), `${price} at ${percent}%`).toBe(
          Number(exact(BigInt(price), BigInt(percent))),
        );
      }
    }
  });

  it("refuses a discount that is not a whole percent from 0 to 100, and a bad price", () => {
    expect(() => salePrice(1000, -5)).toThrow(RangeError);
    expect(() => salePrice(1000, 101)).toThrow(RangeError);
    expect(() => salePrice(1000, 12.5)).toThrow(RangeError);
    expect(() => salePrice(-1000, 10)).toThrow(RangeError);
    expect(() => salePrice(10.5, 10)).toThrow(RangeError);
    expect(() => salePrice(Number.MAX_SAFE_INTEGER, 50)).toThrow(RangeError);
  });
});

describe("a fixed sale price as a percent (decision 0049)", () => {
  it("takes the smallest whole percent that brings the price to the fixed price or under", () => {
    // Rs. 3,500 for Rs. 1,999: 42% gives Rs. 2,030, 43% gives Rs. 1,995.
    expect(percentForPrice(350_000, 199_900)).toBe(43);
    expect(salePrice(350_000, 43)).toBe(199_500);
    expect(salePrice(350_000, 42)).toBeGreaterThan(199_900);
  });

  it("is exact when a whole percent meets the price, and 0 when the price is already at or under it", () => {
    expect(percentForPrice(200_000, 150_000)).toBe(25);
    expect(percentForPrice(150_000, 150_000)).toBe(0);
    expect(percentForPrice(100_000, 150_000)).toBe(0);
  });

  it("never leaves the shopper above the fixed price, even at odd paisa", () => {
    for (const price of [101, 999, 12_345, 350_001, 9_999_999]) {
      for (const fixed of [1, 50, 100, 7_777, 199_900]) {
        const percent = percentForPrice(price, fixed);
        if (price <= fixed) expect(percent).toBe(0);
        else {
          expect(salePrice(price, percent)).toBeLessThanOrEqual(fixed);
          if (percent > 0) expect(salePrice(price, percent - 1)).toBeGreaterThan(fixed);
        }
      }
    }
  });
});

describe("line totals", () => {
  it("multiplies the unit price by the quantity, zero included", () => {
    expect(lineTotal(269_910, 2)).toBe(539_820);
    expect(lineTotal(269_910, 0)).toBe(0);
    expect(lineTotal(0, 999)).toBe(0);
    expect(priceLine({ price: 299_900, discount: 10, quantity: 3 })).toEqual({
      unitPrice: 269_910,
      lineTotal: 809_730,
    });
  });

  it("handles large quantities exactly and refuses a total beyond safe integers", () => {
    expect(lineTotal(99_999_999, 999)).toBe(99_899_999_001);
    expect(lineTotal(1_000_000_000, 1_000_000)).toBe(1e15);
    expect(() => lineTotal(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
    expect(() => lineTotal(100, -1)).toThrow(RangeError);
    expect(() => lineTotal(100, 1.5)).toThrow(RangeError);
  });
});

describe("delivery and order total", () => {
  it("charges Rs. 200 when there is something to deliver, nothing for an empty cart", () => {
    expect(DELIVERY_CHARGE).toBe(20_000);
    expect(deliveryCharge(1)).toBe(20_000);
    expect(deliveryCharge(999)).toBe(20_000);
    expect(deliveryCharge(0)).toBe(0);
  });

  it("is subtotal + delivery - discount, and never negative", () => {
    expect(orderTotal(1_539_820, 20_000, 0)).toBe(1_559_820);
    expect(orderTotal(100_000, 20_000, 5_000)).toBe(115_000);
    expect(orderTotal(0, 0, 0)).toBe(0);
    expect(() => orderTotal(1000, 0, 1001)).toThrow(RangeError);
    expect(() => orderTotal(-1, 0, 0)).toThrow(RangeError);
  });
});

describe("checkoutSummary", () => {
  it("gives every figure of a cart with discounted and full-price lines", () => {
    const summary = checkoutSummary([
      { price: 299_900, discount: 10, quantity: 2 },
      { price: 1_250_000, discount: 20, quantity: 1 },
      { price: 450_000, discount: 0, quantity: 3 },
    ]);
    expect(summary).toEqual({
      lines: [
        { unitPrice: 269_910, lineTotal: 539_820 },
        { unitPrice: 1_000_000, lineTotal: 1_000_000 },
        { unitPrice: 450_000, lineTotal: 1_350_000 },
      ],
      quantity: 6,
      subtotal: 2_889_820,
      eligibleSubtotal: 2_889_820,
      discount: 0,
      delivery: 20_000,
      deliveryReason: { kind: "flat" },
      codFee: 0,
      total: 2_909_820,
    });
    expect(summaryInRupees(summary)).toEqual({
      subtotal: 28898.2,
      discount: 0,
      delivery_charges: 200,
      cod_fee: 0,
      total: 29098.2,
    });
  });

  it("is all zeros for an empty cart", () => {
    expect(checkoutSummary([])).toEqual({
      lines: [],
      quantity: 0,
      subtotal: 0,
      eligibleSubtotal: 0,
      discount: 0,
      delivery: 0,
      deliveryReason: { kind: "nothing" },
      codFee: 0,
      total: 0,
    });
  });

  it("sums large carts exactly", () => {
    const lines = Array.from({ length: 50 }, () => ({ price: 99_999_999, discount: 15, quantity: 999 }));
    const summary = checkoutSummary(lines);
    // 99,999,999 less 15% (14,999,999.85 -> 15,000,000 off) = 84,999,999 paisa.
    expect(summary.lines[0]).toEqual({ unitPrice: 84_999_999, lineTotal: 84_914_999_001 });
    expect(summary.quantity).toBe(49_950);
    expect(summary.subtotal).toBe(4_245_749_950_050);
    expect(summary.total).toBe(4_245_749_970_050);
    expect(summaryInRupees(summary).total).toBe(42_457_499_700.5);
  });

  it("refuses a cart whose sum would leave safe integers", () => {
    const huge = { price: 2 ** 51, discount: 0, quantity: 1 };
    expect(() => checkoutSummary([huge, huge, huge, huge, huge])).toThrow(RangeError);
  });
});

describe("codes and delivery at the edges (decision 0047)", () => {
  const delivery = { flat: 20_000, freeFrom: 500_000, cities: new Map([["karachi", 30_000]]), codFee: 5_000 };

  it("rounds a percent of odd paisa to the nearest paisa, halves in the shopper's favour", () => {
    expect(couponDiscount(1_005, { kind: "percent", value: 10 })).toBe(101); // 100.5 → 101
    expect(couponDiscount(1_004, { kind: "percent", value: 10 })).toBe(100); // 100.4 → 100
    expect(couponDiscount(333, { kind: "percent", value: 33 })).toBe(110); // 109.89 → 110
    expect(couponDiscount(0, { kind: "percent", value: 50 })).toBe(0);
    expect(couponDiscount(1_000, { kind: "percent", value: 100 })).toBe(1_000);
    expect(() => couponDiscount(1_000, { kind: "percent", value: 101 })).toThrow(RangeError);
  });

  it("never takes off more than the lines cost, and nothing for free delivery", () => {
    expect(couponDiscount(80_000, { kind: "amount", value: 500_000 })).toBe(80_000);
    expect(couponDiscount(80_000, { kind: "amount", value: 0 })).toBe(0);
    expect(couponDiscount(80_000, { kind: "free_delivery", value: 0 })).toBe(0);
  });

  it("makes delivery free when the subtotal after the discount exactly meets the threshold, not a paisa below", () => {
    const at = checkoutSummary([{ price: 500_000, discount: 0, quantity: 1 }], { delivery });
    expect(at).toMatchObject({
      delivery: 0,
      deliveryReason: { kind: "threshold", from: 500_000 },
      codFee: 5_000,
    });
    expect(at.total).toBe(505_000);
    const below = checkoutSummary([{ price: 500_000, discount: 0, quantity: 1 }], {
      delivery,
      coupon: { kind: "amount", value: 1 },
    });
    expect(below).toMatchObject({ discount: 1, delivery: 20_000, deliveryReason: { kind: "flat" } });
    expect(below.total).toBe(500_000 - 1 + 20_000 + 5_000);
  });

  it("charges a city its own delivery, a free-delivery code none, and an empty cart nothing at all", () => {
    const lines = [{ price: 100_000, discount: 0, quantity: 1 }];
    expect(checkoutSummary(lines, { delivery, city: "  KARACHI " })).toMatchObject({
      delivery: 30_000,
      deliveryReason: { kind: "city", city: "KARACHI" },
    });
    expect(checkoutSummary(lines, { delivery, city: "Lahore" })).toMatchObject({ delivery: 20_000 });
    expect(
      checkoutSummary(lines, { delivery, city: "Karachi", coupon: { kind: "free_delivery", value: 0 } }),
    ).toMatchObject({ delivery: 0, deliveryReason: { kind: "code" } });
    expect(checkoutSummary([], { delivery })).toMatchObject({ delivery: 0, codFee: 0, total: 0 });
  });

  it("discounts only the lines a code covers", () => {
    const summary = checkoutSummary(
      [
        { price: 100_000, discount: 0, quantity: 1, eligible: true },
        { price: 100_000, discount: 0, quantity: 1, eligible: false },
      ],
      { delivery, coupon: { kind: "percent", value: 50 } },
    );
    expect(summary).toMatchObject({ subtotal: 200_000, eligibleSubtotal: 100_000, discount: 50_000 });
  });
});
