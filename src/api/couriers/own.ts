import { type Booking, type Courier, CourierError, type ParcelRequest } from "./courier.ts";

/**
 * Own delivery, or any courier the shop has no adapter for: staff type the consignment number (and, if there is
 * one, the tracking page) when they book. Nothing is called; there is nothing to track or cancel remotely, so its
 * shipments move only when staff say so.
 */
export function ownCourier(): Courier {
  return {
    id: "own",
    name: "Own delivery or another courier",
    async book(parcel: ParcelRequest): Promise<Booking> {
      if (!parcel.manual) throw new CourierError("Type the consignment number for own delivery.", false);
      return parcel.manual;
    },
    findBooking: async () => null,
    cancel: async () => undefined,
    track: async () => [],
    readPush: () => null,
  };
}
