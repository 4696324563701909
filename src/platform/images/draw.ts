import { backpack } from "./motifs/backpack.ts";
import { clutch } from "./motifs/clutch.ts";
import { handbag } from "./motifs/handbag.ts";
import { jacket } from "./motifs/jacket.ts";
import { type Ctx, commonDefs, type ItemView, luminance, palette } from "./motifs/kit.ts";
import { kurta } from "./motifs/kurta.ts";
import { scarf } from "./motifs/scarf.ts";
import { shirt } from "./motifs/shirt.ts";
import { tshirt } from "./motifs/t-shirt.ts";
import { tote } from "./motifs/tote.ts";
import { wallet } from "./motifs/wallet.ts";

/**
 * Flat product illustrations drawn as SVG: one silhouette per item type in the variant's colour, with shading,
 * stitching and hardware, on a soft neutral background. Every drawing has a FRONT and a distinct BACK view.
 * Pure string code; render.ts turns the SVG into WebP with sharp. Each item type (motif) is drawn by its own
 * module in `motifs/`; this one picks the motif and composes the product image and the fallback images.
 *
 * Items are drawn in an 800x800 coordinate space so they can be reused inside banner slides (`slides.ts`).
 */

export const ITEM_KINDS = [
  "handbag",
  "backpack",
  "tote",
  "clutch",
  "wallet",
  "shirt",
  "kurta",
  "t-shirt",
  "jacket",
  "scarf",
] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

export interface ItemOptions {
  /** Picks a design variation (pattern, collar, hardware...) so products of one type differ. */
  style?: number;
  /** Prefix for gradient and pattern ids, unique within one SVG document. */
  id?: string;
}

/** An item's SVG pieces: `defs` go in <defs>, `body` is drawn in 800x800 space. */
export interface ItemDrawing {
  defs: string;
  body: string;
}

const DRAWERS: Record<ItemKind, (ctx: Ctx) => string> = {
  handbag,
  backpack,
  tote,
  clutch,
  wallet,
  shirt,
  kurta,
  "t-shirt": tshirt,
  jacket,
  scarf,
};

/** Hardware colour for a design variation. */
function hardwareFor(kind: ItemKind, style: number): "gold" | "silver" {
  if (kind === "backpack" || kind === "jacket") return style % 3 === 1 ? "gold" : "silver";
  return style % 4 === 1 || style % 6 === 3 ? "silver" : "gold";
}

/**
 * `opacity` on a shape makes librsvg composite it through an offscreen surface, which dominates render time
 * with dozens of translucent shapes. For a single shape, fill- and stroke-opacity look the same and are cheap.
 */
function cheapOpacity(svg: string): string {
  return svg.replace(/<(path|rect|circle|ellipse|polygon|text)\b[^>]*>/g, (tag) => {
    if (tag.includes("-opacity=")) return tag;
    return tag.replace(/ opacity="([^"]+)"/, ' fill-opacity="$1" stroke-opacity="$1"');
  });
}

/** The item alone (no background), for placing in a product image or a banner. */
export function drawItem(
  kind: ItemKind,
  color: string,
  view: ItemView,
  options: ItemOptions = {},
): ItemDrawing {
  const style = Math.max(0, Math.floor(options.style ?? 0));
  const ctx: Ctx = {
    p: options.id ?? "i",
    c: palette(color, hardwareFor(kind, style)),
    style,
    view,
    defs: [],
  };
  commonDefs(ctx);
  const body = cheapOpacity(DRAWERS[kind](ctx));
  return { defs: ctx.defs.join(""), body };
}

export interface ProductSvgOptions {
  kind: ItemKind;
  /** The variant colour as a hex code. */
  color: string;
  view: ItemView;
  style?: number;
  /** Output size in pixels (the drawing is square). */
  size?: number;
}

/** Small items are drawn larger so every product fills its frame about equally. */
const ITEM_SCALE: Record<ItemKind, number> = {
  handbag: 1.1,
  backpack: 1.06,
  tote: 1.06,
  clutch: 1.12,
  wallet: 1.3,
  shirt: 1,
  kurta: 1,
  "t-shirt": 1.04,
  jacket: 1.02,
  scarf: 1,
};

const BAG_KINDS: ReadonlySet<ItemKind> = new Set(["handbag", "backpack", "tote", "clutch", "wallet"]);

/** A product image split in two: a backdrop shared by many images, and the item drawn on transparency. */
export interface ProductLayers {
  /** Identifies the backdrop, so a renderer can draw it once and reuse it. */
  backgroundKey: string;
  background: string;
  foreground: string;
}

