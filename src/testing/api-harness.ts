import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Hono } from "hono";
import pino, { type Logger } from "pino";
import type { ApiEnv } from "../api/api-env.ts";
import { createApi } from "../api/app.ts";
import type { CatalogueListener } from "../api/catalogue/catalogue-write.ts";
import { createMailWorker, type MailWorker } from "../api/mail/outbox.ts";
import { createMessageWorker, type MessageWorker } from "../api/messages/message-outbox.ts";
import type { OutboxOptions } from "../api/outbox/outbox-worker.ts";
import { createLimits, type Limits } from "../api/rate-limit.ts";
import { createServices, type Services } from "../api/services.ts";
import type { Config, RateLimitSettings } from "../platform/config.ts";
import { createMailer, type Mailer, type MailMessage } from "../platform/mail.ts";
import { fileMessenger, type MessageChannel, type Messenger } from "../platform/messenger.ts";
import type { Storage } from "../platform/storage/storage.ts";
import type { TestDatabase } from "./test-db.ts";

export interface ApiHarness {
  /** The API app itself (mounted at /api), e.g. for a host built around it. */
  app: Hono<ApiEnv>;
  /** The API's repositories and services (its composition root), as a host built around it reads them. */
  services: Services;
  /** `address` plays the socket's remote address (the API reads no address from request headers). */
  request(path: string, init?: RequestInit & { json?: unknown; address?: string }): Promise<Response>;
  outboxDir: string;
  /** Where the API writes uploaded photos with the default (folder) storage: a temporary folder. */
  imagesDir: string;
  /** Where photos and uploads go: the folder over `imagesDir` (and a temporary DATA_DIR), or the one given. */
  storage: Storage;
  /** The mail worker over this database and the harness's mailer; not started unless a test starts it. */
  mailWorker: MailWorker;
  /** Sends every mail that is due now (what the running worker would do after a checkout). */
  deliverMail(): Promise<void>;
  /** The message worker over this database and the harness's messenger; not started unless a test starts it. */
  messageWorker: MessageWorker;
  /** Where the default messenger writes messages (a temporary folder). */
  messagesDir: string;
}

/** Allowances no test reaches by accident; the rate-limit tests pass their own `limits`. */
const UNLIMITED: RateLimitSettings = {
  authAttemptsPer15Min: 100_000,
  loginFailuresPerAddressPerHour: 100_000,
  loginFailuresPerAccountPerHour: 100_000,
  ordersPerPhonePerHour: 100_000,
  ordersPerAddressPerHour: 100_000,
  contactMessagesPerHour: 100_000,
  newsletterSignupsPerHour: 100_000,
};

/**
 * The configuration the harness's API runs with (its public address, the secret it signs cookies and tokens with,
 * and the shop's inbox for contact-form messages).
 */
export const HARNESS_CONFIG = {
  env: "test",
  publicUrl: "http://shop.test",
  sessionSecret: "test-secret-test-secret-test-secret!",
  shopEmail: "care@shop.test",
} as const;

/**
 * The real API app over a test database. Its mail goes to the outbox table; `deliverMail()` (or starting
 * `mailWorker`) sends it through `mailer`, by default `.eml` files in a temporary folder.
 */
