import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Courier, ParcelRequest } from "./courier.ts";
import { CourierError } from "./courier.ts";
import { leopardsCourier } from "./leopards.ts";
import { postexCourier } from "./postex.ts";
import { LEOPARDS_TEST_CREDENTIALS, startLeopardsSimulator } from "./simulators/leopards-simulator.ts";
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

interface Case {
  name: string;
  start(): Promise<Simulator>;
  courier(url: string): Courier;
  badCredentials(url: string): Courier;
  /** What the courier reports from booking to delivery, mapped (PostEx has no "out for delivery"). */
  journey: string[];
  refusedWords: RegExp;
  credentialWords: RegExp;
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
