import path from "node:path";
import { z } from "zod";
import type { BucketSettings } from "./storage/bucket-storage.ts";

const databaseUrl = z
  .string()
  .trim()
  .refine((value) => /^postgres(ql)?:\/\/[^\s]+$/.test(value) || /^(sqlite|file):[^\s]+$/.test(value), {
    message: "must be a postgres:// URL (PostgreSQL) or sqlite:<path> (embedded SQLite)",
  });

/** How long PostgreSQL may take before a request gives up with a 503 (SQLite has its own `busy_timeout`). */
export interface DatabaseTimeouts {
  /** Opening a connection, or waiting for a free one in the pool: also bounds a start against a hung server. */
  connectMs: number;
  /** Any one statement (`statement_timeout`). */
  statementMs: number;
  /** Waiting for a row or table lock another transaction holds (`lock_timeout`). */
  lockMs: number;
  /** A transaction left open with nothing running, holding its locks (`idle_in_transaction_session_timeout`). */
  idleInTransactionMs: number;
}

// Well above what any of the shop's queries takes, well below what a shopper waits before giving up.
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5000,
  statementMs: 10_000,
  lockMs: 3000,
  idleInTransactionMs: 15_000,
};

/** How many of each guarded action the shop allows; see docs/decisions/0015-rate-limits-shared-and-fair.md. */
export interface RateLimitSettings {
  /** Failed sign-ins for one email from one address before a block (then the block grows); registrations per address and password changes per user in 15 minutes. */
  authAttemptsPer15Min: number;
  /** Failed sign-ins from one address, whatever the emails, in an hour. */
  loginFailuresPerAddressPerHour: number;
  /** Failed sign-ins for one account from all addresses together in an hour, before signing in also needs a mailed code. */
  loginFailuresPerAccountPerHour: number;
  /** Orders placed with one phone number in an hour. */
  ordersPerPhonePerHour: number;
  /** Orders placed from one client address in an hour. */
  ordersPerAddressPerHour: number;
  /** Contact-form messages from one client address, and from one sender's email, in an hour. */
  contactMessagesPerHour: number;
  /** Newsletter sign-ups from one client address, and for one email, in an hour. */
  newsletterSignupsPerHour: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  authAttemptsPer15Min: 10,
  loginFailuresPerAddressPerHour: 100,
  loginFailuresPerAccountPerHour: 20,
  ordersPerPhonePerHour: 5,
  ordersPerAddressPerHour: 10,
  contactMessagesPerHour: 5,
  newsletterSignupsPerHour: 5,
};

/** How long a staff or owner session may sit unused (docs/decisions/0024-back-office-roles-sessions-audit.md). */
export const DEFAULT_ADMIN_IDLE_MINUTES = 30;
/** The dashboard lists variants with this much stock or less. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
/** Rendered public pages are 20 to 60 KB: 32 MB keeps about a thousand of them. */
export const DEFAULT_PAGE_CACHE_MB = 32;
/** The API's public answers are 1 to 10 KB (a listing page about 5 KB, plus its gzip): 16 MB keeps thousands. */
export const DEFAULT_API_CACHE_MB = 16;

/** Twilio's REST API (src/platform/messenger-sms.ts). */
export const DEFAULT_SMS_API_URL = "https://api.twilio.com";
/** Meta's Graph API with its version, where the WhatsApp Business Cloud API lives (messenger-whatsapp.ts). */
export const DEFAULT_WHATSAPP_API_URL = "https://graph.facebook.com/v21.0";

export interface SmsSettings {
  accountSid: string;
  authToken: string;
  /** A Twilio number, an alphanumeric sender id, or a Messaging Service ("MG…"). */
  from: string;
  apiUrl: string;
}

export interface WhatsappSettings {
  token: string;
  phoneNumberId: string;
  apiUrl: string;
}

