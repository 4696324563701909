// Draws the shop's icon (a shopping bag in the header's colours) and writes the favicon set and the web manifest
// into public/: favicon.svg, favicon.ico (16, 32, 48 px), apple-touch-icon.png (180 px), icon-192.png,
// icon-512.png, icon-maskable-512.png and site.webmanifest. Colours come from src/storefront/styles/tokens.css.
// Run it after changing the drawing or the palette: `node scripts/make-icons.ts`; the outputs are committed.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
const publicDir = path.join(root, "public");
const tokens = fs.readFileSync(path.join(root, "src/storefront/styles/tokens.css"), "utf8");

function token(name: string): string {
  const match = tokens.match(new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{3,8})\\s*;`));
  if (!match?.[1]) throw new Error(`tokens.css has no colour --${name}`);
  return match[1];
}

const BRAND = {
  name: "Bags & Threads",
  shortName: "Bags&Threads",
  dark: token("color-dark"),
  light: token("color-surface"),
  accent: token("color-accent-light"),
  background: token("color-white"),
};

/** The bag on a dark rounded square; `inset` shrinks the drawing (maskable icons keep a safe zone). */
function iconSvg({ rounded, inset }: { rounded: boolean; inset: number }): string {
  const scale = 1 - inset * 2;
  const offset = 64 * inset;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
<rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="${BRAND.dark}"/>
<g transform="translate(${offset} ${offset}) scale(${scale})">
<path d="M17 24h30l-2.2 26.4a3 3 0 0 1-3 2.6H22.2a3 3 0 0 1-3-2.6L17 24Z" fill="none" stroke="${BRAND.light}" stroke-width="4" stroke-linejoin="round"/>
<path d="M25 29v-7a7 7 0 0 1 14 0v7" fill="none" stroke="${BRAND.accent}" stroke-width="4" stroke-linecap="round"/>
<path d="M27 40.5h10" stroke="${BRAND.accent}" stroke-width="3" stroke-linecap="round"/>
</g>
</svg>
`;
}

function png(svg: string, size: number): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** An ICO file holding PNG images (allowed since Windows Vista, read by every current browser). */
function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt8(0, entry + 2);
    header.writeUInt8(0, entry + 3);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.data)]);
}

const MANIFEST = {
  name: BRAND.name,
  short_name: BRAND.shortName,
  description: "Bags and clothing, delivered across Pakistan.",
  start_url: "/",
  scope: "/",
  display: "standalone",
  theme_color: BRAND.dark,
  background_color: BRAND.background,
  icons: [
    { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
    { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
    { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
  ],
};

async function main() {
  const rounded = iconSvg({ rounded: true, inset: 0 });
  // Apple and maskable icons are cropped by the system, so they fill the square.
  const square = iconSvg({ rounded: false, inset: 0 });
  const maskable = iconSvg({ rounded: false, inset: 0.1 });
  fs.writeFileSync(path.join(publicDir, "favicon.svg"), rounded);
  const small = await Promise.all(
    [16, 32, 48].map(async (size) => ({ size, data: await png(rounded, size) })),
  );
  fs.writeFileSync(path.join(publicDir, "favicon.ico"), ico(small));
  fs.writeFileSync(path.join(publicDir, "apple-touch-icon.png"), await png(square, 180));
  fs.writeFileSync(path.join(publicDir, "icon-192.png"), await png(rounded, 192));
  fs.writeFileSync(path.join(publicDir, "icon-512.png"), await png(rounded, 512));
  fs.writeFileSync(path.join(publicDir, "icon-maskable-512.png"), await png(maskable, 512));
  fs.writeFileSync(path.join(publicDir, "site.webmanifest"), `${JSON.stringify(MANIFEST, null, 2)}\n`);
  process.stdout.write("icons and site.webmanifest written to public/\n");
}

if (import.meta.main) await main();
