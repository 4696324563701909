import { describe, expect, it } from "vitest";
import { publicOrigin, publicRequest, resolveClientAddress } from "./forwarded.ts";

describe("forwarded headers", () => {
  it("takes the last X-Forwarded-For entry only when the proxy is trusted, and only when it is an address", () => {
    expect(resolveClientAddress("10.0.0.5", "198.51.100.1, 203.0.113.9", true)).toBe("203.0.113.9");
    expect(resolveClientAddress("10.0.0.5", "2001:db8::1", true)).toBe("2001:db8::1");
    expect(resolveClientAddress("10.0.0.5", "203.0.113.9, not-an-address", true)).toBe("10.0.0.5");
    expect(resolveClientAddress("10.0.0.5", "", true)).toBe("10.0.0.5");
    expect(resolveClientAddress("10.0.0.5", "203.0.113.9", false)).toBe("10.0.0.5");
    expect(resolveClientAddress(undefined, "203.0.113.9", false)).toBe("unknown");
  });

  it("rebuilds the URL from X-Forwarded-Proto/Host, keeping method, headers and body", async () => {
    const incoming = new Request("http://127.0.0.1:3241/user-login?redirect=%2Fcart", {
      method: "POST",
      headers: {
        "x-forwarded-proto": "https",
        "x-forwarded-host": "shop.example.pk",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "email=a%40b.pk",
    });
    const rebuilt = publicRequest(incoming, true);
    expect(rebuilt.url).toBe("https://shop.example.pk/user-login?redirect=%2Fcart");
    expect(rebuilt.method).toBe("POST");
    expect(rebuilt.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(await rebuilt.text()).toBe("email=a%40b.pk");
  });

  it("keeps a port, takes the last of repeated values, and ignores what is malformed or untrusted", () => {
    const request = (headers: Record<string, string>) =>
      new Request("http://127.0.0.1:3241/cart", { headers });
    expect(
      publicRequest(request({ "x-forwarded-proto": "https", "x-forwarded-host": "localhost:8443" }), true)
        .url,
    ).toBe("https://localhost:8443/cart");
    expect(
      publicRequest(
        request({ "x-forwarded-proto": "http, https", "x-forwarded-host": "evil.example, shop.pk" }),
        true,
      ).url,
    ).toBe("https://shop.pk/cart");
    expect(
      publicRequest(request({ "x-forwarded-proto": "javascript", "x-forwarded-host": "a b/c@d" }), true).url,
    ).toBe("http://127.0.0.1:3241/cart");
    const untrusted = request({ "x-forwarded-proto": "https", "x-forwarded-host": "shop.pk" });
    expect(publicRequest(untrusted, false)).toBe(untrusted);
  });
});

describe("publicOrigin", () => {
  it("takes the proxy's protocol and host only when trusted and well formed", () => {
    const own = { protocol: "http:", host: "127.0.0.1:3000" };
    const forwarded = { proto: "https", host: "shop.pk" };
    expect(publicOrigin(own, forwarded, true)).toEqual({ protocol: "https", host: "shop.pk" });
    expect(publicOrigin(own, forwarded, false)).toEqual({ protocol: "http", host: "127.0.0.1:3000" });
    expect(publicOrigin({ protocol: "http", host: "a" }, { proto: "gopher", host: "a b" }, true)).toEqual({
      protocol: "http",
      host: "a",
    });
    expect(publicOrigin(own, { proto: undefined, host: null }, true)).toEqual({
      protocol: "http",
      host: "127.0.0.1:3000",
    });
  });
});