/** How messages to customers' phones are sent (docs/decisions/0044-messages.md). */
export type MessengerSettings = {
  /** The channel queued messages go by: WhatsApp with MESSENGER=whatsapp, otherwise SMS. */
  channel: "sms" | "whatsapp";
  /** The language code of the shop's approved WhatsApp templates. */
  templateLanguage: string;
} & (
  | { driver: "file" /** DATA_DIR/messages */; dir: string }
  | { driver: "sms"; sms: SmsSettings }
  | { driver: "whatsapp"; whatsapp: WhatsappSettings }
);

/** Where a parcel is sent from: printed on every airway bill. */
export interface ShipFrom {
  name: string;
  address: string;
  city: string;
  phone: string;
}

/**
 * The couriers the shop may book (docs/decisions/0045-couriers.md). A courier without credentials is not offered;
 * `own` (own delivery, or any courier without an adapter) always is.
 */
export interface CourierSettings {
  /** COURIER_SIMULATORS=on: the shop starts a local simulator per courier and books with them only. */
  simulators: boolean;
  leopards:
    | { apiKey: string; apiPassword: string; apiUrl: string; webhookSecret: string | undefined }
    | undefined;
  postex:
    | {
        token: string;
        apiUrl: string;
        pickupAddressCode: string | undefined;
        webhookSecret: string | undefined;
      }
    | undefined;
  /** The longest any one call to a courier may take. */
  timeoutMs: number;
  /** How often open shipments are tracked; 0 turns the tracking worker off. */
  pollMinutes: number;
  shipFrom: ShipFrom;
}

/**
 * Online payments (docs/decisions/0053-online-payments.md): a method is offered when its credentials are given (or
 * with PAYMENT_SIMULATORS=on, which points every provider at a local simulator with test credentials).
 */
export interface PaymentSettings {
  simulators: boolean;
  jazzcash:
    | {
        merchantId: string;
        password: string;
        integritySalt: string;
        url: string;
        merchantMpin: string | undefined;
        txnType: "MWALLET" | "MPAY";
      }
    | undefined;
  easypaisa:
    | {
        storeId: string;
        hashKey: string;
        username: string;
        password: string;
        accountNum: string;
        url: string;
      }
    | undefined;
  safepay:
    | {
        apiKey: string;
        secretKey: string;
        webhookSecret: string;
        environment: "sandbox" | "production";
        url: string | undefined;
      }
    | undefined;
  /** The shop's account a bank transfer or Raast payment goes to; the method is offered when given. */
  bank: { accountTitle: string; bankName: string; iban: string; raastId: string | undefined } | undefined;
  /** How long an online payment's order holds its stock. */
  holdMinutes: number;
  /** How long a bank transfer's order holds its stock. */
  bankHoldHours: number;
  /** The longest any one call to a provider may take. */
  timeoutMs: number;
  /** How often the hold's expiry runs; 0 turns it off. */
  checkMinutes: number;
}

export const DEFAULT_SHIP_FROM: ShipFrom = {
  name: "Bags & Threads",
  address: "Plot 12, Street 4, I-9/2",
  city: "Islamabad",
  phone: "0300 0000000",
};

export const LEOPARDS_API_URL = "https://merchantapi.leopardscourier.com/api";
export const POSTEX_API_URL = "https://api.postex.pk/services/integration/api/order";

/** A host that is this machine: the only PUBLIC_URL COURIER_SIMULATORS=on is allowed with. */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return (
    host === "localhost" || host.endsWith(".localhost") || /^127\.\d+\.\d+\.\d+$/.test(host) || host === "::1"
  );
}

const allowance = (fallback: number) => z.coerce.number().int().min(1).max(100_000).default(fallback);

