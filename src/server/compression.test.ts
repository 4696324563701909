import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { chooseEncoding, compression, ONE_SHOT_MAX } from "./compression.ts";

const text = (size: number) => "Leather tote, Rs. 10,000. ".repeat(Math.ceil(size / 26)).slice(0, size);

function app() {
  const host = new Hono();
  host.use(compression());
  host.get("/page", (c) => c.html(text(20_000)));
  host.get("/small", (c) => c.json({ ok: true }));
  host.get("/big", (c) => c.text(text(ONE_SHOT_MAX + 100_000)));
  host.get("/photo", (c) => c.body(new Uint8Array(5000), 200, { "Content-Type": "image/webp" }));
  host.get("/raw", (c) => c.text(text(5000), 200, { "Cache-Control": "no-transform" }));
  return host;
}

describe("one-shot compression", () => {
  it("compresses a text answer whole, br before gzip, with its length", async () => {
    const br = await app().request("/page", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    const bytes = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get("content-length"))).toBe(bytes.byteLength);
    expect(brotliDecompressSync(bytes).toString()).toBe(text(20_000));

    const gzip = await app().request("/page", { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(text(20_000));
  });

  it("streams a body larger than the one-shot limit through gzip", async () => {
    const response = await app().request("/big", { headers: { "accept-encoding": "gzip, br" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("content-length")).toBeNull();
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(
      text(ONE_SHOT_MAX + 100_000),
    );
  });

  it("leaves alone small bodies, images, HEAD, no-transform and clients that take neither", async () => {
    const asked = { headers: { "accept-encoding": "gzip, br" } };
    expect((await app().request("/small", asked)).headers.get("content-encoding")).toBeNull();
    expect((await app().request("/photo", asked)).headers.get("content-encoding")).toBeNull();
    expect((await app().request("/raw", asked)).headers.get("content-encoding")).toBeNull();
    expect(
      (await app().request("/page", { ...asked, method: "HEAD" })).headers.get("content-encoding"),
    ).toBeNull();
    const identity = await app().request("/page", { headers: { "accept-encoding": "identity" } });
    expect(identity.headers.get("content-encoding")).toBeNull();
    expect(await identity.text()).toBe(text(20_000));
  });

  it("chooses by the client's preferences", () => {
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("br;q=0.5, gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0")).toBeUndefined();
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("gzip, br", ["gzip"])).toBe("gzip");
  });
});
