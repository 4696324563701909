import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { publicRequest } from "../forwarded.ts";
import { keptPageLane, withKeptPageLane } from "./kept-page-lane.ts";
import { cachedPage, createPageCache } from "./page-cache.ts";

const NONCE = "AAAAAAAAAAAAAAAAAAAAAA==";
const PAGE = `<!DOCTYPE html><html><body><script nonce="${NONCE}">1</script>${"<p>text</p>".repeat(200)}</body></html>`;

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/**
 * A host in miniature: every GET of a path under `/kept/` is answered from the kept page at `origin + path` with
 * `headers` (the CSP naming the render's nonce), and shown to the lane; anything else is a 404 from the host.
 */
async function serve(options: { trustProxy: boolean; headers?: Record<string, string> }) {
  const pages = createPageCache({ maxBytes: 1 << 20, ttlMs: 60_000 });
  const lane = keptPageLane({ pages, trustProxy: options.trustProxy });
  let hostAnswers = 0;
  const app = new Hono();
  app.use(lane.recorder);
  app.get("*", (c) => {
    hostAnswers++;
    const page = pages.get(new URL(publicRequest(c.req.raw, options.trustProxy).url).origin + c.req.path);
    if (!page) return c.text("not kept", 404);
    lane.answered(c, { page, nonce: NONCE, personal: false });
    return c.body(PAGE, 200, {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "public, max-age=0, s-maxage=30",
      "content-security-policy": `script-src 'self' 'nonce-${NONCE}'`,
      ...options.headers,
    });
  });
  const server = http.createServer(withKeptPageLane(lane, getRequestListener(app.fetch)));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const keep = (key: string) => {
    const page = cachedPage(200, [["content-type", "text/html; charset=utf-8"]], PAGE, NONCE);
    pages.begin(key).finish(page);
  };
  return { url, keep, hostAnswers: () => hostAnswers };
}

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return { response, text: await response.text() };
}

describe("the kept-page lane", () => {
  it("keys a kept page by the origin the proxy names when trusted, and by the request's own otherwise", async () => {
    const trusted = await serve({ trustProxy: true });
    trusted.keep("https://shop.pk/");
    const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "shop.pk" };
    expect((await get(trusted.url, forwarded)).response.status).toBe(200);
    expect(trusted.hostAnswers()).toBe(1);
    const laned = await get(trusted.url, forwarded);
    expect(laned.response.status).toBe(200);
    expect(trusted.hostAnswers()).toBe(1);
    const nonce = /'nonce-([^']+)'/.exec(laned.response.headers.get("content-security-policy")!)![1]!;
    expect(nonce).not.toBe(NONCE);
    expect(laned.text).toBe(PAGE.replace(NONCE, nonce));
    // Without the proxy's word the request's own origin: no page kept there.
    expect((await get(trusted.url)).response.status).toBe(404);

    const untrusted = await serve({ trustProxy: false });
    untrusted.keep("https://shop.pk/");
    await get(untrusted.url, forwarded);
    expect((await get(untrusted.url, forwarded)).response.status).toBe(404);
    expect(untrusted.hostAnswers()).toBe(2);
  });

  it("never replays an answer that set a cookie or was not public", async () => {
    const answers: Record<string, string>[] = [
      { "set-cookie": "a=1" },
      { "cache-control": "private, no-store" },
    ];
    for (const headers of answers) {
      const host = await serve({ trustProxy: false, headers });
      host.keep(`${host.url}/`);
      await get(host.url);
      await get(host.url);
      expect(host.hostAnswers(), JSON.stringify(headers)).toBe(2);
    }
  });

  it("never replays an answer whose policy does not name the page's nonce once", async () => {
    for (const csp of ["script-src 'self'", `script-src 'nonce-${NONCE}' 'nonce-${NONCE}'`]) {
      const host = await serve({ trustProxy: false, headers: { "content-security-policy": csp } });
      host.keep(`${host.url}/`);
      await get(host.url);
      await get(host.url);
      expect(host.hostAnswers(), csp).toBe(2);
    }
  });

  it("leaves absolute-form targets, other methods and hosts Node's adapter would check to the host", async () => {
    const host = await serve({ trustProxy: false });
    const port = new URL(host.url).port;
    host.keep(`${host.url}/`);
    await get(host.url);
    expect((await get(host.url)).response.headers.get("content-security-policy")).not.toContain(NONCE);
    /** One request written as it is, on its own connection: the answer's head and body. */
    const raw = (lines: string[]) =>
      new Promise<string>((resolve, reject) => {
        const connection = net.connect(Number(port), "127.0.0.1", () =>
          connection.end(`${lines.join("\r\n")}\r\n\r\n`),
        );
        let answer = "";
        connection.on("data", (chunk: Buffer) => {
          answer += chunk.toString("latin1");
        });
        connection.on("end", () => resolve(answer));
        connection.on("error", reject);
      });
    const answers = [
      await raw([`GET ${host.url}/ HTTP/1.1`, `Host: 127.0.0.1:${port}`, "Connection: close"]),
      await raw(["POST / HTTP/1.1", `Host: 127.0.0.1:${port}`, "Content-Length: 0", "Connection: close"]),
      await raw(["GET / HTTP/1.1", `Host: evil@127.0.0.1:${port}`, "Connection: close"]),
      await raw(["GET /x\\..\\ HTTP/1.1", `Host: 127.0.0.1:${port}`, "Connection: close"]),
    ];
    // The host's answers: its own render's nonce (the absolute form), a 404 (POST), and the adapter's 400 for a
    // Host with user info and a path with a backslash (both would name the kept page "/" to a URL parser).
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200/);
    expect(answers[0]).toContain(`'nonce-${NONCE}'`);
    expect(answers[1]).toMatch(/^HTTP\/1\.1 404/);
    expect(answers[2]).toMatch(/^HTTP\/1\.1 400/);
    expect(answers[3]).toMatch(/^HTTP\/1\.1 400/);
  });

  it("never remembers headers Node would refuse to send, and hands a lane that fails to the host", async () => {
    const host = await serve({ trustProxy: false, headers: { "x-note": "a\u0001b" } });
    host.keep(`${host.url}/`);
    await get(host.url);
    await get(host.url);
    expect(host.hostAnswers()).toBe(2);

    const pages = createPageCache({ maxBytes: 1 << 20, ttlMs: 60_000 });
    const failing = {
      ...keptPageLane({ pages, trustProxy: false }),
      answer: (): boolean => {
        throw new Error("lane failed");
      },
    };
    const errors: unknown[] = [];
    const server = http.createServer(
      withKeptPageLane(
        failing,
        (_req, res) => res.end("from the host"),
        (error) => errors.push(error),
      ),
    );
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const answer = await get(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    expect(answer.text).toBe("from the host");
    expect(errors).toHaveLength(1);
  });

  it("leaves a request whose own Host the host cannot parse to the host, whatever the proxy says", async () => {
    const host = await serve({ trustProxy: true });
    host.keep("https://shop.pk/");
    const forwarded = { "x-forwarded-proto": "https", "x-forwarded-host": "shop.pk" };
    await get(host.url, forwarded);
    const before = host.hostAnswers();
    const port = new URL(host.url).port;
    const answer = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: "127.0.0.1", port, path: "/", headers: { host: "999.1.1.1", ...forwarded } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end();
    });
    // The host had it (and failed it, as it fails any such request); the lane would have answered 200.
    expect(answer).toBeGreaterThanOrEqual(400);
    expect(host.hostAnswers()).toBe(before + 1);
  });
});