const milliseconds = (fallback: number) => z.coerce.number().int().min(1).max(3_600_000).default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: databaseUrl.optional(),
  DATA_DIR: z.string().default("./data"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().default("Bags & Threads <orders@bagsandthreads.pk>"),
  SHOP_EMAIL: z
    .email({ message: "must be one email address such as hello@bagsandthreads.pk" })
    .default("hello@bagsandthreads.pk"),
  MAIL_WORKER: z.enum(["on", "off"], { error: 'must be "on" or "off"' }).default("on"),
  MESSENGER: z
    .enum(["file", "sms", "whatsapp"], { error: 'must be "file", "sms" or "whatsapp"' })
    .default("file"),
  SMS_ACCOUNT_SID: z.string().trim().optional(),
  SMS_AUTH_TOKEN: z.string().trim().optional(),
  SMS_FROM: z.string().trim().optional(),
  SMS_API_URL: z
    .url({ message: "must be an absolute URL such as https://api.twilio.com" })
    .default(DEFAULT_SMS_API_URL),
  WHATSAPP_TOKEN: z.string().trim().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .trim()
    .regex(/^\d+$/, "must be the digits of the WhatsApp phone number ID (not the phone number)")
    .optional(),
  WHATSAPP_API_URL: z
    .url({ message: "must be an absolute URL such as https://graph.facebook.com/v21.0" })
    .default(DEFAULT_WHATSAPP_API_URL),
  WHATSAPP_TEMPLATE_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "must be a template language code such as en, en_US or ur")
    .default("en"),
  PUBLIC_URL: z.url({ message: "must be an absolute URL such as https://shop.example.pk" }).optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_DEMO: z.enum(["true", "false"]).default("true"),
  REDIS_URL: z
    .string()
    .trim()
    .regex(/^rediss?:\/\/[^\s]+$/, "must be a redis:// or rediss:// URL")
    .optional(),
  AUTH_ATTEMPTS_PER_15_MIN: allowance(DEFAULT_RATE_LIMITS.authAttemptsPer15Min),
  LOGIN_FAILURES_PER_ADDRESS_PER_HOUR: allowance(DEFAULT_RATE_LIMITS.loginFailuresPerAddressPerHour),
  LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: allowance(DEFAULT_RATE_LIMITS.loginFailuresPerAccountPerHour),
  ORDERS_PER_PHONE_PER_HOUR: allowance(DEFAULT_RATE_LIMITS.ordersPerPhonePerHour),
  ORDERS_PER_ADDRESS_PER_HOUR: allowance(DEFAULT_RATE_LIMITS.ordersPerAddressPerHour),
  CONTACT_MESSAGES_PER_HOUR: allowance(DEFAULT_RATE_LIMITS.contactMessagesPerHour),
  NEWSLETTER_SIGNUPS_PER_HOUR: allowance(DEFAULT_RATE_LIMITS.newsletterSignupsPerHour),
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds(DEFAULT_DATABASE_TIMEOUTS.connectMs),
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds(DEFAULT_DATABASE_TIMEOUTS.statementMs),
  DATABASE_LOCK_TIMEOUT_MS: milliseconds(DEFAULT_DATABASE_TIMEOUTS.lockMs),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: milliseconds(DEFAULT_DATABASE_TIMEOUTS.idleInTransactionMs),
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0"], { message: "must be true, false, 1 or 0" })
    .default("false"),
  PURGE_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  UNCONFIRMED_CHECK_MINUTES: z.coerce.number().int().min(0).max(1440).default(5),
  CAMPAIGN_CHECK_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  STOCK_ALERT_CHECK_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  ADMIN_IDLE_MINUTES: z.coerce.number().int().min(1).max(1440).default(DEFAULT_ADMIN_IDLE_MINUTES),
  LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).max(1_000_000).default(DEFAULT_LOW_STOCK_THRESHOLD),
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(DEFAULT_PAGE_CACHE_MB),
  API_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(DEFAULT_API_CACHE_MB),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  COURIER_SIMULATORS: z.enum(["on", "off"], { error: 'must be "on" or "off"' }).default("off"),
  IMPORT_IMAGE_PRIVATE_HOSTS: z
    .enum(["allow", "refuse"], { error: 'must be "allow" or "refuse"' })
    .default("refuse"),
  LEOPARDS_API_KEY: z.string().trim().optional(),
  LEOPARDS_API_PASSWORD: z.string().trim().optional(),
  LEOPARDS_API_URL: z.url({ message: "must be an absolute URL" }).default(LEOPARDS_API_URL),
  LEOPARDS_WEBHOOK_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  POSTEX_TOKEN: z.string().trim().optional(),
  POSTEX_API_URL: z.url({ message: "must be an absolute URL" }).default(POSTEX_API_URL),
  POSTEX_PICKUP_ADDRESS_CODE: z.string().trim().optional(),
  POSTEX_WEBHOOK_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  COURIER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  COURIER_POLL_MINUTES: z.coerce.number().int().min(0).max(1440).default(30),
  PAYMENT_SIMULATORS: z.enum(["on", "off"], { error: 'must be "on" or "off"' }).default("off"),
  JAZZCASH_MERCHANT_ID: z.string().trim().optional(),
  JAZZCASH_PASSWORD: z.string().trim().optional(),
  JAZZCASH_INTEGRITY_SALT: z.string().trim().optional(),
  JAZZCASH_URL: z.url({ message: "must be an absolute URL" }).default("https://payments.jazzcash.com.pk"),
  JAZZCASH_MERCHANT_MPIN: z.string().trim().optional(),
  JAZZCASH_TXN_TYPE: z.enum(["MWALLET", "MPAY"], { error: 'must be "MWALLET" or "MPAY"' }).default("MWALLET"),
  EASYPAISA_STORE_ID: z.string().trim().optional(),
  EASYPAISA_HASH_KEY: z.string().trim().optional(),
  EASYPAISA_USERNAME: z.string().trim().optional(),
  EASYPAISA_PASSWORD: z.string().trim().optional(),
  EASYPAISA_ACCOUNT_NUM: z.string().trim().optional(),
  EASYPAISA_URL: z.url({ message: "must be an absolute URL" }).default("https://easypay.easypaisa.com.pk"),
  SAFEPAY_API_KEY: z.string().trim().optional(),
  SAFEPAY_SECRET_KEY: z.string().trim().optional(),
  SAFEPAY_WEBHOOK_SECRET: z.string().trim().optional(),
  SAFEPAY_ENVIRONMENT: z
    .enum(["sandbox", "production"], { error: 'must be "sandbox" or "production"' })
    .default("production"),
  SAFEPAY_URL: z.url({ message: "must be an absolute URL" }).optional(),
  BANK_ACCOUNT_TITLE: z.string().trim().optional(),
  BANK_NAME: z.string().trim().optional(),
  BANK_IBAN: z.string().trim().optional(),
  BANK_RAAST_ID: z.string().trim().optional(),
  PAYMENT_HOLD_MINUTES: z.coerce.number().int().min(5).max(1440).default(30),
  BANK_TRANSFER_HOLD_HOURS: z.coerce.number().int().min(1).max(336).default(48),
  PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  PAYMENT_CHECK_MINUTES: z.coerce.number().int().min(0).max(1440).default(1),
  SHIP_FROM_NAME: z.string().trim().default(DEFAULT_SHIP_FROM.name),
  SHIP_FROM_ADDRESS: z.string().trim().default(DEFAULT_SHIP_FROM.address),
  SHIP_FROM_CITY: z.string().trim().default(DEFAULT_SHIP_FROM.city),
  SHIP_FROM_PHONE: z.string().trim().default(DEFAULT_SHIP_FROM.phone),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens",
    )
    .optional(),
  S3_ENDPOINT: z
    .url({
      protocol: /^https?$/,
      message: "must be an http:// or https:// URL such as https://s3.example.com",
    })
    .optional(),
  S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]+$/, "must be a region name such as us-east-1, eu-central-1 or auto (Cloudflare R2)")
    .optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false", "1", "0"], { message: "must be true, false, 1 or 0" })
    .default("false"),
  S3_PUBLIC_URL: z
    .url({
      protocol: /^https?$/,
      message: "must be an http:// or https:// URL such as https://images.example.pk",
    })
    .optional(),
  S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  AWS_ACCESS_KEY_ID: z.string().trim().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().trim().optional(),
});

