/**
 * Returns and exchanges (docs/decisions/0054-returns.md): what a return can be, how it moves on, and the words
 * shoppers and staff read. Zod-free, so pages may import it.
 *
 * A shopper asks (requested); staff approve it (approved; with a courier's reverse pickup it is in_transit at
 * once) or reject it (closed, outcome rejected); the parcel arrives and staff record each item's condition
 * (received: restocked items' stock comes back once); settling it closes it with its outcome: refunded,
 * exchanged (a replacement order at no charge) or credited (a store-credit code).
 */

export const RETURN_STATUSES = ["requested", "approved", "in_transit", "received", "closed"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_STATUS_NAMES: Record<ReturnStatus, string> = {
  requested: "New",
  approved: "Approved",
  in_transit: "In transit",
  received: "Received",
  closed: "Closed",
};

export const RETURN_OUTCOMES = ["rejected", "refunded", "exchanged", "credited"] as const;
export type ReturnOutcome = (typeof RETURN_OUTCOMES)[number];

export const RETURN_OUTCOME_NAMES: Record<ReturnOutcome, string> = {
  rejected: "Rejected",
  refunded: "Refunded",
  exchanged: "Exchanged",
  credited: "Store credit given",
};

/** Where a return stands, a closed one with how it ended ("Closed: Store credit given"). */
export function returnStatusName(status: ReturnStatus, outcome: ReturnOutcome | null): string {
  return outcome
    ? `${RETURN_STATUS_NAMES.closed}: ${RETURN_OUTCOME_NAMES[outcome]}`
    : RETURN_STATUS_NAMES[status];
}

/** The back office's filters: "new" is a return waiting for staff (status requested). */
export const RETURN_FILTERS = ["new", "approved", "in_transit", "received", "closed"] as const;
export type ReturnFilter = (typeof RETURN_FILTERS)[number];
export const filterStatus = (filter: ReturnFilter): ReturnStatus => (filter === "new" ? "requested" : filter);

export const RETURN_REASONS = ["wrong_size", "damaged", "not_as_pictured", "changed_mind", "other"] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_REASON_NAMES: Record<ReturnReason, string> = {
  wrong_size: "Wrong size",
  damaged: "Damaged or faulty",
  not_as_pictured: "Not as pictured",
  changed_mind: "Changed my mind",
  other: "Other",
};

export const RETURN_RESOLUTIONS = ["refund", "exchange", "credit"] as const;
export type ReturnResolution = (typeof RETURN_RESOLUTIONS)[number];

export const RETURN_RESOLUTION_NAMES: Record<ReturnResolution, string> = {
  refund: "Money back",
  exchange: "Another size or colour",
  credit: "Store credit",
};

export const RETURN_METHODS = ["pickup", "drop_off", "in_store"] as const;
export type ReturnMethod = (typeof RETURN_METHODS)[number];

export const RETURN_METHOD_NAMES: Record<ReturnMethod, string> = {
  pickup: "Courier pickup",
  drop_off: "Sent by the customer",
  in_store: "Brought to the shop",
};

export const RETURN_CONDITIONS = ["restock", "write_off"] as const;
export type ReturnCondition = (typeof RETURN_CONDITIONS)[number];

export const RETURN_CONDITION_NAMES: Record<ReturnCondition, string> = {
  restock: "Back in stock",
  write_off: "Written off",
};

/** The most photos one request may carry, and the largest photo. */
export const RETURN_PHOTOS_MAX = 3;
export const RETURN_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** A request's body: its photos and a little for the fields. */
export const RETURN_BODY_MAX_BYTES = RETURN_PHOTOS_MAX * RETURN_PHOTO_MAX_BYTES + 64 * 1024;
export const RETURN_PHOTO_ACCEPT = "image/jpeg,image/png,image/webp";

/** The default window, in days from delivery (an owner's setting). */
export const RETURN_WINDOW_DAYS = 30;

/** What the shop says, word for word, to shoppers and staff. */
export const RETURN_MESSAGES = {
  notFound: "Order not found.",
  returnNotFound: "Return not found.",
  notDelivered: "Only a delivered order can be returned.",
  windowClosed: (days: number) => `The ${days} days to return this order have passed.`,
  noItems: "Choose at least one item to return.",
  allRequested: "Every item of this order is already in a return request.",
  allFinalSale: "The items of this order were sold as final sale and cannot be returned.",
  itemUnknown: "One of the items is not in this order.",
  finalSale: (name: string) => `${name} was sold as final sale and cannot be returned.`,
  tooMany: (name: string, left: number) =>
    left === 0
      ? `${name} is already in a return request.`
      : `You can return at most ${left} of ${name}: the rest are already in a return request or were not bought.`,
  items: "The items must be a JSON list of { order_item_id, quantity }.",
  reason: "Choose why you are returning it.",
  reasonText: "Tell us what is wrong.",
  resolution: "Choose what you would like instead.",
  exchangeMissing: (name: string) => `Choose the size or colour you want instead of ${name}.`,
  exchangeSame: (name: string) => `Choose a different size or colour of ${name}.`,
  exchangeOther: "The exchange must be another size or colour of the same product.",
  exchangeSoldOut: (name: string) => `The size or colour you chose instead of ${name} is sold out.`,
  exchangeOnly: "Only an exchange takes another size or colour.",
  photoType: "A photo must be a JPEG, PNG or WebP picture.",
  photoSize: `A photo must be at most ${RETURN_PHOTO_MAX_BYTES / 1024 / 1024} MB.`,
  photoCount: `Send at most ${RETURN_PHOTOS_MAX} photos.`,
  action: "Choose what to do with the return.",
  notNow: (standing: string) => `This return ${standing}, so it cannot be changed that way.`,
  rejectNote: "Say why the return is rejected: the customer reads it.",
  method: "Choose how the parcel comes back.",
  courier: "Choose a courier that is set up for this shop.",
  consignment: "Type the consignment number for own delivery.",
  conditions: "Record the condition of every item in the return.",
  condition: "Each item is restocked or written off.",
  refundReference: "Enter the reference of the bank or wallet transfer that refunds this money.",
  race: "Someone else changed this return at the same moment. Reload the page to see where it stands.",
  exchangeGone:
    "The size or colour held for this exchange is no longer there. Settle it as a refund or store credit instead.",
} as const;

/** How a refusal names where a return stands ("is closed", "has been received"). */
export const RETURN_STANDING: Record<ReturnStatus, string> = {
  requested: "is waiting for the shop",
  approved: "has been approved",
  in_transit: "is on its way back",
  received: "has been received",
  closed: "is closed",
};
