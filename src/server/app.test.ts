import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../platform/config.ts";
import { hostModule } from "../testing/host-harness.ts";
import type * as HostModule from "./app.ts";

/**
 * The whole host (API + React Router storefront) as a reverse proxy sees it. The storefront's server build is a
 * Vite virtual module, so the host is loaded through Vite, as `node server.ts --dev` does.
 */
type Host = ReturnType<typeof HostModule.createHost>;

let host: typeof HostModule;
const dataDirs: string[] = [];
const platforms: HostModule.Platform[] = [];

beforeAll(async () => {
  host = await hostModule();
}, 60_000);

afterAll(async () => {
  for (const platform of platforms) await platform.database.close();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function shop(env: Record<string, string>): Promise<Host> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-host-"));
  dataDirs.push(dataDir);
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    LOG_LEVEL: "silent",
    MAIL_WORKER: "off",
    LOGIN_FAILURES_PER_ADDRESS_PER_HOUR: "2",
    ...env,
  });
  const platform = await host.startPlatform(config);
  platforms.push(platform);
  return host.createHost(platform);
}

/** What @hono/node-server hands the app: the socket the request came in on. */
const fromSocket = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

/** A login form post as our nginx hands it on: plain HTTP to the instance, the browser's HTTPS origin in headers. */
function loginPost(headers: Record<string, string>, email = "nobody@example.pk"): Request {
  return new Request("http://127.0.0.1:3241/user-login", {
    method: "POST",
    headers: {
      origin: "https://shop.example.pk",
      "content-type": "application/x-www-form-urlencoded",
      ...headers,
    },
    body: new URLSearchParams({ email, password: "not the password" }).toString(),
  });
}

const proxied = {
  "x-forwarded-proto": "https",
  "x-forwarded-host": "shop.example.pk",
  "x-forwarded-for": "203.0.113.10",
};

describe("behind a reverse proxy", () => {
  it("with TRUST_PROXY runs a form post whose Origin is the proxy's https origin", async () => {
    const app = await shop({ TRUST_PROXY: "1", PUBLIC_URL: "https://shop.example.pk" });
    const response = await app.fetch(loginPost(proxied), fromSocket("127.0.0.1"));
    // The action ran: the API refused the credentials and the page says why.
    expect(response.status).toBe(422);
    expect(await response.text()).toContain("nobody@example.pk");
  }, 60_000);

  it("without TRUST_PROXY ignores X-Forwarded-Proto/Host: the cross-origin post is refused with a 400", async () => {
    const app = await shop({ PUBLIC_URL: "https://shop.example.pk" });
    const response = await app.fetch(loginPost(proxied), fromSocket("127.0.0.1"));
    expect(response.status).toBe(400);
    // A same-origin post to the instance itself still works.
    const direct = await app.fetch(loginPost({ origin: "http://127.0.0.1:3241" }), fromSocket("127.0.0.1"));
    expect(direct.status).toBe(422);
  }, 60_000);

  it("ignores malformed forwarded headers instead of failing", async () => {
    const app = await shop({ TRUST_PROXY: "1", PUBLIC_URL: "https://shop.example.pk" });
    const response = await app.fetch(
      loginPost({
        origin: "http://127.0.0.1:3241",
        "x-forwarded-proto": "gopher",
        "x-forwarded-host": "a b/c",
      }),
      fromSocket("127.0.0.1"),
    );
    expect(response.status).toBe(422);
  }, 60_000);

  it("without TRUST_PROXY a client cannot spoof its address with X-Forwarded-For (pages and API)", async () => {
    const app = await shop({});
    const statuses: number[] = [];
    for (const [index, spoofed] of ["192.0.2.1", "192.0.2.2", "192.0.2.3"].entries()) {
      const response = await app.fetch(
        loginPost({ origin: "http://127.0.0.1:3241", "x-forwarded-for": spoofed }, `page${index}@example.pk`),
        fromSocket("198.51.100.4"),
      );
      statuses.push(response.status);
    }
    // The limit is 2 attempts per address: the third is refused, whatever address the client claimed.
    expect(statuses).toEqual([422, 422, 429]);

    const api = (spoofed: string, email: string) =>
      app.fetch(
        new Request("http://127.0.0.1:3241/api/login", {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": spoofed },
          body: JSON.stringify({ email, password: "not the password" }),
        }),
        fromSocket("198.51.100.5"),
      );
    expect((await api("192.0.2.1", "api1@example.pk")).status).toBe(422);
    expect((await api("192.0.2.2", "api2@example.pk")).status).toBe(422);
    expect((await api("192.0.2.3", "api3@example.pk")).status).toBe(429);
  }, 60_000);

  it("with TRUST_PROXY counts the address our proxy appended, not what the client put before it", async () => {
    const app = await shop({ TRUST_PROXY: "1", PUBLIC_URL: "https://shop.example.pk" });
    const attempt = (forwardedFor: string, email: string) =>
      app.fetch(loginPost({ ...proxied, "x-forwarded-for": forwardedFor }, email), fromSocket("127.0.0.1"));
    // The client sends its own X-Forwarded-For; nginx appends the real address ($proxy_add_x_forwarded_for).
    expect((await attempt("192.0.2.1, 203.0.113.20", "t1@example.pk")).status).toBe(422);
    expect((await attempt("192.0.2.2, 203.0.113.20", "t2@example.pk")).status).toBe(422);
    expect((await attempt("192.0.2.3, 203.0.113.20", "t3@example.pk")).status).toBe(429);
    // Another shopper behind the same proxy has a budget of their own.
    expect((await attempt("203.0.113.21", "t4@example.pk")).status).toBe(422);
  }, 60_000);

  it("decides the Secure cookie flag from PUBLIC_URL, never from X-Forwarded-Proto", async () => {
    const addToCart = (app: Host, proto: string) =>
      app.fetch(
        new Request("http://127.0.0.1:3241/api/cart/add", {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-proto": proto },
          body: JSON.stringify({ id: 1, quantity: 1, size: 1 }),
        }),
        fromSocket("127.0.0.1"),
      );
    const plain = await shop({ TRUST_PROXY: "1" });
    const secure = await shop({ TRUST_PROXY: "1", PUBLIC_URL: "https://shop.example.pk" });
    const cookie = async (response: Response) => response.headers.getSetCookie().join("\n");
    const unsecured = await addToCart(plain, "https");
    const secured = await addToCart(secure, "http");
    expect(await cookie(unsecured)).toMatch(/^cart_key=/);
    expect(await cookie(unsecured)).not.toContain("Secure");
    expect(await cookie(secured)).toContain("Secure");
  }, 60_000);
});
