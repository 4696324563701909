import { describe, expect, it } from "vitest";
import { isPrivatePage } from "./private-pages.ts";

const page = (path: string) => new URL(path, "http://shop.test");

describe("isPrivatePage", () => {
  it("keeps the newsletter's pages out of every cache: they name the address a link was mailed to", () => {
    for (const path of [
      "/newsletter",
      "/newsletter/confirm?token=1.2.x",
      "/newsletter/unsubscribe?token=abc",
      "/newsletter/unsubscribe.data?token=abc",
    ]) {
      expect(isPrivatePage(page(path), null), path).toBe(true);
    }
  });

  it("leaves a guest's public pages cacheable, the contact page among them", () => {
    for (const path of ["/", "/contact", "/newsletters-archive"]) {
      expect(isPrivatePage(page(path), null), path).toBe(false);
    }
  });
});
