import { type Booking, type Courier, CourierError } from "./courier.ts";

/**
 * Own delivery, or any courier the shop has no adapter for: staff type the consignment number (and, if there is
 * one, the tracking page) when they book a parcel or a return. Nothing is called; there is nothing to track or
 * cancel remotely, so its shipments move only when staff say so.
 */
export function ownCourier(): Courier {
  return {
    id: "own",
    name: "Own delivery or another courier",
    book: async (parcel) => typed(parcel),
    bookReturn: async (request) => typed(request),
    findBooking: async () => null,
    cancel: async () => undefined,
    track: async () => [],
    readPush: () => null,
  };
}

/** The consignment number staff typed; without one there is nothing to book. */
function typed(request: { manual?: Booking }): Booking {
  if (!request.manual) throw new CourierError("Type the consignment number for own delivery.", false);
  return request.manual;
}
