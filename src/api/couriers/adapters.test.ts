import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Courier, ParcelRequest, ReturnPickupRequest } from "./courier.ts";
import { CourierError } from "./courier.ts";
import { leopardsCourier } from "./leopards.ts";
import { ownCourier } from "./own.ts";
import { postexCourier } from "./postex.ts";
import {
  LEOPARDS_CITIES,
  LEOPARDS_TEST_CREDENTIALS,
  startLeopardsSimulator,
} from "./simulators/leopards-simulator.ts";
import { POSTEX_TEST_TOKEN, startPostexSimulator } from "./simulators/postex-simulator.ts";
import type { Simulator } from "./simulators/simulator-kit.ts";

const TIMEOUT_MS = 400;

const parcel = (reference: string, city = "Lahore"): ParcelRequest => ({
  reference,
  orderNumber: reference,
  codAmount: 550_000,
  pieces: 2,
  weight: 1000,
  description: "2 x Canvas Tote (Tan, One Size)",
  consignee: {
    name: "Ayesha Khan",
    phone: "0300 1234567",
    email: "ayesha@example.pk",
    address: "House 7, Street 2",
    city,
  },
});

const SHOPPER = {
  name: "Ayesha Khan",
  phone: "0300 1234567",
  email: "ayesha@example.pk",
  address: "House 7, Street 2",
  city: "Lahore",
};

const RETURNS_DESK = {
  name: "Shop Returns",
  phone: "021 1112223",
  email: "returns@shop.example.pk",
  address: "Plot 4, Korangi Industrial Area",
  city: "Karachi",
};

const returnPickup = (reference: string, city = "Lahore"): ReturnPickupRequest => ({
  reference,
  orderNumber: "BT-1001",
  pieces: 1,
  weight: 500,
  description: "Return: 1 x Canvas Tote (Tan, One Size)",
  pickup: { ...SHOPPER, city },
  deliverTo: RETURNS_DESK,
});

const cityId = (name: string) => LEOPARDS_CITIES.find((city) => city.name === name)!.id;

interface Case {
  name: string;
  start(): Promise<Simulator>;
  courier(url: string): Courier;
  badCredentials(url: string): Courier;
  /** What the courier reports from booking to delivery, mapped (PostEx has no "out for delivery"). */
  journey: string[];
  refusedWords: RegExp;
  credentialWords: RegExp;
  /** What the simulator stored for a reverse pickup of `returnPickup` (fields as the courier received them). */
  returnFields: Record<string, unknown>;
}

const cases: Case[] = [
  {
    name: "Leopards",
    start: () => startLeopardsSimulator(),
    courier: (apiUrl) => leopardsCourier({ ...LEOPARDS_TEST_CREDENTIALS, apiUrl, timeoutMs: TIMEOUT_MS }),
    badCredentials: (apiUrl) =>
      leopardsCourier({ apiKey: "wrong", apiPassword: "wrong", apiUrl, timeoutMs: TIMEOUT_MS }),
    journey: ["booked", "picked_up", "in_transit", "out_for_delivery", "delivered"],
    refusedWords: /^Leopards: no city named "Gotham"/,
    credentialWords: /^Leopards: Invalid API Key or Password$/,
    returnFields: {
      origin_city: cityId("Lahore"),
      shipment_name_eng: SHOPPER.name,
      shipment_email: SHOPPER.email,
      shipment_phone: SHOPPER.phone,
      shipment_address: SHOPPER.address,
      destination_city: cityId("Karachi"),
      consignment_name_eng: RETURNS_DESK.name,
      consignment_email: RETURNS_DESK.email,
      consignment_phone: RETURNS_DESK.phone,
      consignment_address: RETURNS_DESK.address,
      booked_packet_collect_amount: 0,
      booked_packet_no_piece: 1,
      booked_packet_weight: 500,
      special_instructions: "Return: 1 x Canvas Tote (Tan, One Size)",
    },
  },
  {
    name: "PostEx",
    start: () => startPostexSimulator(),
    courier: (apiUrl) =>
      postexCourier({
        token: POSTEX_TEST_TOKEN,
        apiUrl,
        pickupAddressCode: undefined,
        timeoutMs: TIMEOUT_MS,
      }),
    badCredentials: (apiUrl) =>
      postexCourier({ token: "wrong", apiUrl, pickupAddressCode: undefined, timeoutMs: TIMEOUT_MS }),
    journey: ["booked", "picked_up", "in_transit", "delivered"],
    refusedWords: /^PostEx: Invalid city name: Gotham$/,
    credentialWords: /^PostEx: Invalid or expired token$/,
    returnFields: {
      orderType: "Reversed",
      invoicePayment: 0,
      customerName: SHOPPER.name,
      customerPhone: SHOPPER.phone,
      deliveryAddress: SHOPPER.address,
      cityName: "Lahore",
      items: 1,
      orderDetail: "Return: 1 x Canvas Tote (Tan, One Size)",
      transactionNotes: "Return of order BT-1001",
    },
  },
];

