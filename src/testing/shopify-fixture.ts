import fs from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import sharp from "sharp";

/**
 * A product CSV shaped as Shopify exports it (src/testing/fixtures/shopify-products.csv: its real header, a colour
 * and size product with compare-at prices and an image-only row, a Title / Default Title product and a Size +
 * Material one), and a local HTTP server serving its photos as real JPEG and PNG files.
 */

export const SHOPIFY_FIXTURE = path.join(import.meta.dirname, "fixtures", "shopify-products.csv");

/** The fixture's text with its photos at `imageHost` ("http://127.0.0.1:1234"). */
export function shopifyCsv(imageHost: string): string {
  return fs.readFileSync(SHOPIFY_FIXTURE, "utf8").replaceAll("{{IMAGE_HOST}}", imageHost);
}

export interface PhotoServer {
  /** "http://127.0.0.1:port". */
  url: string;
  /** The paths asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

const COLOURS: Record<string, string> = {
  "weekender-front": "#556b2f",
  "weekender-back": "#6b8e23",
  "weekender-side": "#808000",
  scarf: "#c71585",
  kurta: "#f5deb3",
};

/**
 * Serves /<name>.jpg and /<name>.png (a 320 px square of the photo's colour); anything else is a 404. `delayMs`
 * holds each answer back (so a browser test sees the import under way).
 */
export async function startPhotoServer(options: { delayMs?: number } = {}): Promise<PhotoServer> {
  const requests: string[] = [];
  const server: Server = createServer(async (request, response) => {
    const url = request.url ?? "/";
    requests.push(url);
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    const match = /^\/([a-z-]+)\.(jpg|png)$/.exec(url);
    const colour = match ? COLOURS[match[1]!] : undefined;
    if (!match || !colour) {
      response.writeHead(404).end("not found");
      return;
    }
    const square = sharp({ create: { width: 320, height: 320, channels: 3, background: colour } });
    const bytes = match[2] === "png" ? await square.png().toBuffer() : await square.jpeg().toBuffer();
    response.writeHead(200, { "content-type": match[2] === "png" ? "image/png" : "image/jpeg" }).end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