/** Where photos and uploads are kept (docs/decisions/0055-object-storage.md). */
export interface StorageSettings {
  /** S3_BUCKET and the rest; undefined: the local folder (DATA_DIR). */
  bucket: BucketSettings | undefined;
  /** S3_PUBLIC_URL: the public base image addresses in pages point at; undefined: the shop's own `/images/`. */
  publicUrl: string | undefined;
}

export type DatabaseTarget = { engine: "sqlite"; file: string } | { engine: "postgres"; url: string };

export interface Config {
  env: "development" | "production" | "test";
  /**
   * IMPORT_IMAGE_PRIVATE_HOSTS=allow (tests only): a catalogue import may download photos from loopback and
   * private addresses, which it otherwise refuses (decision 0065).
   */
  importImagePrivateHosts: boolean;
  port: number;
  host: string;
  database: DatabaseTarget;
  dataDir: string;
  imagesDir: string;
  outboxDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The shop's own inbox: contact-form messages are mailed here. */
  shopEmail: string;
  /**
   * Whether this instance runs the outbox workers (sends the mail and the phone messages the outboxes hold);
   * MAIL_WORKER=off to not.
   */
  mailWorker: boolean;
  messenger: MessengerSettings;
  publicUrl: string;
  /**
   * SESSION_SECRET when configured; unset, the platform resolves the shop's own at start-up (one in the
   * database, kept in DATA_DIR too: src/platform/db/signing-secret.ts). Never a built-in value.
   */
  sessionSecret: string | undefined;
  logLevel: string;
  seedDemo: boolean;
  /** Where rate-limit counters are shared by every instance; unset: each process counts in its own memory. */
  redisUrl: string | undefined;
  rateLimits: RateLimitSettings;
  databaseTimeouts: DatabaseTimeouts;
  /**
   * The shop sits behind one reverse proxy of ours: the public protocol, host and client address come from its
   * X-Forwarded-Proto, X-Forwarded-Host and (the last address of) X-Forwarded-For. Off: those headers are ignored.
   */
  trustProxy: boolean;
  /** How often expired guest carts and sign-in tokens are deleted; 0 turns the purge off. */
  purgeIntervalMinutes: number;
  /** How often orders past their confirmation deadline are looked for and cancelled; 0 turns that off. */
  unconfirmedCheckMinutes: number;
  /** How often scheduled sales are started and ended (docs/decisions/0048); 0 turns the clock off. */
  campaignCheckSeconds: number;
  /**
   * How often waiting back-in-stock alerts are checked against the stock (docs/decisions/0061); 0 turns the
   * repeating check off (a committed catalogue change on this instance still sweeps at once).
   */
  stockAlertCheckSeconds: number;
  /** A staff or owner session ends after this many minutes without a request (docs/decisions/0024). */
  adminIdleMinutes: number;
  /** The back office's dashboard lists variants with this much stock or less. */
  lowStockThreshold: number;
  /** Memory for rendered public pages (docs/decisions/0033-public-html-cache.md); 0 turns the cache off. */
  pageCacheMb: number;
  /** Memory for the API's public JSON answers (docs/decisions/0056-public-answers-and-stock-changes.md); 0: off. */
  apiCacheMb: number;
  /** After SIGTERM, how long to keep answering (each answer closing its connection) before the listener closes. */
  shutdownGraceMs: number;
  couriers: CourierSettings;
  payments: PaymentSettings;
  storage: StorageSettings;
}