describe.each(cases)("the $name adapter against its simulator", (spec) => {
  let simulator: Simulator;
  let courier: Courier;
  let sequence = 0;
  const reference = () => `BT-TEST-${spec.name}-${++sequence}`;

  beforeAll(async () => {
    simulator = await spec.start();
    courier = spec.courier(simulator.url);
  });
  afterAll(() => simulator?.close());
  beforeEach(() => simulator.fail("none"));

  it("books a parcel with the courier's fields and follows it from booking to delivery", async () => {
    const key = reference();
    const booking = await courier.book(parcel(key));
    expect(booking.consignmentNumber).toMatch(/^(LE|CX-)\d+$/);
    expect(booking.trackingUrl).toContain(encodeURIComponent(booking.consignmentNumber));
    const stored = simulator.parcels.get(booking.consignmentNumber)!;
    expect(stored.reference).toBe(key);

    expect((await courier.track(booking.consignmentNumber)).map((event) => event.status)).toEqual(["booked"]);
    for (let step = 1; step < spec.journey.length; step++) await simulator.advance(booking.consignmentNumber);
    const events = await courier.track(booking.consignmentNumber);
    expect(events.map((event) => event.status)).toEqual(spec.journey);
    expect(new Set(events.map((event) => event.happenedAt)).size).toBe(spec.journey.length);
  });

  it("follows a refused parcel back to the shop", async () => {
    const { consignmentNumber } = await courier.book(parcel(reference()));
    await simulator.advance(consignmentNumber, spec.name === "Leopards" ? "Refused" : "0013");
    await simulator.advance(consignmentNumber);
    await simulator.advance(consignmentNumber);
    expect((await courier.track(consignmentNumber)).map((event) => event.status)).toEqual([
      "booked",
      "refused",
      "returning",
      "returned",
    ]);
  });

  it("finds a booking by its reference, and nothing under a reference never booked", async () => {
    const key = reference();
    const booking = await courier.book(parcel(key));
    expect(await courier.findBooking(key, new Date(Date.now() - 60_000))).toEqual(booking);
    expect(await courier.findBooking(`${key}-never`, new Date(Date.now() - 60_000))).toBeNull();
  });

  it("cancels a parcel before pickup, and passes on the courier's refusal after it", async () => {
    const first = await courier.book(parcel(reference()));
    await courier.cancel(first.consignmentNumber);
    expect(simulator.parcels.get(first.consignmentNumber)!.cancelled).toBe(true);

    const second = await courier.book(parcel(reference()));
    await simulator.advance(second.consignmentNumber);
    await expect(courier.cancel(second.consignmentNumber)).rejects.toThrow(/cannot be cancelled/);
  });

  it("books a reverse pickup: collected from the shopper, carried to the shop, no cash to collect", async () => {
    const key = reference();
    const booking = await courier.bookReturn(returnPickup(key));
    expect(booking.consignmentNumber).toMatch(/^(LE|CX-)\d+$/);
    expect(booking.trackingUrl).toContain(encodeURIComponent(booking.consignmentNumber));
    const stored = simulator.parcels.get(booking.consignmentNumber)!;
    expect(stored.reference).toBe(key);
    expect(stored.fields).toMatchObject(spec.returnFields);
    expect(await courier.findBooking(key, new Date(Date.now() - 60_000))).toEqual(booking);
  });

  it("refuses clearly a reverse pickup from a city the courier does not serve", async () => {
    const refused = await courier
      .bookReturn(returnPickup(reference(), "Gotham"))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CourierError);
    expect((refused as CourierError).unsure).toBe(false);
    expect((refused as Error).message).toMatch(spec.refusedWords);
  });

  it("refuses clearly what the courier refuses: an unknown city, wrong credentials", async () => {
    const refused = await courier.book(parcel(reference(), "Gotham")).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CourierError);
    expect((refused as CourierError).unsure).toBe(false);
    expect((refused as Error).message).toMatch(spec.refusedWords);

    const wrong = await spec
      .badCredentials(simulator.url)
      .book(parcel(reference()))
      .catch((error: unknown) => error);
    expect(wrong).toBeInstanceOf(CourierError);
    expect((wrong as CourierError).unsure).toBe(false);
    expect((wrong as Error).message).toMatch(spec.credentialWords);
  });

  it.each([
    ["5xx", /answered 503: .*Service Unavailable/],
    ["html", /answered 200 without JSON: 502 Bad Gateway Bad Gateway The server is temporarily unable/],
    ["timeout", /did not answer within 0 seconds/],
  ] as const)("turns a %s answer into an unsure failure in the courier's words", async (mode, words) => {
    await courier.track("warm-up").catch(() => undefined);
    simulator.fail(mode);
    const error = await courier.book(parcel(reference())).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CourierError);
    expect((error as CourierError).unsure).toBe(true);
    expect((error as Error).message.startsWith(spec.name)).toBe(true);
    expect((error as Error).message).toMatch(words);
  });
});

