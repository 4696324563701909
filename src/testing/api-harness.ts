import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Hono } from "hono";
import pino from "pino";
import { createApi } from "../api/app.ts";
import { RateLimiter } from "../api/rate-limit.ts";
import { createMailer, type Mailer } from "../platform/mail.ts";
import type { TestDatabase } from "./test-db.ts";

export interface ApiHarness {
  /** The API app itself (mounted at /api), e.g. for a host built around it. */
  app: Hono;
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  outboxDir: string;
}

/** The real API app over a test database, with mail written to a temporary outbox. */
export function apiHarness(
  database: TestDatabase,
  options: { mailer?: Mailer; limiter?: RateLimiter } = {},
): ApiHarness {
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-outbox-"));
  const mailer = options.mailer ?? createMailer({ outboxDir, from: "Shop <shop@example.test>" });
  const api = createApi({
    db: database.db,
    engine: database.engine,
    config: {
      env: "test",
      publicUrl: "http://shop.test",
      sessionSecret: "test-secret-test-secret-test-secret!",
    },
    logger: pino({ level: "silent" }),
    mailer,
    limiter: options.limiter ?? new RateLimiter({ limit: 1000, windowMs: 60_000 }),
  });
  return {
    app: api,
    outboxDir,
    request(url, init = {}) {
      const { json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (json !== undefined) headers.set("content-type", "application/json");
      return Promise.resolve(
        api.request(`/api${url}`, {
          ...rest,
          headers,
          body: json !== undefined ? JSON.stringify(json) : rest.body,
        }),
      );
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
export function shopper(api: ApiHarness, extraHeaders: Record<string, string> = {}): Shopper {
  const client: Shopper = {
    token: null,
    cookies: new Map(),
    async call(method, path, json) {
      const headers = new Headers(extraHeaders);
      if (client.cookies.size > 0) {
        headers.set("cookie", [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
      }
      if (client.token) headers.set("authorization", `Bearer ${client.token}`);
      const response = await api.request(path, { method, headers, json });
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
