import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Config, RunningConfig } from "../platform/config.ts";
import type { Engine } from "../platform/db/connection.ts";
import type { Database } from "../platform/db/schema.ts";
import type { MessageChannel } from "../platform/messenger.ts";
import type { Storage } from "../platform/storage/storage.ts";
import type { CatalogueListener } from "./catalogue/catalogue-write.ts";
import type { Limits } from "./rate-limit.ts";

/** What the commerce API needs from the platform; built once at start-up, or per test. */
export interface ApiDeps {
  db: Kysely<Database>;
  /**
   * Connections of their own for placing orders (PostgreSQL: `DatabaseHandle.orders`, decision 0058): the checkout's
   * transactions run on them, so an order whose turn has come never waits for a connection. `db` when absent.
   */
  ordersDb?: Kysely<Database>;
  engine: Engine;
  config: Pick<RunningConfig, "env" | "publicUrl" | "sessionSecret" | "shopEmail"> &
    Partial<
      Pick<
        Config,
        | "adminIdleMinutes"
        | "lowStockThreshold"
        | "imagesDir"
        | "couriers"
        | "payments"
        | "dataDir"
        | "importImagePrivateHosts"
      >
    >;
  logger: Logger;
  /**
   * Called when a request has committed mail to the outbox (api/mail/outbox.ts): the server wakes its mail
   * worker with it. The API itself never sends mail.
   */
  onMailQueued?: () => void;
  /** Likewise for messages to customers' phones (api/messages/message-outbox.ts): wakes the message worker. */
  onMessageQueued?: () => void;
  /** The channel order messages are queued for (MESSENGER=whatsapp: "whatsapp"); "sms" unless given. */
  messageChannel?: MessageChannel;
  /**
   * Told after a committed write that changes what public pages show (a product, price, stock, category,
   * colour, size, tag, slider or review): the server drops its public HTML, here and on the other instances.
   * Only `catalogueWrite` (api/catalogue/catalogue-write.ts) calls it, once the transaction has committed and
   * after dropping this process's catalogue caches itself; nothing else does.
   */
  onCatalogueChanged?: CatalogueListener;
  /**
   * Where photos and uploads are kept (docs/decisions/0055-object-storage.md): the bucket or the folder the platform
   * configured. Unless given, the local folder: `config.imagesDir` for images (uploads are refused without it) and
   * `config.dataDir` for the private uploads.
   */
  storage?: Storage;
  /** Rate limits (sign-in, register, orders); in this process's memory with the default numbers unless given. */
  limits?: Limits;
}
