import {
  addressLine,
  type ShopDetails,
  telHref,
  whatsappHref,
} from "../../../shared/contracts/shop-details.ts";
import { MailIcon, PhoneIcon, PinIcon } from "../../ui/icons.tsx";

/** The shop's address, phone (and WhatsApp), and email from its details: the footer's and the phone menu's. */
export function ShopContact({
  shop,
  className,
  iconSize,
}: {
  shop: ShopDetails;
  className: string;
  iconSize: number;
}) {
  const whatsapp = whatsappHref(shop.whatsapp);
  return (
    <address className={className}>
      <p>
        <PinIcon size={iconSize} /> {addressLine(shop)}
      </p>
      <p>
        <PhoneIcon size={iconSize} /> <a href={telHref(shop.phone)}>{shop.phone}</a>
      </p>
      {whatsapp && (
        <p>
          <PhoneIcon size={iconSize} />{" "}
          <a href={whatsapp} target="_blank" rel="noopener noreferrer">
            WhatsApp {shop.whatsapp}
          </a>
        </p>
      )}
      <p>
        <MailIcon size={iconSize} /> <a href={`mailto:${shop.email}`}>{shop.email}</a>
      </p>
    </address>
  );
}
