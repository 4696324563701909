import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const publicFile = (name: string) => path.join(root, "public", name);

describe("favicon set and web manifest (made by scripts/make-icons.ts)", () => {
  it("has the PNG icons at their sizes and an ICO with 16, 32 and 48 px images", async () => {
    for (const [name, size] of [
      ["apple-touch-icon.png", 180],
      ["icon-192.png", 192],
      ["icon-512.png", 512],
      ["icon-maskable-512.png", 512],
    ] as const) {
      const meta = await sharp(publicFile(name)).metadata();
      expect([name, meta.format, meta.width, meta.height]).toEqual([name, "png", size, size]);
    }
    const ico = fs.readFileSync(publicFile("favicon.ico"));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 3]);
    expect([0, 1, 2].map((index) => ico.readUInt8(6 + 16 * index))).toEqual([16, 32, 48]);
    expect(fs.readFileSync(publicFile("favicon.svg"), "utf8")).toMatch(/^<svg xmlns/);
  });

  it("names the shop, its icons and the header's theme colour from tokens.css", () => {
    const manifest = JSON.parse(fs.readFileSync(publicFile("site.webmanifest"), "utf8"));
    const tokens = fs.readFileSync(path.join(root, "src/storefront/styles/tokens.css"), "utf8");
    const dark = tokens.match(/--color-dark:\s*(#[0-9a-f]+);/i)?.[1];
    const root_tsx = fs.readFileSync(path.join(root, "src/storefront/root.tsx"), "utf8");
    expect(manifest).toMatchObject({
      name: "Bags & Threads",
      start_url: "/",
      display: "standalone",
      theme_color: dark,
    });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(root_tsx).toContain(`<meta name="theme-color" content="${dark}" />`);
    for (const icon of manifest.icons)
      expect(fs.existsSync(publicFile(icon.src.slice(1))), icon.src).toBe(true);
    for (const link of ["/favicon.ico", "/favicon.svg", "/apple-touch-icon.png", "/site.webmanifest"]) {
      expect(root_tsx).toContain(`href: "${link}"`);
    }
  });
});
