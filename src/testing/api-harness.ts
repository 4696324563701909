import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { createApi } from "../api/app.ts";
import { createMailer, type Mailer } from "../platform/mail.ts";
import type { TestDatabase } from "./test-db.ts";

export interface ApiHarness {
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  outboxDir: string;
}

/** The real API app over a test database, with mail written to a temporary outbox. */
export function apiHarness(database: TestDatabase, options: { mailer?: Mailer } = {}): ApiHarness {
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
  });
  return {
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
