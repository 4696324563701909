import { addressLine, SHOP_DETAILS_DEFAULTS, type ShopDetails } from "../../shared/contracts/shop-details.ts";

/**
 * Who a mail is from, as the shop's details say (decision 0066): the name in the From line, the heading and the
 * texts, and the address, phone and email in the footer. Mail composers are plain functions called inside
 * services' transactions, and other features keep adding them, so rather than pass the details through every
 * service, the identity is this process's current one: `setShopIdentity` is called whenever the details are read
 * (`currentShopDetails`, which every page render and the mail worker call) or saved, so a change made on another
 * instance reaches this one with its catalogue-change message.
 */
export interface ShopIdentity {
  name: string;
  address: string;
  phone: string;
  email: string;
}

export const identityOf = (details: ShopDetails): ShopIdentity => ({
  name: details.name,
  address: addressLine(details),
  phone: details.phone,
  email: details.email,
});

let current: ShopIdentity = identityOf(SHOP_DETAILS_DEFAULTS);

/** The identity mails are composed with now. */
export function shopIdentity(): ShopIdentity {
  return current;
}

export function setShopIdentity(details: ShopDetails): void {
  current = identityOf(details);
}
