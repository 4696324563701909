import { describe, expect, it } from "vitest";
import { securityTxt, securityTxtRoutes } from "./security-txt.ts";

describe("security.txt", () => {
  it("names the shop's inbox, expires within a year and is canonical at the shop's address", () => {
    expect(
      securityTxt("https://shop.example.pk", "hello@shop.example.pk", new Date("2026-11-28T21:00:00Z")),
    ).toBe(
      [
        "Contact: mailto:hello@shop.example.pk",
        "Expires: 2027-05-27T00:00:00Z",
        "Preferred-Languages: en, ur",
        "Canonical: https://shop.example.pk/.well-known/security.txt",
        "",
      ].join("\n"),
    );
  });

  it("is served as text at /.well-known/security.txt", async () => {
    const app = securityTxtRoutes({
      publicUrl: "https://shop.example.pk",
      shopEmail: "hello@shop.example.pk",
    });
    const response = await app.request("/.well-known/security.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const expires = /Expires: (\S+)/.exec(await response.text())?.[1];
    expect(Date.parse(expires!) - Date.now()).toBeLessThan(365 * 24 * 60 * 60 * 1000);
  });
});