describe("the simulators refuse a reverse booking as the couriers would", () => {
  it("Leopards: an empty shipper field, an unknown origin city", async () => {
    const simulator = await startLeopardsSimulator();
    try {
      const bookPacket = async (fields: Record<string, unknown>) => {
        const answer = await fetch(`${simulator.url}/bookPacket/format/json/`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            api_key: LEOPARDS_TEST_CREDENTIALS.apiKey,
            api_password: LEOPARDS_TEST_CREDENTIALS.apiPassword,
            booked_packet_weight: 500,
            booked_packet_no_piece: 1,
            booked_packet_collect_amount: 0,
            booked_packet_order_id: "BT-SIM-1",
            origin_city: cityId("Lahore"),
            destination_city: cityId("Karachi"),
            shipment_name_eng: SHOPPER.name,
            shipment_email: SHOPPER.email,
            shipment_phone: SHOPPER.phone,
            shipment_address: SHOPPER.address,
            consignment_name_eng: RETURNS_DESK.name,
            consignment_phone: RETURNS_DESK.phone,
            consignment_address: RETURNS_DESK.address,
            special_instructions: "Return",
            ...fields,
          }),
        });
        return answer.json();
      };
      expect(await bookPacket({ shipment_phone: "" })).toEqual({
        status: 0,
        error: { shipment_phone: "Shipper Phone is required" },
      });
      expect(await bookPacket({ origin_city: 1 })).toEqual({ status: 0, error: "Invalid Origin City" });
      expect(await bookPacket({})).toMatchObject({
        status: 1,
        track_number: expect.stringMatching(/^LE\d+$/),
      });
    } finally {
      await simulator.close();
    }
  });

  it("PostEx: an orderType other than Normal, Reversed, Replacement", async () => {
    const simulator = await startPostexSimulator();
    try {
      const answer = await fetch(`${simulator.url}/v3/create-order`, {
        method: "POST",
        headers: { token: POSTEX_TEST_TOKEN, "content-type": "application/json" },
        body: JSON.stringify({
          orderRefNumber: "BT-SIM-2",
          invoicePayment: 0,
          customerName: SHOPPER.name,
          customerPhone: SHOPPER.phone,
          deliveryAddress: SHOPPER.address,
          cityName: SHOPPER.city,
          items: 1,
          orderType: "Return",
        }),
      });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ statusCode: "400", statusMessage: "Invalid order type: Return" });
    } finally {
      await simulator.close();
    }
  });
});

describe("own delivery's reverse pickup", () => {
  it("needs the consignment number staff typed, and answers it", async () => {
    const refused = await ownCourier()
      .bookReturn(returnPickup("BT-OWN-1"))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CourierError);
    expect((refused as CourierError).unsure).toBe(false);
    expect((refused as Error).message).toBe("Type the consignment number for own delivery.");

    const manual = { consignmentNumber: "TCS-123", trackingUrl: null };
    expect(await ownCourier().bookReturn({ ...returnPickup("BT-OWN-2"), manual })).toEqual(manual);
  });
});