/** The configuration of a started shop, whose signing secret is known (`startPlatform`). */
export type RunningConfig = Omit<Config, "sessionSecret"> & { sessionSecret: string };

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads and validates the environment once at start-up. Throws ConfigError with a readable list. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const value = parsed.data;
  const publicUrl = (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, "");
  if (value.COURIER_SIMULATORS === "on" && !isLocalHost(new URL(publicUrl).hostname)) {
    throw new ConfigError(
      `Invalid configuration:\n  COURIER_SIMULATORS: "on" books every parcel with a local simulator, so it is ` +
        `only allowed when PUBLIC_URL is a local address (localhost, 127.x.x.x, ::1); PUBLIC_URL is ${publicUrl}. ` +
        `Turn it off and give the couriers' credentials instead.`,
    );
  }
  if (value.PAYMENT_SIMULATORS === "on" && !isLocalHost(new URL(publicUrl).hostname)) {
    throw new ConfigError(
      `Invalid configuration:\n  PAYMENT_SIMULATORS: "on" sends every payment to a local simulator where no money ` +
        `moves, so it is only allowed when PUBLIC_URL is a local address (localhost, 127.x.x.x, ::1); PUBLIC_URL is ` +
        `${publicUrl}. Turn it off and give the payment providers' credentials instead.`,
    );
  }
  const dataDir = path.resolve(value.DATA_DIR);
  return {
    env: value.NODE_ENV,
    port: value.PORT,
    host: value.HOST,
    database: databaseTarget(value.DATABASE_URL, dataDir),
    dataDir,
    imagesDir: path.join(dataDir, "images"),
    outboxDir: path.join(dataDir, "outbox"),
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM,
    shopEmail: value.SHOP_EMAIL,
    mailWorker: value.MAIL_WORKER === "on",
    messenger: messengerSettings(value, dataDir),
    publicUrl,
    sessionSecret: value.SESSION_SECRET,
    logLevel: value.LOG_LEVEL,
    seedDemo: value.SEED_DEMO === "true",
    redisUrl: value.REDIS_URL,
    rateLimits: {
      authAttemptsPer15Min: value.AUTH_ATTEMPTS_PER_15_MIN,
      loginFailuresPerAddressPerHour: value.LOGIN_FAILURES_PER_ADDRESS_PER_HOUR,
      loginFailuresPerAccountPerHour: value.LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR,
      ordersPerPhonePerHour: value.ORDERS_PER_PHONE_PER_HOUR,
      ordersPerAddressPerHour: value.ORDERS_PER_ADDRESS_PER_HOUR,
      contactMessagesPerHour: value.CONTACT_MESSAGES_PER_HOUR,
      newsletterSignupsPerHour: value.NEWSLETTER_SIGNUPS_PER_HOUR,
    },
    databaseTimeouts: {
      connectMs: value.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: value.DATABASE_STATEMENT_TIMEOUT_MS,
      lockMs: value.DATABASE_LOCK_TIMEOUT_MS,
      idleInTransactionMs: value.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    trustProxy: value.TRUST_PROXY === "true" || value.TRUST_PROXY === "1",
    purgeIntervalMinutes: value.PURGE_INTERVAL_MINUTES,
    unconfirmedCheckMinutes: value.UNCONFIRMED_CHECK_MINUTES,
    campaignCheckSeconds: value.CAMPAIGN_CHECK_SECONDS,
    stockAlertCheckSeconds: value.STOCK_ALERT_CHECK_SECONDS,
    adminIdleMinutes: value.ADMIN_IDLE_MINUTES,
    lowStockThreshold: value.LOW_STOCK_THRESHOLD,
    pageCacheMb: value.PAGE_CACHE_MB,
    apiCacheMb: value.API_CACHE_MB,
    // Behind our proxy (keep-alive timeout 4 s) the grace outlasts its idle connections; alone, nothing to wait for.
    shutdownGraceMs:
      value.SHUTDOWN_GRACE_MS ?? (value.TRUST_PROXY === "true" || value.TRUST_PROXY === "1" ? 5000 : 0),
    importImagePrivateHosts: value.IMPORT_IMAGE_PRIVATE_HOSTS === "allow",
    couriers: {
      simulators: value.COURIER_SIMULATORS === "on",
      leopards:
        value.LEOPARDS_API_KEY && value.LEOPARDS_API_PASSWORD
          ? {
              apiKey: value.LEOPARDS_API_KEY,
              apiPassword: value.LEOPARDS_API_PASSWORD,
              apiUrl: value.LEOPARDS_API_URL.replace(/\/$/, ""),
              webhookSecret: value.LEOPARDS_WEBHOOK_SECRET,
            }
          : undefined,
      postex: value.POSTEX_TOKEN
        ? {
            token: value.POSTEX_TOKEN,
            apiUrl: value.POSTEX_API_URL.replace(/\/$/, ""),
            pickupAddressCode: value.POSTEX_PICKUP_ADDRESS_CODE,
            webhookSecret: value.POSTEX_WEBHOOK_SECRET,
          }
        : undefined,
      timeoutMs: value.COURIER_TIMEOUT_MS,
      pollMinutes: value.COURIER_POLL_MINUTES,
      shipFrom: {
        name: value.SHIP_FROM_NAME,
        address: value.SHIP_FROM_ADDRESS,
        city: value.SHIP_FROM_CITY,
        phone: value.SHIP_FROM_PHONE,
      },
    },
    payments: paymentSettings(value),
    storage: storageSettings(value),
  };
}