function backdrop(kind: ItemKind, color: string): { key: string; defs: string; body: string } {
  const bag = BAG_KINDS.has(kind);
  const pale = luminance(color) > 0.62;
  const [inner, outer] = bag
    ? pale
      ? ["#f3ede4", "#ddd2c3"]
      : ["#fbf8f3", "#ebe3d8"]
    : pale
      ? ["#eef0f2", "#d8dde2"]
      : ["#f9f9f8", "#e7e8e6"];
  const floor = bag
    ? `<path d="M 0 600 Q 400 570 800 600 V 800 H 0 Z" fill="${pale ? "#d6cab9" : "#e6ddd0"}" opacity=".55"/>`
    : "";
  return {
    key: `${bag ? "bag" : "clothing"}-${pale ? "pale" : "plain"}`,
    defs: `<radialGradient id="bg" cx=".5" cy=".42" r=".75"><stop offset="0" stop-color="${inner}"/><stop offset="1" stop-color="${outer}"/></radialGradient>`,
    body: `<rect width="800" height="800" fill="url(#bg)"/>${floor}`,
  };
}

function svgDocument(size: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 800 800"><defs>${defs}</defs>${body}</svg>`;
}

function productItem(options: ProductSvgOptions): ItemDrawing {
  const item = drawItem(options.kind, options.color, options.view, { style: options.style });
  const scale = ITEM_SCALE[options.kind];
  if (scale === 1) return item;
  return {
    defs: item.defs,
    body: `<g transform="translate(400 420) scale(${scale}) translate(-400 -420)">${item.body}</g>`,
  };
}

export function drawProductLayers(options: ProductSvgOptions): ProductLayers {
  const size = options.size ?? 800;
  const back = backdrop(options.kind, options.color);
  const item = productItem(options);
  return {
    backgroundKey: `${back.key}-${size}`,
    background: svgDocument(size, back.defs, back.body),
    foreground: svgDocument(size, item.defs, item.body),
  };
}

/** A complete square product image: soft neutral backdrop, the item, its shadow. */
export function drawProductSvg(options: ProductSvgOptions): string {
  const back = backdrop(options.kind, options.color);
  const item = productItem(options);
  return svgDocument(options.size ?? 800, back.defs + item.defs, back.body + item.body);
}

// ---------------------------------------------------------------------------------------------------------
// Fallback images

/** The default product image: a kraft shopping bag on a warm neutral backdrop. */
export function drawDefaultProductSvg(size = 800): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 800 800"><defs><radialGradient id="bg" cx=".5" cy=".42" r=".75"><stop offset="0" stop-color="#f8f5f0"/><stop offset="1" stop-color="#e8e1d6"/></radialGradient><linearGradient id="bag" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e2cfae"/><stop offset="1" stop-color="#c9ae85"/></linearGradient><radialGradient id="sh"><stop offset="0" stop-color="#3b3026" stop-opacity=".25"/><stop offset="1" stop-color="#3b3026" stop-opacity="0"/></radialGradient></defs><rect width="800" height="800" fill="url(#bg)"/><ellipse cx="400" cy="640" rx="230" ry="30" fill="url(#sh)"/><path d="M 330 300 C 330 190 470 190 470 300" fill="none" stroke="#8c7358" stroke-width="10" stroke-linecap="round"/><path d="M 250 290 H 550 L 580 630 H 220 Z" fill="url(#bag)"/><path d="M 550 290 L 580 630 L 600 610 L 566 300 Z" fill="#b89b72"/><path d="M 250 290 H 550 L 552 316 H 248 Z" fill="#c8b08b"/><circle cx="330" cy="320" r="7" fill="#8c7358"/><circle cx="470" cy="320" r="7" fill="#8c7358"/><g transform="translate(400 470)" fill="none" stroke="#9b8162" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"><path d="M 0 -46 Q 0 -62 14 -62 Q 26 -62 26 -50 Q 26 -40 14 -36 L 0 -30 V -20"/><path d="M 0 -20 L -74 30 H 74 Z"/></g></svg>`;
}

/** The card placeholder shown while an image loads: a light neutral field. */
export function drawPlaceholderSvg(size = 800): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 800 800"><defs><radialGradient id="bg" cx=".5" cy=".45" r=".8"><stop offset="0" stop-color="#f6f4f0"/><stop offset="1" stop-color="#ece8e2"/></radialGradient></defs><rect width="800" height="800" fill="url(#bg)"/><g fill="none" stroke="#e0dbd3" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"><rect x="310" y="320" width="180" height="150" rx="18"/><circle cx="360" cy="368" r="16"/><path d="M 320 450 L 380 400 L 420 432 L 446 412 L 480 446"/></g></svg>`;
}

/** The default avatar: head and shoulders on a soft circle. */
export function drawAvatarSvg(size = 256): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 256 256"><rect width="256" height="256" fill="#ece6dd"/><circle cx="128" cy="100" r="46" fill="#b9a994"/><path d="M 36 256 Q 40 166 128 162 Q 216 166 220 256 Z" fill="#b9a994"/></svg>`;
}
