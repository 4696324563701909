import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailWorker, enqueueMail } from "../api/mail/outbox.ts";
import { createTestDatabase, type TestDatabase } from "../testing/test-db.ts";
import { createLifecycle, gracefulShutdown, healthRoutes } from "./lifecycle.ts";

const silent = { info() {}, error() {} };

describe("health and shutdown", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  it("answers /healthz, and /readyz 200 while ready and 503 once draining or behind on migrations", async () => {
    const lifecycle = createLifecycle();
    const app = healthRoutes({ database }, lifecycle);
    expect((await app.request("/healthz")).status).toBe(200);
    const ready = await app.request("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
    expect(ready.headers.get("cache-control")).toBe("no-store");

    await sql`delete from kysely_migration where name = '002-product-images'`.execute(database.db);
    const behind = await app.request("/readyz");
    expect(behind.status).toBe(503);
    expect(await behind.json()).toEqual({ status: "migrations pending", pending: 1 });

    lifecycle.drain();
    const draining = await app.request("/readyz");
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: "draining" });
    expect((await app.request("/healthz")).status).toBe(200);
  });

  it("on SIGTERM finishes the request in flight, refuses new connections, closes the database, exits 0", async () => {
    const lifecycle = createLifecycle();
    const events: string[] = [];
    let release: () => void = () => {};
    const app = new Hono();
    app.get("/slow", async (c) => {
      events.push("slow started");
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return c.json({ placed: true });
    });
    const server = http.createServer(getRequestListener(app.fetch));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const exited = new Promise<number>((resolve) => {
      const shutdown = gracefulShutdown({
        server,
        lifecycle,
        close: async () => {
          events.push("database closed");
        },
        logger: silent,
        exit: resolve,
        timeoutMs: 10_000,
      });
      const inFlight = fetch(`http://127.0.0.1:${port}/slow`).then(async (response) => {
        events.push(`answered ${response.status} ${JSON.stringify(await response.json())}`);
      });
      (async () => {
        while (!events.includes("slow started")) await new Promise((resolve) => setTimeout(resolve, 5));
        shutdown("SIGTERM");
        expect(lifecycle.draining).toBe(true);
        await expect(fetch(`http://127.0.0.1:${port}/slow`)).rejects.toThrow();
        release();
        await inFlight;
      })();
    });
    expect(await exited).toBe(0);
    expect(events).toEqual(["slow started", 'answered 200 {"placed":true}', "database closed"]);
  });

  it("on SIGTERM lets the mail worker finish the message it is sending before the database closes", async () => {
    const events: string[] = [];
    let release: () => void = () => {};
    await enqueueMail(database.db, { to: "ali@example.pk", subject: "Order", text: "t", html: "<p>h</p>" });
    const worker = createMailWorker({
      db: database.db,
      engine: database.engine,
      logger: { ...silent, warn() {} },
      mailer: {
        send() {
          events.push("sending");
          return new Promise<void>((resolve) => {
            release = () => {
              events.push("sent");
              resolve();
            };
          });
        },
      },
    });
    worker.start();
    while (!events.includes("sending")) await new Promise((resolve) => setTimeout(resolve, 5));

    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const lifecycle = createLifecycle();
    const exited = new Promise<number>((resolve) => {
      gracefulShutdown({
        server,
        lifecycle,
        stopWorkers: async () => {
          await worker.stop();
          events.push("worker stopped");
        },
        close: async () => {
          events.push("database closed");
        },
        logger: silent,
        exit: resolve,
        timeoutMs: 10_000,
      })("SIGTERM");
    });
    expect(lifecycle.draining).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events).toEqual(["sending"]); // the server is closed, but the send is still in progress
    release();
    expect(await exited).toBe(0);
    expect(events).toEqual(["sending", "sent", "worker stopped", "database closed"]);
    const row = await database.db.selectFrom("mail_outbox").select("sent_at").executeTakeFirstOrThrow();
    expect(row.sent_at).not.toBeNull();
  });

  it("exits at once with 1 on a second signal", () => {
    const codes: number[] = [];
    const server = http.createServer();
    const shutdown = gracefulShutdown({
      server,
      lifecycle: createLifecycle(),
      close: async () => {},
      logger: silent,
      exit: (code) => codes.push(code),
      timeoutMs: 10_000,
    });
    shutdown("SIGTERM");
    shutdown("SIGTERM");
    expect(codes).toEqual([1]);
  });

  it("with a grace period keeps answering on a kept-alive connection after SIGTERM, closing it after the answer", async () => {
    const app = new Hono();
    app.get("/", (c) => c.text("ok"));
    const server = http.createServer(getRequestListener(app.fetch));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    // A proxy's pool: one connection, kept open between requests.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path: "/", agent }, (response) => {
            response.resume();
            response.on("end", () =>
              resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
            );
          })
          .on("error", reject);
      });
    expect(await get()).toEqual({ status: 200, connection: "keep-alive" });

    const codes: number[] = [];
    const exited = new Promise<void>((resolve) => {
      gracefulShutdown({
        server,
        lifecycle: createLifecycle(),
        close: async () => {},
        logger: silent,
        exit: (code) => {
          codes.push(code);
          resolve();
        },
        timeoutMs: 10_000,
        graceMs: 300,
      })("SIGTERM");
    });
    // The proxy reuses its idle connection right after the signal: still answered, and told to close it.
    expect(await get()).toEqual({ status: 200, connection: "close" });
    expect(codes).toEqual([]);
    await exited;
    expect(codes).toEqual([0]);
    agent.destroy();
  });

  it("after the grace, a connection opened just before the listener closed still gets its answer", async () => {
    const app = new Hono();
    app.post("/checkout", (c) => c.text("placed", 201));
    const server = http.createServer(getRequestListener(app.fetch));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const codes: number[] = [];
    const exited = new Promise<void>((resolve) => {
      gracefulShutdown({
        server,
        lifecycle: createLifecycle(),
        close: async () => {},
        logger: silent,
        exit: (code) => {
          codes.push(code);
          resolve();
        },
        timeoutMs: 10_000,
        graceMs: 200,
      })("SIGTERM");
    });
    // A proxy opens a connection during the grace; its request's bytes arrive only after the listener has closed.
    const socket = net.connect(port, "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    await new Promise((resolve) => setTimeout(resolve, 400));
    const answer = new Promise<string>((resolve) => {
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk.toString();
      });
      socket.on("close", () => resolve(text));
    });
    socket.write("POST /checkout HTTP/1.1\r\nHost: shop\r\nContent-Length: 0\r\n\r\n");
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 201/);
    expect(text.toLowerCase()).toContain("connection: close");
    await exited;
    expect(codes).toEqual([0]);
  });
});
