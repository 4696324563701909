import { describe, expect, it } from "vitest";
import { deliveryPricing } from "./shop-settings.ts";

describe("delivery pricing from the owner's settings", () => {
  it("turns rupees into paisa and keys each city the way money.ts compares it", () => {
    const pricing = deliveryPricing({
      flat_charge: 200,
      free_from: 4999.5,
      city_charges: [{ city: " Dera  Ghazi Khan ", charge: 350.25 }],
      cod_fee: 0,
    });
    expect(pricing).toEqual({
      flat: 20_000,
      freeFrom: 499_950,
      cities: new Map([["dera ghazi khan", 35_025]]),
      codFee: 0,
    });
    expect(deliveryPricing({ flat_charge: 0, free_from: null, city_charges: [], cod_fee: 75 })).toMatchObject(
      {
        freeFrom: null,
        codFee: 7_500,
      },
    );
  });
});