/**
 * The bucket when S3_BUCKET is set; the S3_* settings without it, one access key without the other, or a public base
 * without a bucket are ConfigErrors naming what to change.
 */
function storageSettings(value: z.output<typeof envSchema>): StorageSettings {
  const problems: string[] = [];
  if (!value.S3_BUCKET) {
    const stray = (["S3_ENDPOINT", "S3_REGION", "S3_PUBLIC_URL"] as const).filter((name) => value[name]);
    if (stray.length > 0)
      problems.push(
        `${stray.join(", ")} ${stray.length > 1 ? "are" : "is"} set but S3_BUCKET is not: set S3_BUCKET to keep photos and uploads in a bucket, or remove ${stray.length > 1 ? "them" : "it"}`,
      );
  }
  if (Boolean(value.AWS_ACCESS_KEY_ID) !== Boolean(value.AWS_SECRET_ACCESS_KEY))
    problems.push(
      "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together: give both, or neither (the SDK's own chain then finds them)",
    );
  if (problems.length > 0)
    throw new ConfigError(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join("\n")}`);
  if (!value.S3_BUCKET) return { bucket: undefined, publicUrl: undefined };
  return {
    bucket: {
      bucket: value.S3_BUCKET,
      endpoint: value.S3_ENDPOINT?.replace(/\/$/, ""),
      region: value.S3_REGION ?? "us-east-1",
      forcePathStyle: value.S3_FORCE_PATH_STYLE === "true" || value.S3_FORCE_PATH_STYLE === "1",
      credentials:
        value.AWS_ACCESS_KEY_ID && value.AWS_SECRET_ACCESS_KEY
          ? { accessKeyId: value.AWS_ACCESS_KEY_ID, secretAccessKey: value.AWS_SECRET_ACCESS_KEY }
          : undefined,
      timeoutMs: value.S3_TIMEOUT_MS,
    },
    publicUrl: value.S3_PUBLIC_URL?.replace(/\/+$/, ""),
  };
}

function paymentSettings(value: z.output<typeof envSchema>): PaymentSettings {
  const all = <T extends string | undefined>(...fields: T[]) => fields.every((field) => field);
  return {
    simulators: value.PAYMENT_SIMULATORS === "on",
    jazzcash: all(value.JAZZCASH_MERCHANT_ID, value.JAZZCASH_PASSWORD, value.JAZZCASH_INTEGRITY_SALT)
      ? {
          merchantId: value.JAZZCASH_MERCHANT_ID!,
          password: value.JAZZCASH_PASSWORD!,
          integritySalt: value.JAZZCASH_INTEGRITY_SALT!,
          url: value.JAZZCASH_URL.replace(/\/$/, ""),
          merchantMpin: value.JAZZCASH_MERCHANT_MPIN,
          txnType: value.JAZZCASH_TXN_TYPE,
        }
      : undefined,
    easypaisa: all(
      value.EASYPAISA_STORE_ID,
      value.EASYPAISA_HASH_KEY,
      value.EASYPAISA_USERNAME,
      value.EASYPAISA_PASSWORD,
      value.EASYPAISA_ACCOUNT_NUM,
    )
      ? {
          storeId: value.EASYPAISA_STORE_ID!,
          hashKey: value.EASYPAISA_HASH_KEY!,
          username: value.EASYPAISA_USERNAME!,
          password: value.EASYPAISA_PASSWORD!,
          accountNum: value.EASYPAISA_ACCOUNT_NUM!,
          url: value.EASYPAISA_URL.replace(/\/$/, ""),
        }
      : undefined,
    safepay: all(value.SAFEPAY_API_KEY, value.SAFEPAY_SECRET_KEY, value.SAFEPAY_WEBHOOK_SECRET)
      ? {
          apiKey: value.SAFEPAY_API_KEY!,
          secretKey: value.SAFEPAY_SECRET_KEY!,
          webhookSecret: value.SAFEPAY_WEBHOOK_SECRET!,
          environment: value.SAFEPAY_ENVIRONMENT,
          url: value.SAFEPAY_URL,
        }
      : undefined,
    bank: all(value.BANK_ACCOUNT_TITLE, value.BANK_NAME, value.BANK_IBAN)
      ? {
          accountTitle: value.BANK_ACCOUNT_TITLE!,
          bankName: value.BANK_NAME!,
          iban: value.BANK_IBAN!,
          raastId: value.BANK_RAAST_ID,
        }
      : undefined,
    holdMinutes: value.PAYMENT_HOLD_MINUTES,
    bankHoldHours: value.BANK_TRANSFER_HOLD_HOURS,
    timeoutMs: value.PAYMENT_TIMEOUT_MS,
    checkMinutes: value.PAYMENT_CHECK_MINUTES,
  };
}

/** The chosen messenger with its credentials; a provider chosen without them is a ConfigError saying which. */
function messengerSettings(value: z.output<typeof envSchema>, dataDir: string): MessengerSettings {
  const templateLanguage = value.WHATSAPP_TEMPLATE_LANGUAGE;
  const needs = (names: string[]) => {
    const missing = names.filter((name) => !value[name as keyof typeof value]);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n  MESSENGER=${value.MESSENGER} needs ${names.join(", ")}; missing: ${missing.join(", ")}`,
      );
    }
  };
  if (value.MESSENGER === "sms") {
    needs(["SMS_ACCOUNT_SID", "SMS_AUTH_TOKEN", "SMS_FROM"]);
    return {
      driver: "sms",
      channel: "sms",
      templateLanguage,
      sms: {
        accountSid: value.SMS_ACCOUNT_SID!,
        authToken: value.SMS_AUTH_TOKEN!,
        from: value.SMS_FROM!,
        apiUrl: value.SMS_API_URL,
      },
    };
  }
  if (value.MESSENGER === "whatsapp") {
    needs(["WHATSAPP_TOKEN", "WHATSAPP_PHONE_NUMBER_ID"]);
    return {
      driver: "whatsapp",
      channel: "whatsapp",
      templateLanguage,
      whatsapp: {
        token: value.WHATSAPP_TOKEN!,
        phoneNumberId: value.WHATSAPP_PHONE_NUMBER_ID!,
        apiUrl: value.WHATSAPP_API_URL,
      },
    };
  }
  return { driver: "file", channel: "sms", templateLanguage, dir: path.join(dataDir, "messages") };
}

function databaseTarget(url: string | undefined, dataDir: string): DatabaseTarget {
  if (!url) return { engine: "sqlite", file: path.join(dataDir, "shop.sqlite") };
  if (url.startsWith("postgres")) return { engine: "postgres", url };
  return { engine: "sqlite", file: path.resolve(url.replace(/^(sqlite|file):(\/\/)?/, "")) };
}
