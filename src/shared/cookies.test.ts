import { describe, expect, it } from "vitest";
import {
  CART_COOKIE,
  clearCookieHeader,
  cookiePolicy,
  readCookie,
  readSignedCookie,
  SESSION_COOKIE,
  setCookieHeader,
} from "./cookies.server.ts";

const SECRET = "a-test-secret-of-at-least-32-characters";

describe("cookies", () => {
  it("takes the Secure flag from the configured public URL, never from a request", () => {
    expect(cookiePolicy({ publicUrl: "https://shop.example.pk", sessionSecret: SECRET }).secure).toBe(true);
    expect(cookiePolicy({ publicUrl: "http://localhost:3000", sessionSecret: SECRET }).secure).toBe(false);
    const https = cookiePolicy({ publicUrl: "https://shop.example.pk", sessionSecret: SECRET });
    expect(setCookieHeader(SESSION_COOKIE, "token", https)).toMatch(/; Secure$/);
    expect(clearCookieHeader(CART_COOKIE, https)).toMatch(/; Secure$/);
    const http = cookiePolicy({ publicUrl: "http://localhost:3000", sessionSecret: SECRET });
    expect(setCookieHeader(SESSION_COOKIE, "token", http)).not.toMatch(/Secure/);
  });

  it("sets httpOnly, SameSite=Lax cookies for 30 days and clears them with Max-Age=0", () => {
    const policy = { secure: false, secret: SECRET };
    expect(setCookieHeader(CART_COOKIE, "key", policy)).toMatch(
      /^cart_key=key\.[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=2592000$/,
    );
    expect(clearCookieHeader(SESSION_COOKIE, policy)).toBe(
      "shop_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0",
    );
  });

  it("reads back only values signed with the same secret", () => {
    const policy = { secure: false, secret: SECRET };
    const header = `other=1; ${setCookieHeader(SESSION_COOKIE, "abc_DEF-123", policy).split(";")[0]}`;
    expect(readSignedCookie(header, SESSION_COOKIE, policy)).toBe("abc_DEF-123");
    expect(readSignedCookie(header, SESSION_COOKIE, { ...policy, secret: `${SECRET}-rotated` })).toBeNull();
    expect(readSignedCookie("shop_session=abc_DEF-123", SESSION_COOKIE, policy)).toBeNull();
    const forged = header.replace("abc_DEF-123", "abc_DEF-124");
    expect(readSignedCookie(forged, SESSION_COOKIE, policy)).toBeNull();
    expect(readSignedCookie(null, SESSION_COOKIE, policy)).toBeNull();
  });

  it("reads one cookie from a header and survives bad encoding", () => {
    expect(readCookie("a=1; b=two%20words; c=3", "b")).toBe("two words");
    expect(readCookie("a=1", "b")).toBeNull();
    expect(readCookie("b=%E0%A4%A", "b")).toBeNull();
  });
});
