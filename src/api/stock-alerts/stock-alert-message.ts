import { shopIdentity } from "../mail/shop-identity.ts";
import type { MessageContent } from "../messages/message-outbox.ts";
import { restockedUrl } from "./stock-alert-mail.ts";
import type { AlertedVariant } from "./stock-alerts.repository.ts";

/**
 * "It's back" by SMS or WhatsApp, for a shopper who left a phone with the request (decision 0061): one short
 * sentence with the link, and the same as the WhatsApp template `back_in_stock` ({{1}} the item, {{2}} the link),
 * which the shop has approved like the order templates (decision 0044).
 */
export function restockedMessage(variant: AlertedVariant, publicUrl: string): MessageContent {
  const item = `${variant.product_title} (${variant.color_name}, ${variant.size_name})`;
  const link = restockedUrl(publicUrl, variant);
  return {
    text: `${shopIdentity().name}: good news, ${item} is back in stock. Get yours: ${link}`,
    template: { name: "back_in_stock", parameters: [item, link] },
  };
}
