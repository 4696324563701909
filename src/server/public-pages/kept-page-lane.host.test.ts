import http from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookiePolicy, SESSION_COOKIE, setCookieHeader } from "../../shared/cookies.server.ts";
import { HARNESS_CONFIG, registeredShopper, shopper } from "../../testing/api-harness.ts";
import { buildCatalogue, type Catalogue, variantId } from "../../testing/factories.ts";
import { type HostHarness, hostHarness, type ListeningHost } from "../../testing/host-harness.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";

const { engine, available } = testEngine();

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET (or `method`) through a real socket, with exactly `headers`: no encoding asked unless given. */
function request(url: string, path: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      `${url}${path}`,
      { method, headers: { accept: "text/html", ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const scriptNonce = (answer: Answer) =>
  /script-src[^;]*'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1];

/** The page's text, gunzipped when it came gzipped. */
const text = (answer: Answer) =>
  (answer.headers["content-encoding"] === "gzip" ? gunzipSync(answer.body) : answer.body).toString("utf8");

/** The headers that say the same for every answer of a page: not its id, nonce, date (Node's) or length. */
function shared(answer: Answer) {
  const {
    date: _date,
    "x-request-id": _id,
    "content-length": _length,
    "content-security-policy": csp,
    ...rest
  } = answer.headers;
  return { ...rest, "content-security-policy": String(csp).replace(/'nonce-[^']+'/, "'nonce-…'") };
}

describe.skipIf(!available)(`the kept-page lane on ${engine}`, () => {
  let database: TestDatabase;
  let host: HostHarness;
  let server: ListeningHost;
  let catalogue: Catalogue;

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    host = await hostHarness(database);
    server = await host.listen();
    // The first render loads the storefront's routes through Vite: seconds on a busy machine, paid here.
    await request(server.url, "/product/leather-tote");
  }, 90_000);

  afterAll(async () => {
    await host?.close();
    await database?.drop();
  });

  /** `path` answered by the host once (a miss: rendered and kept), so that the lane has its answer. */
  async function kept(path: string) {
    host.pages.clear();
    const first = await request(server.url, path);
    expect(first.headers["x-cache"], path).toBe("miss");
    return first;
  }

  it("answers a kept page at Node's listener, with the headers and page the host gave it and its own nonce", async () => {
    const first = await kept("/product/leather-tote");
    const before = server.laneAnswers();
    const [one, two] = [
      await request(server.url, "/product/leather-tote"),
      await request(server.url, "/product/leather-tote"),
    ];
    expect(server.laneAnswers() - before).toBe(2);
    for (const answer of [one, two]) {
      expect(answer.status).toBe(200);
      expect(answer.headers["x-cache"]).toBe("hit");
      expect(answer.headers["cache-control"]).toBe("public, max-age=0, s-maxage=30");
      expect(answer.headers["set-cookie"]).toBeUndefined();
      expect(Number(answer.headers["content-length"])).toBe(answer.body.byteLength);
      // Every header the host's answer had (security headers, Vary, content type), and nothing else.
      expect({ ...shared(answer), "x-cache": "miss" }).toEqual(shared(first));
      // The page is the kept one with this answer's nonce, the one its policy names, in every inline script.
      const html = text(answer);
      const nonce = scriptNonce(answer)!;
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(html.replaceAll(nonce, "N")).toBe(text(first).replaceAll(scriptNonce(first)!, "N"));
      expect(html).toContain(`nonce="${nonce}"`);
      expect(html).toContain("Leather Tote");
    }
    expect(scriptNonce(one)).not.toBe(scriptNonce(two));
    expect(one.headers["x-request-id"]).not.toBe(two.headers["x-request-id"]);
  });

  it("answers what the host answers for the same kept page: headers and page", async () => {
    await kept("/shop?sort=price-asc&color=");
    const laned = await request(server.url, "/shop?color=&sort=price-asc", {
      "accept-encoding": "gzip, deflate, br",
    });
    expect(laned.headers["x-cache"]).toBe("hit");
    const fromHost = await host.request(`${server.url}/shop?sort=price-asc`, {
      headers: { accept: "text/html", "accept-encoding": "gzip, deflate, br" },
    });
    expect(fromHost.headers.get("x-cache")).toBe("hit");
    // Node's own connection headers are not the host's: the host's Response has none.
    const hostHeaders = {
      ...Object.fromEntries(fromHost.headers),
      connection: "keep-alive",
      "keep-alive": "timeout=5",
    };
    const hostAnswer = {
      status: fromHost.status,
      headers: hostHeaders,
      body: Buffer.from(await fromHost.arrayBuffer()),
    };
    expect(shared(laned)).toEqual(shared(hostAnswer));
    expect(laned.headers["content-encoding"]).toBe("gzip");
    expect(text(laned).replaceAll(scriptNonce(laned)!, "N")).toBe(
      text(hostAnswer).replaceAll(scriptNonce(hostAnswer)!, "N"),
    );
  });

  it("gzips for a client that takes gzip, sends the page as it is to one that asks for no encoding", async () => {
    await kept("/");
    const gzip = await request(server.url, "/", { "accept-encoding": "gzip" });
    const identity = await request(server.url, "/", { "accept-encoding": "identity" });
    const none = await request(server.url, "/");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.body.byteLength).toBeLessThan(identity.body.byteLength / 3);
    for (const answer of [identity, none]) expect(answer.headers["content-encoding"]).toBeUndefined();
    const pages = [gzip, identity, none].map((answer) => text(answer).replaceAll(scriptNonce(answer)!, "N"));
    expect(new Set(pages).size).toBe(1);
    expect(pages[0]).toMatch(/^<!DOCTYPE html>/);
  });

  it("leaves to the host what it would not answer from a kept page as it is", async () => {
    await kept("/product/leather-tote");
    const guest = shopper(host.api);
    const { clutch } = catalogue.products;
    const size = await variantId(database.db, clutch, catalogue.colors.black.id, catalogue.sizes.oneSize.id);
    expect((await guest.post("/cart/add", { id: clutch, size, quantity: 1 })).status).toBe(200);
    const cartCookie = [...guest.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const before = server.laneAnswers();
    const session = await request(server.url, "/product/leather-tote", { cookie: "shop_session=x" });
    expect(session.headers["x-cache"]).toBeUndefined();
    expect(session.headers["cache-control"]).toBe("private, no-store");
    const brotli = await request(server.url, "/product/leather-tote", { "accept-encoding": "br" });
    expect(brotli.headers["content-encoding"]).toBe("br");
    const head = await request(server.url, "/product/leather-tote", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["x-cache"]).toBe("hit");
    const unknownParameter = await request(server.url, "/product/leather-tote?utm_source=x");
    expect(unknownParameter.headers["x-cache"]).toBeUndefined();
    expect(server.laneAnswers()).toBe(before);
    // Public again: the lane.
    expect((await request(server.url, "/product/leather-tote")).headers["x-cache"]).toBe("hit");
    expect(server.laneAnswers()).toBe(before + 1);
  });

  it("answers a shopper with the shop's own cookies from the kept page, exactly as the host's splice would", async () => {
    await kept("/product/leather-tote");
    const { clutch } = catalogue.products;
    const size = await variantId(database.db, clutch, catalogue.colors.black.id, catalogue.sizes.oneSize.id);
    const guest = shopper(host.api);
    expect((await guest.post("/cart/add", { id: clutch, size, quantity: 1 })).status).toBe(200);
    const customer = await registeredShopper(host.api, {
      first_name: "Zara",
      last_name: "O'Neil",
      email: "zara-lane@example.pk",
    });
    expect((await customer.post("/cart/add", { id: clutch, size, quantity: 2 })).status).toBe(200);
    const session = setCookieHeader(SESSION_COOKIE, customer.token!, cookiePolicy(HARNESS_CONFIG));
    const cookies = {
      guest: [...guest.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      customer: session.split(";")[0]!,
    };
    for (const [who, cookie] of Object.entries(cookies)) {
      for (const encoding of ["gzip", "identity"]) {
        const before = server.laneAnswers();
        const laned = await request(server.url, "/product/leather-tote", {
          cookie,
          "accept-encoding": encoding,
        });
        expect(server.laneAnswers() - before, who).toBe(1);
        expect(laned.headers["x-cache"]).toBe("splice");
        expect(laned.headers["cache-control"]).toBe("private, no-store");
        expect(laned.headers["set-cookie"]).toBeUndefined();
        expect(Number(laned.headers["content-length"])).toBe(laned.body.byteLength);
        // The host's own splice of the same page for the same cookie: the same headers and the same page.
        const fromHost = await host.request(`${server.url}/product/leather-tote`, {
          headers: { accept: "text/html", cookie, "accept-encoding": encoding },
        });
        expect(fromHost.headers.get("x-cache")).toBe("splice");
        const hostAnswer = {
          status: fromHost.status,
          headers: {
            ...Object.fromEntries(fromHost.headers),
            connection: "keep-alive",
            "keep-alive": "timeout=5",
          },
          body: Buffer.from(await fromHost.arrayBuffer()),
        };
        expect(shared(laned)).toEqual(shared(hostAnswer));
        expect(text(laned).replaceAll(scriptNonce(laned)!, "N")).toBe(
          text(hostAnswer).replaceAll(scriptNonce(hostAnswer)!, "N"),
        );
      }
    }
    const guestPage = text(await request(server.url, "/product/leather-tote", { cookie: cookies.guest }));
    const customerPage = text(
      await request(server.url, "/product/leather-tote", { cookie: cookies.customer }),
    );
    expect(guestPage).toContain('aria-label="Cart, 1 item"');
    expect(guestPage).not.toContain("Zara");
    expect(customerPage).toContain('aria-label="Cart, 2 items"');
    expect(customerPage).toContain("Zara O&#x27;Neil");
    // The kept page itself stays anonymous.
    const anonymous = text(await request(server.url, "/product/leather-tote"));
    expect(anonymous).toContain('aria-label="Cart, 0 items"');
    expect(anonymous).not.toContain("Zara");
  });

  it("takes over a page only shoppers asked for since it was kept, for shoppers and visitors alike", async () => {
    const customer = await registeredShopper(host.api, {
      first_name: "Hina",
      last_name: "Qureshi",
      email: "hina-lane@example.pk",
    });
    const cookie = setCookieHeader(SESSION_COOKIE, customer.token!, cookiePolicy(HARNESS_CONFIG)).split(
      ";",
    )[0]!;
    host.pages.clear();
    const before = server.laneAnswers();
    // Kept by the host's splice (rendered for a visitor without cookies), then the lane's for everyone.
    const first = await request(server.url, "/about", { cookie });
    expect(first.headers["x-cache"]).toBe("splice");
    expect(server.laneAnswers()).toBe(before);
    const second = await request(server.url, "/about", { cookie });
    expect(second.headers["x-cache"]).toBe("splice");
    expect(server.laneAnswers()).toBe(before + 1);
    expect(shared(second)).toEqual(shared(first));
    const visitor = await request(server.url, "/about");
    expect(server.laneAnswers()).toBe(before + 2);
    expect(visitor.headers["x-cache"]).toBe("hit");
    expect(visitor.headers["cache-control"]).toBe("public, max-age=0, s-maxage=30");
    expect(text(visitor)).not.toContain("Hina");
    // The same headers the host gives a visitor.
    const fromHost = await host.request(`${server.url}/about`, { headers: { accept: "text/html" } });
    expect(fromHost.headers.get("x-cache")).toBe("hit");
    expect(shared(visitor)).toEqual(
      shared({
        status: fromHost.status,
        headers: {
          ...Object.fromEntries(fromHost.headers),
          connection: "keep-alive",
          "keep-alive": "timeout=5",
        },
        body: Buffer.alloc(0),
      }),
    );
  });

  it("leaves a shopper to the host when the page cannot be theirs: a refused session, a forged cookie", async () => {
    await kept("/product/leather-tote");
    const before = server.laneAnswers();
    const forged = await request(server.url, "/product/leather-tote", { cookie: "cart_key=forged.value" });
    expect(forged.headers["x-cache"]).not.toBe("splice");
    const policy = cookiePolicy(HARNESS_CONFIG);
    const unknownToken = setCookieHeader(SESSION_COOKIE, "a".repeat(43), policy).split(";")[0]!;
    const refused = await request(server.url, "/product/leather-tote", { cookie: unknownToken });
    expect(refused.headers["x-cache"]).toBeUndefined();
    expect(String(refused.headers["set-cookie"])).toContain("shop_session=;");
    expect(server.laneAnswers()).toBe(before);
  });

  it("answers nothing after a catalogue change until the host has answered the page again", async () => {
    await kept("/shop");
    expect((await request(server.url, "/shop")).headers["x-cache"]).toBe("hit");
    host.pages.clear();
    const before = server.laneAnswers();
    expect((await request(server.url, "/shop")).headers["x-cache"]).toBe("miss");
    expect(server.laneAnswers()).toBe(before);
    expect((await request(server.url, "/shop")).headers["x-cache"]).toBe("hit");
    expect(server.laneAnswers()).toBe(before + 1);
  });

  it("keeps the request's own id when it is one the host would keep, and makes one otherwise", async () => {
    await kept("/about");
    const own = await request(server.url, "/about", { "x-request-id": "proxy-id_123=" });
    expect(own.headers["x-cache"]).toBe("hit");
    expect(own.headers["x-request-id"]).toBe("proxy-id_123=");
    const bad = await request(server.url, "/about", { "x-request-id": "not valid; at all" });
    expect(bad.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const long = await request(server.url, "/about", { "x-request-id": "a".repeat(65) });
    expect(long.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("says Connection: close on a kept page while the server drains, as the host's answers do", async () => {
    await kept("/about");
    const drain = (_req: http.IncomingMessage, res: http.ServerResponse) =>
      res.setHeader("Connection", "close");
    server.server.prependListener("request", drain);
    try {
      const answer = await request(server.url, "/about");
      expect(answer.headers["x-cache"]).toBe("hit");
      expect(answer.headers.connection).toBe("close");
      expect(answer.headers["content-security-policy"]).toContain("'nonce-");
    } finally {
      server.server.removeListener("request", drain);
    }
  });
});
