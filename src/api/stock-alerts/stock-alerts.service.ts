import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema.ts";
import { retryingTransaction } from "../../platform/db/transaction.ts";
import type { StockAlertInput, WantedVariant } from "../../shared/contracts/stock-alerts.ts";
import { toE164 } from "../../shared/phone.ts";
import { STOCK_ALERT_MESSAGES } from "../../shared/stock-alerts.ts";
import { ValidationFailed } from "../errors.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { enqueueMessage, type OrderMessaging } from "../messages/message-outbox.ts";
import { restockedMail } from "./stock-alert-mail.ts";
import { restockedMessage } from "./stock-alert-message.ts";
import { stockAlertsRepository } from "./stock-alerts.repository.ts";

/** Alerts claimed per transaction: a restock of a much-wanted variant is mailed in several short transactions. */
const SWEEP_BATCH = 200;
/** The back office's list of most-wanted sold-out variants. */
const MOST_WANTED = 20;

interface StockAlertDeps {
  db: Kysely<Database>;
  publicUrl: string;
  /** Wakes the mail worker once restock mails are queued. */
  onMailQueued?: (() => void) | undefined;
  /** Texts the shoppers who left a phone, by the shop's channel (SMS or WhatsApp); none when absent. */
  messaging?: OrderMessaging | undefined;
  now?: () => Date;
}

/**
 * "Notify me when it's back" (docs/decisions/0061-back-in-stock.md). A shopper asks for a sold-out variant; the
 * sweep, whatever brought the stock back (a back-office edit, an import, a cancelled order, a return), tells each
 * waiting shopper once through the mail outbox. No restock path calls it: it reads the variants' stock.
 */
export function stockAlertsService({
  db,
  publicUrl,
  onMailQueued,
  messaging,
  now = () => new Date(),
}: StockAlertDeps) {
  return {
    /** Keeps the request; the same address for the same variant while it waits adds nothing and answers the same. */
    async request(input: StockAlertInput): Promise<void> {
      const repo = stockAlertsRepository(db);
      const variant = await repo.findLiveVariant(input.variation_id);
      if (!variant) throw ValidationFailed.field("variation_id", STOCK_ALERT_MESSAGES.variantUnknown);
      if (variant.stock > 0) throw ValidationFailed.field("variation_id", STOCK_ALERT_MESSAGES.inStock);
      await repo.insertIfNew({
        variant_id: variant.id,
        email: input.email,
        phone: input.phone === "" ? null : input.phone,
        created_at: now().toISOString(),
      });
    },

    /**
     * Tells every shopper whose variant has stock now: each batch claims its alerts and queues their mails in one
     * transaction, so an alert is marked told exactly when its mail is queued. Safe on several instances at once.
     * Answers how many were told.
     */
    async sweep(): Promise<number> {
      let told = 0;
      let texted = 0;
      for (;;) {
        const claimed = await retryingTransaction(db, async (trx) => {
          const at = now();
          const repo = stockAlertsRepository(trx);
          const alerts = await repo.claimRestocked(at.toISOString(), SWEEP_BATCH);
          const variants = new Map(
            (await repo.variantsNamed([...new Set(alerts.map((alert) => alert.variant_id))])).map(
              (variant) => [variant.variant_id, variant],
            ),
          );
          for (const alert of alerts) {
            const variant = variants.get(alert.variant_id);
            if (!variant) continue;
            await enqueueMail(trx, restockedMail(alert.email, variant, publicUrl, alert.id), at);
            // A phone left with the request gets the news as a text too (kept as typed, checked when asked).
            const phone = alert.phone === null ? undefined : toE164(alert.phone);
            if (messaging && phone) {
              const content = restockedMessage(variant, publicUrl);
              await enqueueMessage(trx, { channel: messaging.channel, to: phone, ...content }, at);
              texted += 1;
            }
          }
          return alerts.length;
        });
        told += claimed;
        if (claimed < SWEEP_BATCH) break;
      }
      if (told > 0) onMailQueued?.();
      if (texted > 0) messaging?.onQueued?.();
      return told;
    },

    mostWanted: (): Promise<WantedVariant[]> => stockAlertsRepository(db).mostWanted(MOST_WANTED),
  };
}

export type StockAlertsService = ReturnType<typeof stockAlertsService>;