export function apiHarness(
  database: TestDatabase,
  options: {
    mailer?: Mailer;
    limits?: Limits;
    mailOptions?: Partial<OutboxOptions>;
    /** Sends the message outbox; by default JSON files in `messagesDir`. */
    messenger?: Messenger;
    /** The channel order messages are queued for ("sms" unless given). */
    messageChannel?: MessageChannel;
    logger?: Logger;
    /** Back-office settings (inactivity, low-stock threshold, couriers) other than their defaults. */
    config?: Partial<
      Pick<
        Config,
        | "adminIdleMinutes"
        | "lowStockThreshold"
        | "couriers"
        | "payments"
        | "publicUrl"
        | "importImagePrivateHosts"
      >
    >;
    /** Told after committed catalogue writes (ApiDeps.onCatalogueChanged). */
    onCatalogueChanged?: CatalogueListener;
    /** Photos and uploads somewhere else than the temporary folder (a test bucket). */
    storage?: Storage;
  } = {},
): ApiHarness {
  const logger = options.logger ?? pino({ level: "silent" });
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-outbox-"));
  const imagesDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-images-"));
  const mailer = options.mailer ?? createMailer({ outboxDir, from: "Shop <shop@example.test>" });
  const mailWorker = createMailWorker({
    db: database.db,
    engine: database.engine,
    mailer,
    logger,
    ...(options.mailOptions ? { options: options.mailOptions } : {}),
  });
  const messagesDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-messages-"));
  const messageWorker = createMessageWorker({
    db: database.db,
    engine: database.engine,
    messenger: options.messenger ?? fileMessenger(messagesDir),
    logger,
  });
  const deps = {
    db: database.db,
    ...(database.orders ? { ordersDb: database.orders } : {}),
    engine: database.engine,
    config: {
      ...HARNESS_CONFIG,
      imagesDir,
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "shop-data-")),
      ...options.config,
    },
    logger,
    onMailQueued: () => mailWorker.nudge(),
    onMessageQueued: () => messageWorker.nudge(),
    ...(options.messageChannel ? { messageChannel: options.messageChannel } : {}),
    ...(options.onCatalogueChanged ? { onCatalogueChanged: options.onCatalogueChanged } : {}),
    ...(options.storage ? { storage: options.storage } : {}),
    limits: options.limits ?? createLimits({ settings: UNLIMITED, logger }),
  };
  const services = createServices(deps);
  const api = createApi(deps, services);
  return {
    app: api,
    services,
    outboxDir,
    imagesDir,
    storage: services.storage,
    mailWorker,
    deliverMail: () => mailWorker.drain(),
    messageWorker,
    messagesDir,
    request(url, init = {}) {
      const { json, address, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (json !== undefined) headers.set("content-type", "application/json");
      return Promise.resolve(
        api.request(
          `/api${url}`,
          {
            ...rest,
            headers,
            body: json !== undefined ? JSON.stringify(json) : rest.body,
          },
          address ? { incoming: { socket: { remoteAddress: address } } } : undefined,
        ),
      );
    },
  };
}

/** A mailer that keeps every message it is given (in `sent`), for tests that read the mail. */
export function recordingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

export interface Shopper {
  /** A JSON request with this shopper's cookies and token; answers status and parsed body. */
  call(
    method: string,
    path: string,
    json?: unknown,
  ): Promise<{ status: number; body: any; headers: Headers }>;
  get(path: string): ReturnType<Shopper["call"]>;
  post(path: string, json?: unknown): ReturnType<Shopper["call"]>;
  token: string | null;
  cookies: Map<string, string>;
}

/** A browser-like client: keeps the cookies the API sets and sends its bearer token once it has one. */
export function shopper(
  api: ApiHarness,
  extraHeaders: Record<string, string> = {},
  options: { address?: string } = {},
): Shopper {
  const client: Shopper = {
    token: null,
    cookies: new Map(),
    async call(method, path, json) {
      const headers = new Headers(extraHeaders);
      if (client.cookies.size > 0) {
        headers.set("cookie", [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
      }
      if (client.token) headers.set("authorization", `Bearer ${client.token}`);
      const response = await api.request(path, { method, headers, json, address: options.address });
      for (const cookie of response.headers.getSetCookie()) {
        const [pair = "", ...attributes] = cookie.split(";");
        const [name = "", value = ""] = pair.split("=");
        if (attributes.some((attribute) => /max-age=0/i.test(attribute.trim())) || value === "")
          client.cookies.delete(name);
        else client.cookies.set(name, value);
      }
      const body = await response.json().catch(() => null);
      return { status: response.status, body, headers: response.headers };
    },
    get: (path) => client.call("GET", path),
    post: (path, json) => client.call("POST", path, json ?? {}),
  };
  return client;
}

/** A shopper who has just registered through the API and holds its token. */
export async function registeredShopper(
  api: ApiHarness,
  name: { first_name: string; last_name: string; email: string },
): Promise<Shopper> {
  const client = shopper(api);
  const { status, body } = await client.post("/register", {
    ...name,
    password: "correct horse",
    password_confirmation: "correct horse",
  });
  if (status !== 201)
    throw new Error(`registering ${name.email} answered ${status}: ${JSON.stringify(body)}`);
  client.token = body.token;
  return client;
}
