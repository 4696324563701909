/**
 * Flat product illustrations drawn as SVG: one silhouette per item type in the variant's colour, with shading,
 * stitching and hardware, on a soft neutral background. Every drawing has a FRONT and a distinct BACK view.
 * Pure string code; render.ts turns the SVG into WebP with sharp.
 *
 * Items are drawn in an 800x800 coordinate space so they can be reused inside banner slides.
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
export type ItemView = "front" | "back";

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

// ---------------------------------------------------------------------------------------------------------
// Colour helpers

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  let value = hex.trim().replace(/^#/, "");
  if (value.length === 3) value = [...value].map((c) => c + c).join("");
  if (!/^[0-9a-fA-F]{6}$/.test(value)) return [128, 128, 128];
  return [0, 2, 4].map((i) => Number.parseInt(value.slice(i, i + 2), 16)) as Rgb;
}

function toHex([r, g, b]: Rgb): string {
  const part = (n: number) =>
    Math.round(Math.min(255, Math.max(0, n)))
      .toString(16)
      .padStart(2, "0");
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** Linear mix of two colours: t = 0 gives `a`, t = 1 gives `b`. */
export function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** Relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = parseHex(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

interface Palette {
  base: string;
  light: string;
  dark: string;
  darker: string;
  outline: string;
  /** Thread colour: cream on dark materials, a deeper tone on light ones. */
  stitch: string;
  /** Print/embroidery colour that stands out from the base. */
  accent: string;
  /** Gold or silver hardware gradient stops, light to dark. */
  hw: [string, string, string];
  isDark: boolean;
  isLight: boolean;
}

const GOLD: [string, string, string] = ["#f6e3a1", "#d2a84f", "#8c6a24"];
const SILVER: [string, string, string] = ["#fbfbfb", "#c3c6cc", "#7b8088"];

function palette(color: string, hardware: "gold" | "silver"): Palette {
  const lum = luminance(color);
  const isDark = lum < 0.12;
  const isLight = lum > 0.6;
  return {
    base: color,
    light: mix(color, "#ffffff", isDark ? 0.2 : 0.16),
    dark: mix(color, "#000000", isLight ? 0.14 : 0.24),
    darker: mix(color, "#000000", isLight ? 0.3 : 0.45),
    outline: mix(color, "#000000", isLight ? 0.35 : 0.55),
    stitch: lum < 0.4 ? "#f2e6c9" : mix(color, "#3a2a1a", 0.55),
    accent: lum < 0.4 ? "#f4e9d2" : mix(color, "#2a1a12", 0.62),
    hw: hardware === "gold" ? GOLD : SILVER,
    isDark,
    isLight,
  };
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

// ---------------------------------------------------------------------------------------------------------
// Shared drawing pieces

interface Ctx {
  p: string;
  c: Palette;
  style: number;
  view: ItemView;
  defs: string[];
}

/** The usual gradients every item uses, registered once per item. */
function commonDefs(ctx: Ctx): void {
  const { p, c } = ctx;
  ctx.defs.push(
    `<linearGradient id="${p}-fill" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.light}"/><stop offset=".5" stop-color="${c.base}"/><stop offset="1" stop-color="${c.dark}"/></linearGradient>`,
    `<linearGradient id="${p}-fill2" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(c.light, "#ffffff", 0.06)}"/><stop offset="1" stop-color="${c.base}"/></linearGradient>`,
    `<linearGradient id="${p}-vol" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity=".16"/><stop offset=".22" stop-color="#fff" stop-opacity=".07"/><stop offset=".45" stop-color="#fff" stop-opacity=".1"/><stop offset=".8" stop-color="#000" stop-opacity=".05"/><stop offset="1" stop-color="#000" stop-opacity=".22"/></linearGradient>`,
    `<linearGradient id="${p}-base" x1="0" y1="0" x2="0" y2="1"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".2"/></linearGradient>`,
    `<linearGradient id="${p}-hw" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.hw[0]}"/><stop offset=".5" stop-color="${c.hw[1]}"/><stop offset="1" stop-color="${c.hw[2]}"/></linearGradient>`,
    `<linearGradient id="${p}-sheen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>`,
  );
}

function stitch(ctx: Ctx, d: string, width = 2.6, opacity = 0.85): string {
  return `<path d="${d}" fill="none" stroke="${ctx.c.stitch}" stroke-width="${width}" stroke-dasharray="9 7" stroke-linecap="round" opacity="${opacity}"/>`;
}

function seam(ctx: Ctx, d: string, width = 3, opacity = 0.45): string {
  return `<path d="${d}" fill="none" stroke="${ctx.c.outline}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" opacity="${opacity}"/>`;
}

/** Base fill, optional pattern, then the volume shading, for a silhouette path. */
function filled(ctx: Ctx, d: string, pattern?: string): string {
  const { p } = ctx;
  return [
    `<path d="${d}" fill="url(#${p}-fill)"/>`,
    pattern ? `<path d="${d}" fill="url(#${pattern})"/>` : "",
    `<path d="${d}" fill="url(#${p}-vol)"/>`,
    `<path d="${d}" fill="url(#${p}-base)"/>`,
  ].join("");
}

function outline(ctx: Ctx, d: string, width = 3): string {
  return `<path d="${d}" fill="none" stroke="${ctx.c.outline}" stroke-width="${width}" stroke-linejoin="round" opacity=".55"/>`;
}

/**
 * A soft shadow behind the item, offset down-right: a few translucent copies of the silhouette stepping away
 * (much cheaper to render than a Gaussian blur, and at this opacity the steps read as a soft edge).
 */
function dropShadow(d: string, dx = 10, dy = 16): string {
  const steps = [0.25, 0.5, 0.75, 1, 1.3];
  return steps
    .map(
      (f) =>
        `<path d="${d}" transform="translate(${(dx * f).toFixed(1)} ${(dy * f).toFixed(1)})" fill="#3b3026" opacity=".045"/>`,
    )
    .join("");
}

/** Contact shadow on the floor under a standing item. */
function floorShadow(ctx: Ctx, cx: number, cy: number, rx: number, ry: number): string {
  const id = `${ctx.p}-floor`;
  ctx.defs.push(
    `<radialGradient id="${id}"><stop offset="0" stop-color="#3b3026" stop-opacity=".34"/><stop offset=".6" stop-color="#3b3026" stop-opacity=".12"/><stop offset="1" stop-color="#3b3026" stop-opacity="0"/></radialGradient>`,
  );
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#${id})"/>`;
}

function zipper(ctx: Ctx, d: string, width = 7): string {
  return [
    `<path d="${d}" fill="none" stroke="${ctx.c.darker}" stroke-width="${width + 4}" stroke-linecap="round" opacity=".55"/>`,
    `<path d="${d}" fill="none" stroke="url(#${ctx.p}-hw)" stroke-width="${width}" stroke-dasharray="3 3"/>`,
  ].join("");
}

function zipPull(ctx: Ctx, x: number, y: number, angle = 0): string {
  return `<g transform="translate(${x} ${y}) rotate(${angle})"><circle r="7" fill="url(#${ctx.p}-hw)" stroke="${ctx.c.hw[2]}" stroke-width="1.5"/><rect x="-7" y="4" width="14" height="34" rx="6" fill="url(#${ctx.p}-hw)" stroke="${ctx.c.hw[2]}" stroke-width="1.5"/><rect x="-3" y="12" width="6" height="18" rx="3" fill="${ctx.c.hw[2]}" opacity=".5"/></g>`;
}

function button(x: number, y: number, r: number, fill: string, rim: string): string {
  return `<g><circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" stroke="${rim}" stroke-width="1.6"/><circle cx="${x - r * 0.32}" cy="${y}" r="${r * 0.17}" fill="${rim}"/><circle cx="${x + r * 0.32}" cy="${y}" r="${r * 0.17}" fill="${rim}"/></g>`;
}

function buttonColours(c: Palette): [string, string] {
  return c.isLight ? [mix(c.base, "#5a4632", 0.35), mix(c.base, "#2a2018", 0.6)] : ["#f6f1e7", "#a89a86"];
}

function hanger(barY: number, halfWidth: number): string {
  const top = barY - 58;
  return [
    `<path d="M 400 ${barY + 40} L 400 ${top + 24} Q 400 ${top} 422 ${top} Q 444 ${top} 444 ${top + 20} Q 444 ${top + 34} 430 ${top + 40}" fill="none" stroke="#9aa0a8" stroke-width="8" stroke-linecap="round"/>`,
    `<path d="M 400 ${barY} L 400 ${top + 24} Q 400 ${top} 422 ${top}" fill="none" stroke="#e9ecef" stroke-width="3" stroke-linecap="round" opacity=".8"/>`,
    `<path d="M ${400 - halfWidth} ${barY + 76} Q 400 ${barY} ${400 + halfWidth} ${barY + 76}" fill="none" stroke="#a8733f" stroke-width="16" stroke-linecap="round"/>`,
    `<path d="M ${400 - halfWidth + 6} ${barY + 70} Q 400 ${barY - 6} ${400 + halfWidth - 6} ${barY + 70}" fill="none" stroke="#d9a873" stroke-width="4" stroke-linecap="round" opacity=".7"/>`,
  ].join("");
}

/** Small repeating fills, tinted from the palette. Returns the pattern id. */
function pattern(
  ctx: Ctx,
  kind: "stripes" | "check" | "dots" | "butti" | "quilt" | "plaid" | "weave" | "ajrak",
): string {
  const { p, c } = ctx;
  const id = `${p}-pat-${kind}`;
  const ink = c.isLight ? mix(c.base, "#1d2433", 0.55) : mix(c.base, "#ffffff", 0.55);
  let inner = "";
  let size = 24;
  switch (kind) {
    case "stripes":
      size = 22;
      inner = `<rect x="0" y="0" width="3" height="${size}" fill="${ink}" opacity=".55"/>`;
      break;
    case "check":
      size = 36;
      inner = `<rect x="0" y="0" width="18" height="${size}" fill="${ink}" opacity=".22"/><rect x="0" y="0" width="${size}" height="18" fill="${ink}" opacity=".22"/>`;
      break;
    case "plaid":
      size = 96;
      inner = `<rect x="0" y="0" width="30" height="${size}" fill="${c.darker}" opacity=".42"/><rect x="0" y="0" width="${size}" height="30" fill="${c.darker}" opacity=".42"/><rect x="52" y="0" width="5" height="${size}" fill="${ink}" opacity=".6"/><rect x="0" y="52" width="${size}" height="5" fill="${ink}" opacity=".6"/><rect x="74" y="0" width="2" height="${size}" fill="#f3c969" opacity=".7"/><rect x="0" y="74" width="${size}" height="2" fill="#f3c969" opacity=".7"/>`;
      break;
    case "dots":
      size = 26;
      inner = `<circle cx="6" cy="6" r="2.6" fill="${ink}" opacity=".75"/><circle cx="19" cy="19" r="2.6" fill="${ink}" opacity=".75"/>`;
      break;
    case "butti":
      size = 58;
      inner = `<g fill="${ink}" opacity=".7"><ellipse cx="14" cy="14" rx="4" ry="8"/><ellipse cx="14" cy="14" rx="8" ry="4"/><circle cx="14" cy="14" r="2.5" fill="${c.base}"/><ellipse cx="43" cy="43" rx="3" ry="6"/><ellipse cx="43" cy="43" rx="6" ry="3"/></g>`;
      break;
    case "quilt":
      size = 56;
      inner = `<path d="M 0 0 L ${size} ${size} M ${size} 0 L 0 ${size}" stroke="${c.outline}" stroke-width="2.5" opacity=".45"/><path d="M 2 0 L ${size + 2} ${size} M ${size + 2} 0 L 2 ${size}" stroke="#fff" stroke-width="1.5" opacity=".18"/>`;
      break;
    case "weave":
      size = 12;
      inner = `<path d="M 0 3 H 12 M 0 9 H 12" stroke="${c.darker}" stroke-width="2" opacity=".28"/><path d="M 3 0 V 12 M 9 0 V 12" stroke="#fff" stroke-width="1.4" opacity=".16"/>`;
      break;
    case "ajrak":
      size = 64;
      inner = `<rect width="${size}" height="${size}" fill="${c.darker}" opacity=".35"/><g fill="${ink}" opacity=".85"><path d="M 32 12 L 38 26 L 52 32 L 38 38 L 32 52 L 26 38 L 12 32 L 26 26 Z"/></g><circle cx="32" cy="32" r="4" fill="#b3262d"/><circle cx="0" cy="0" r="5" fill="${ink}" opacity=".85"/><circle cx="64" cy="0" r="5" fill="${ink}" opacity=".85"/><circle cx="0" cy="64" r="5" fill="${ink}" opacity=".85"/><circle cx="64" cy="64" r="5" fill="${ink}" opacity=".85"/>`;
      break;
  }
  ctx.defs.push(
    `<pattern id="${id}" width="${size}" height="${size}" patternUnits="userSpaceOnUse">${inner}</pattern>`,
  );
  return id;
}

function sheen(d: string, width = 16, opacity = 0.2): string {
  return `<path d="${d}" fill="none" stroke="#fff" stroke-width="${width}" stroke-linecap="round" opacity="${opacity}"/>`;
}

// ---------------------------------------------------------------------------------------------------------
// Bags

function handbag(ctx: Ctx): string {
  const { p, c, style, view } = ctx;
  const body =
    "M 245 330 L 555 330 Q 580 330 584 355 L 616 612 Q 620 648 584 648 L 216 648 Q 180 648 184 612 L 216 355 Q 220 330 245 330 Z";
  const quilted = style % 6 === 2;
  const flap = style % 6 !== 1;
  const out: string[] = [];
  out.push(floorShadow(ctx, 400, 655, 290, 34));
  // Handles: the back one peeks above the front one.
  out.push(
    `<path d="M 296 334 C 292 176 508 176 504 334" fill="none" stroke="${c.darker}" stroke-width="22" stroke-linecap="round"/>`,
  );
  out.push(
    `<path d="M 318 334 C 314 196 486 196 482 334" fill="none" stroke="${c.dark}" stroke-width="24" stroke-linecap="round"/>`,
  );
  out.push(
    `<path d="M 318 334 C 314 196 486 196 482 334" fill="none" stroke="${c.light}" stroke-width="8" stroke-linecap="round" opacity=".55" transform="translate(-3 -4)"/>`,
  );
  out.push(stitch(ctx, "M 330 320 C 328 212 472 212 470 320", 2));
  out.push(filled(ctx, body, quilted ? pattern(ctx, "quilt") : undefined));
  out.push(sheen("M 236 372 L 214 600", 14, 0.16));
  out.push(
    stitch(
      ctx,
      "M 248 344 L 552 344 Q 568 344 570 360 L 600 608 Q 602 632 580 632 L 220 632 Q 198 632 200 608 L 230 360 Q 232 344 248 344 Z",
    ),
  );
  if (view === "front" && flap) {
    const flapPath =
      style % 6 === 3
        ? "M 245 330 L 555 330 Q 580 330 584 355 L 598 470 L 202 470 L 216 355 Q 220 330 245 330 Z"
        : "M 245 330 L 555 330 Q 580 330 584 355 L 596 452 Q 500 522 400 524 Q 300 522 204 452 L 216 355 Q 220 330 245 330 Z";
    const flapEdge =
      style % 6 === 3 ? "M 202 470 L 598 470" : "M 204 452 Q 300 522 400 524 Q 500 522 596 452";
    out.push(
      `<path d="${flapEdge}" fill="none" stroke="#000" stroke-width="14" opacity=".14" transform="translate(0 9)"/>`,
    );
    out.push(`<path d="${flapPath}" fill="url(#${p}-fill2)"/>`);
    if (quilted) out.push(`<path d="${flapPath}" fill="url(#${pattern(ctx, "quilt")})"/>`);
    if (style % 6 === 4) {
      // Embroidered motif on the flap.
      out.push(
        `<g transform="translate(400 420)" fill="none" stroke="${c.isLight ? "#8a3b2b" : "#e9c979"}" stroke-width="3.5" opacity=".9"><circle r="34"/><circle r="18"/><path d="M 0 -34 Q 14 -17 0 0 Q -14 -17 0 -34 M 0 34 Q 14 17 0 0 Q -14 17 0 34 M -34 0 Q -17 14 0 0 Q -17 -14 -34 0 M 34 0 Q 17 14 0 0 Q 17 -14 34 0"/><circle r="4" fill="${c.isLight ? "#8a3b2b" : "#e9c979"}"/></g>`,
      );
    }
    out.push(
      stitch(ctx, style % 6 === 3 ? "M 216 456 L 584 456" : "M 216 440 Q 306 506 400 508 Q 494 506 584 440"),
    );
    out.push(`<path d="${flapPath}" fill="url(#${p}-vol)"/>`);
    const claspY = style % 6 === 3 ? 470 : 512;
    out.push(
      `<g transform="translate(400 ${claspY})"><rect x="-34" y="-20" width="68" height="40" rx="10" fill="url(#${p}-hw)" stroke="${c.hw[2]}" stroke-width="2"/><rect x="-20" y="-9" width="40" height="18" rx="8" fill="${c.hw[2]}" opacity=".55"/><ellipse cx="0" cy="0" rx="11" ry="7" fill="url(#${p}-hw)"/></g>`,
    );
  } else if (view === "front") {
    // Top zip and a front patch pocket.
    out.push(zipper(ctx, "M 250 352 L 550 352"));
    out.push(zipPull(ctx, 530, 352, -10));
    out.push(`<rect x="290" y="440" width="220" height="130" rx="14" fill="${c.dark}" opacity=".35"/>`);
    out.push(stitch(ctx, "M 302 452 H 498 V 558 H 302 Z", 2.2));
    out.push(
      `<rect x="368" y="424" width="64" height="36" rx="8" fill="url(#${p}-hw)" stroke="${c.hw[2]}"/>`,
    );
  } else {
    // Back: a zipped slip pocket and a maker's patch.
    out.push(`<path d="M 230 420 L 570 420" stroke="${c.darker}" stroke-width="6" opacity=".5"/>`);
    out.push(zipper(ctx, "M 236 420 L 564 420", 6));
    out.push(zipPull(ctx, 546, 420, -8));
    out.push(stitch(ctx, "M 232 436 L 568 436", 2));
    out.push(
      `<rect x="350" y="540" width="100" height="46" rx="8" fill="${c.darker}" opacity=".6"/><rect x="358" y="548" width="84" height="30" rx="5" fill="none" stroke="${c.stitch}" stroke-width="1.8" stroke-dasharray="5 4"/><path d="M 384 563 H 416" stroke="${c.stitch}" stroke-width="3" stroke-linecap="round"/>`,
    );
  }
  out.push(outline(ctx, body));
  // Handle tabs with rings.
  for (const x of [318, 482]) {
    out.push(
      `<rect x="${x - 16}" y="318" width="32" height="44" rx="8" fill="${c.dark}"/>${stitch(ctx, `M ${x - 9} 326 V 354 M ${x + 9} 326 V 354`, 1.8)}<circle cx="${x}" cy="318" r="13" fill="none" stroke="url(#${p}-hw)" stroke-width="6"/>`,
    );
  }
  // Feet.
  for (const x of [240, 560]) out.push(`<ellipse cx="${x}" cy="650" rx="12" ry="5" fill="url(#${p}-hw)"/>`);
  return out.join("");
}

function backpack(ctx: Ctx): string {
  const { p, c, style, view } = ctx;
  const body =
    "M 255 300 Q 255 190 400 190 Q 545 190 545 300 L 554 626 Q 556 668 514 668 L 286 668 Q 244 668 246 626 Z";
  const straps = style % 6 === 0 || style % 6 === 3 || style % 6 === 5;
  const canvas = style % 6 === 3;
  const out: string[] = [];
  out.push(floorShadow(ctx, 400, 672, 250, 30));
  if (view === "back") {
    // Shoulder straps start at the top and run down behind the sides.
    out.push(
      `<path d="M 338 236 C 300 330 236 440 262 640" fill="none" stroke="${c.darker}" stroke-width="52" stroke-linecap="round"/>`,
    );
    out.push(
      `<path d="M 462 236 C 500 330 564 440 538 640" fill="none" stroke="${c.darker}" stroke-width="52" stroke-linecap="round"/>`,
    );
  } else {
    out.push(
      `<path d="M 262 300 C 218 380 214 520 240 640" fill="none" stroke="${c.darker}" stroke-width="30" stroke-linecap="round"/>`,
    );
    out.push(
      `<path d="M 538 300 C 582 380 586 520 560 640" fill="none" stroke="${c.darker}" stroke-width="30" stroke-linecap="round"/>`,
    );
  }
  // Grab handle.
  out.push(
    `<path d="M 366 200 C 362 140 438 140 434 200" fill="none" stroke="${c.darker}" stroke-width="17" stroke-linecap="round"/>`,
  );
  out.push(filled(ctx, body, canvas ? pattern(ctx, "weave") : undefined));
  out.push(sheen("M 280 300 Q 284 232 340 212", 12, 0.22));
  if (view === "front") {
    out.push(zipper(ctx, "M 282 332 Q 282 226 400 226 Q 518 226 518 332", 6));
    out.push(zipPull(ctx, 290, 312, 12));
    out.push(zipPull(ctx, 510, 312, -12));
    const pocket =
      "M 292 462 L 508 462 Q 530 462 530 484 L 530 626 Q 530 648 508 648 L 292 648 Q 270 648 270 626 L 270 484 Q 270 462 292 462 Z";
    out.push(`<path d="${pocket}" fill="#000" opacity=".12" transform="translate(0 6)"/>`);
    out.push(`<path d="${pocket}" fill="url(#${p}-fill2)"/>`);
    out.push(`<path d="${pocket}" fill="url(#${p}-vol)"/>`);
    out.push(zipper(ctx, "M 292 486 L 508 486", 5));
    out.push(zipPull(ctx, 488, 486, -6));
    out.push(stitch(ctx, "M 284 500 L 284 624 Q 284 634 294 634 L 506 634 Q 516 634 516 624 L 516 500", 2.2));
    out.push(
      `<rect x="362" y="548" width="76" height="40" rx="7" fill="${c.isLight ? "#8b5a35" : "#c99a68"}"/><rect x="368" y="554" width="64" height="28" rx="5" fill="none" stroke="#fff5e0" stroke-width="1.6" stroke-dasharray="4 3"/>`,
    );
    if (straps) {
      for (const x of [330, 470]) {
        out.push(
          `<rect x="${x - 13}" y="300" width="26" height="190" rx="6" fill="${c.darker}"/><rect x="${x - 17}" y="402" width="34" height="26" rx="5" fill="none" stroke="url(#${p}-hw)" stroke-width="6"/>${stitch(ctx, `M ${x} 308 V 392`, 1.8)}`,
        );
      }
    }
  } else {
    // Padded back panel and strap hardware.
    for (const x of [300, 404]) {
      out.push(
        `<rect x="${x}" y="300" width="96" height="300" rx="40" fill="${c.dark}"/><rect x="${x}" y="300" width="96" height="300" rx="40" fill="url(#${pattern(ctx, "dots")})" opacity=".6"/>`,
      );
    }
    out.push(
      `<path d="M 338 236 C 300 330 236 440 262 640" fill="none" stroke="${c.darker}" stroke-width="46" stroke-linecap="round"/>`,
    );
    out.push(
      `<path d="M 462 236 C 500 330 564 440 538 640" fill="none" stroke="${c.darker}" stroke-width="46" stroke-linecap="round"/>`,
    );
    out.push(stitch(ctx, "M 338 246 C 302 336 240 440 264 630", 2));
    out.push(stitch(ctx, "M 462 246 C 498 336 560 440 536 630", 2));
    out.push(`<rect x="310" y="392" width="180" height="14" rx="5" fill="${c.darker}"/>`);
    out.push(`<rect x="382" y="384" width="36" height="30" rx="6" fill="#2c2c2e"/>`);
    for (const [x, y] of [
      [268, 580],
      [532, 580],
    ] as const) {
      out.push(
        `<rect x="${x - 22}" y="${y}" width="44" height="22" rx="5" fill="none" stroke="#2c2c2e" stroke-width="6"/>`,
      );
    }
  }
  out.push(outline(ctx, body));
  out.push(`<rect x="246" y="640" width="308" height="28" rx="14" fill="#000" opacity=".1"/>`);
  return out.join("");
}

function tote(ctx: Ctx): string {
  const { p, c, style, view } = ctx;
  const body = "M 190 300 L 610 300 L 570 656 Q 568 672 552 672 L 248 672 Q 232 672 230 656 Z";
  const s = style % 6;
  const out: string[] = [];
  out.push(floorShadow(ctx, 400, 676, 250, 30));
  out.push(
    `<path d="M 282 302 C 282 108 518 108 518 302" fill="none" stroke="${c.darker}" stroke-width="22" stroke-linecap="round"/>`,
  );
  out.push(
    `<path d="M 300 302 C 300 128 500 128 500 302" fill="none" stroke="${c.dark}" stroke-width="24" stroke-linecap="butt"/>`,
  );
  out.push(stitch(ctx, "M 294 300 C 294 136 506 136 506 300", 1.8, 0.7));
  const pat = s === 2 ? pattern(ctx, "weave") : s === 4 ? pattern(ctx, "butti") : undefined;
  out.push(filled(ctx, body, pat));
  if (s === 3) {
    out.push(
      `<path d="M 217 540 L 583 540 L 570 656 Q 568 672 552 672 L 248 672 Q 232 672 230 656 Z" fill="${c.darker}" opacity=".55"/>`,
    );
    out.push(stitch(ctx, "M 220 552 L 580 552", 2));
  }
  if (s === 5) {
    const ink = c.isLight ? mix(c.base, "#1d2433", 0.6) : "#f5efe3";
    out.push(`<path d="M 212 500 L 588 500 L 584 532 L 216 532 Z" fill="${ink}" opacity=".85"/>`);
    out.push(`<path d="M 219 560 L 581 560 L 578 580 L 222 580 Z" fill="${ink}" opacity=".85"/>`);
  }
  // Top hem band.
  out.push(`<path d="M 190 300 L 610 300 L 606 338 L 194 338 Z" fill="${c.dark}" opacity=".45"/>`);
  out.push(stitch(ctx, "M 198 328 L 602 328", 2.2));
  out.push(sheen("M 220 360 L 252 640", 12, 0.14));
  if (view === "front") {
    if (s === 1) {
      const ink = c.isLight ? "#8c2f25" : "#f4e6c8";
      out.push(
        `<g transform="translate(400 488)" fill="none" stroke="${ink}" stroke-width="5"><circle r="78"/><circle r="58" stroke-dasharray="6 8"/><path d="M 0 -50 L 14 -14 L 50 0 L 14 14 L 0 50 L -14 14 L -50 0 L -14 -14 Z" fill="${ink}" fill-opacity=".85"/><circle r="10" fill="${c.base}"/></g>`,
      );
    } else if (s === 0 || s === 2 || s === 4) {
      out.push(
        `<rect x="354" y="440" width="92" height="54" rx="8" fill="${c.isLight ? "#9a6a43" : "#e8d9bd"}"/><rect x="362" y="448" width="76" height="38" rx="5" fill="none" stroke="${c.isLight ? "#f3e2c5" : "#8c6a49"}" stroke-width="1.8" stroke-dasharray="4 3"/><path d="M 382 467 H 418" stroke="${c.isLight ? "#f3e2c5" : "#8c6a49"}" stroke-width="4" stroke-linecap="round"/>`,
      );
    }
  } else {
    const pocket = "M 262 420 L 538 420 L 530 620 L 270 620 Z";
    out.push(`<path d="${pocket}" fill="#000" opacity=".1" transform="translate(0 5)"/>`);
    out.push(`<path d="${pocket}" fill="url(#${p}-fill2)" opacity=".92"/>`);
    out.push(`<path d="${pocket}" fill="url(#${p}-vol)"/>`);
    out.push(`<path d="M 262 420 L 538 420" stroke="${c.darker}" stroke-width="6" opacity=".5"/>`);
    out.push(stitch(ctx, "M 266 436 L 534 436", 2));
    out.push(stitch(ctx, "M 400 440 L 400 612", 2));
  }
  // Straps sewn onto the body with box-X stitching.
  for (const x of [300, 500]) {
    out.push(`<rect x="${x - 12}" y="300" width="24" height="86" fill="${c.dark}"/>`);
    out.push(
      stitch(
        ctx,
        `M ${x - 7} 352 H ${x + 7} V 378 H ${x - 7} Z M ${x - 7} 352 L ${x + 7} 378 M ${x + 7} 352 L ${x - 7} 378`,
        1.8,
      ),
    );
  }
  out.push(outline(ctx, body));
  return out.join("");
}

function clutch(ctx: Ctx): string {
  const { p, c, style, view } = ctx;
  const s = style % 6;
  const body =
    "M 182 330 L 618 330 Q 640 330 640 352 L 640 562 Q 640 584 618 584 L 182 584 Q 160 584 160 562 L 160 352 Q 160 330 182 330 Z";
  const out: string[] = [];
  out.push(floorShadow(ctx, 400, 590, 290, 28));
  if (s === 4) {
    out.push(
      `<path d="M 196 340 C 196 140 604 140 604 340" fill="none" stroke="${c.hw[2]}" stroke-width="11" stroke-dasharray="16 5" stroke-linecap="round"/><path d="M 196 340 C 196 140 604 140 604 340" fill="none" stroke="url(#${p}-hw)" stroke-width="7" stroke-dasharray="16 5" stroke-linecap="round"/>`,
    );
  } else if (s === 0 || s === 2) {
    out.push(
      `<path d="M 172 372 C 92 392 86 470 168 488" fill="none" stroke="${c.dark}" stroke-width="14" stroke-linecap="round"/>`,
    );
  }
  out.push(filled(ctx, body, view === "back" && s !== 3 ? pattern(ctx, "quilt") : undefined));
  if (s === 2) out.push(`<path d="${body}" fill="url(#${p}-sheen)" opacity=".5"/>`);
  if (view === "front") {
    const flap =
      "M 172 332 L 628 332 Q 642 334 632 344 L 418 480 Q 400 492 382 480 L 168 344 Q 158 334 172 332 Z";
    out.push(
      `<path d="M 168 344 L 382 480 Q 400 492 418 480 L 632 344" fill="none" stroke="#000" stroke-width="12" opacity=".14" transform="translate(0 8)"/>`,
    );
    out.push(`<path d="${flap}" fill="url(#${p}-fill2)"/>`);
    if (s === 5 || s === 1) {
      const ink = s === 1 ? "#f7f7f7" : c.isLight ? "#9b2f2f" : "#e9c979";
      const dots = [
        [260, 362],
        [320, 380],
        [400, 392],
        [480, 380],
        [540, 362],
        [360, 418],
        [440, 418],
        [400, 448],
      ];
      out.push(
        dots
          .map(
            ([x, y]) =>
              `<circle cx="${x}" cy="${y}" r="${s === 1 ? 9 : 6}" fill="${ink}" stroke="${s === 1 ? "#9aa3ad" : ink}" stroke-width="2" opacity=".95"/>`,
          )
          .join(""),
      );
      if (s === 5)
        out.push(
          `<path d="M 230 350 Q 400 440 570 350" fill="none" stroke="${ink}" stroke-width="3" stroke-dasharray="2 6"/>`,
        );
    }
    out.push(stitch(ctx, "M 196 346 L 392 468 Q 400 473 408 468 L 604 346", 2.2));
    out.push(`<path d="${flap}" fill="url(#${p}-vol)"/>`);
    if (s === 3) {
      out.push(
        `<rect x="340" y="470" width="120" height="12" rx="6" fill="url(#${p}-hw)" stroke="${c.hw[2]}"/>`,
      );
    } else {
      out.push(
        `<g transform="translate(400 486)"><circle r="24" fill="url(#${p}-hw)" stroke="${c.hw[2]}" stroke-width="2"/><circle r="13" fill="none" stroke="${c.hw[2]}" stroke-width="3" opacity=".6"/><circle r="5" fill="${c.hw[0]}"/></g>`,
      );
    }
  } else {
    out.push(zipper(ctx, "M 186 352 L 614 352", 6));
    out.push(zipPull(ctx, 596, 352, -8));
    out.push(stitch(ctx, "M 178 368 L 622 368", 2));
  }
  out.push(stitch(ctx, "M 184 566 L 616 566", 2.2));
  out.push(outline(ctx, body));
  return out.join("");
}

function wallet(ctx: Ctx): string {
  const { p, c, style, view } = ctx;
  const s = style % 6;
  const out: string[] = [];
  const zip = s === 2 || s === 5;
  const passport = s === 3;
  if (view === "front") {
    const [x0, y0, w, h] = passport
      ? [280, 240, 240, 340]
      : s === 1
        ? [250, 300, 300, 200]
        : s === 4
          ? [190, 300, 420, 210]
          : [230, 290, 340, 230];
    const r = zip ? 34 : 18;
    const body = `M ${x0 + r} ${y0} H ${x0 + w - r} Q ${x0 + w} ${y0} ${x0 + w} ${y0 + r} V ${y0 + h - r} Q ${x0 + w} ${y0 + h} ${x0 + w - r} ${y0 + h} H ${x0 + r} Q ${x0} ${y0 + h} ${x0} ${y0 + h - r} V ${y0 + r} Q ${x0} ${y0} ${x0 + r} ${y0} Z`;
    out.push(floorShadow(ctx, 400, y0 + h + 14, w * 0.62, 26));
    out.push(`<path d="${body}" transform="translate(0 12)" fill="${c.darker}"/>`);
    out.push(filled(ctx, body));
    out.push(`<rect x="${x0}" y="${y0 + 4}" width="18" height="${h - 8}" rx="9" fill="#000" opacity=".12"/>`);
    out.push(sheen(`M ${x0 + 30} ${y0 + 22} H ${x0 + w * 0.45}`, 8, 0.25));
    if (zip) {
      const d = `M ${x0 + 14} ${y0 + r} Q ${x0 + 14} ${y0 + 14} ${x0 + r} ${y0 + 14} H ${x0 + w - r} Q ${x0 + w - 14} ${y0 + 14} ${x0 + w - 14} ${y0 + r} V ${y0 + h - r} Q ${x0 + w - 14} ${y0 + h - 14} ${x0 + w - r} ${y0 + h - 14}`;
      out.push(zipper(ctx, d, 6));
      out.push(zipPull(ctx, x0 + w - 16, y0 + h - 40, -30));
    } else {
      out.push(stitch(ctx, `M ${x0 + 16} ${y0 + 16} H ${x0 + w - 16} V ${y0 + h - 16} H ${x0 + 16} Z`, 2.2));
    }
    if (passport) {
      out.push(
        `<g transform="translate(400 400)" fill="none" stroke="${c.isLight ? c.darker : "#e8cf8e"}" stroke-width="4" opacity=".85"><circle r="38"/><path d="M -38 0 H 38 M 0 -38 Q 22 0 0 38 Q -22 0 0 -38"/></g><text x="400" y="480" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="22" letter-spacing="6" font-weight="700" fill="${c.isLight ? c.darker : "#e8cf8e"}" opacity=".85">PASSPORT</text>`,
      );
    } else if (s === 4) {
      out.push(
        `<path d="M 610 372 H 520 Q 500 372 500 392 V 420 Q 500 440 520 440 H 610 Z" fill="${c.dark}"/><circle cx="530" cy="406" r="12" fill="url(#${p}-hw)" stroke="${c.hw[2]}"/>`,
      );
    } else {
      out.push(
        `<rect x="${400 - 32}" y="${y0 + h / 2 - 18}" width="64" height="36" rx="6" fill="none" stroke="${c.isLight ? c.dark : c.darker}" stroke-width="3"/><path d="M 388 ${y0 + h / 2} L 400 ${y0 + h / 2 - 9} L 412 ${y0 + h / 2} L 400 ${y0 + h / 2 + 9} Z" fill="${c.isLight ? c.dark : c.darker}"/>`,
      );
    }
    out.push(outline(ctx, body));
  } else {
    // Opened: card slots on the left, note pocket and ID window on the right.
    const body =
      "M 162 290 H 638 Q 660 290 660 312 V 528 Q 660 550 638 550 H 162 Q 140 550 140 528 V 312 Q 140 290 162 290 Z";
    out.push(floorShadow(ctx, 400, 564, 300, 26));
    out.push(`<path d="${body}" transform="translate(0 10)" fill="${c.darker}"/>`);
    out.push(filled(ctx, body));
    const cards = ["#2f6fd6", "#d9a441", "#3a3a3c", "#c94a4a"];
    for (let i = 0; i < 3; i++) {
      const y = 330 + i * 52;
      out.push(
        `<rect x="${186 + i * 4}" y="${y - 18}" width="180" height="60" rx="6" fill="${cards[(i + style) % cards.length]}"/>`,
      );
      out.push(`<path d="M 168 ${y} H 384 V 534 H 168 Z" fill="${i % 2 ? c.base : c.light}"/>`);
      out.push(`<path d="M 168 ${y} H 384" stroke="${c.darker}" stroke-width="3" opacity=".5"/>`);
      out.push(stitch(ctx, `M 176 ${y + 9} H 376`, 1.8));
    }
    out.push(
      `<rect x="418" y="324" width="210" height="140" rx="10" fill="#dfe7ec" opacity=".55" stroke="${c.darker}" stroke-width="3"/>`,
    );
    out.push(`<rect x="432" y="338" width="72" height="86" rx="6" fill="#b9c4cc" opacity=".7"/>`);
    out.push(
      `<path d="M 520 350 H 608 M 520 374 H 590 M 520 398 H 600" stroke="#8a96a0" stroke-width="6" stroke-linecap="round" opacity=".7"/>`,
    );
    out.push(`<path d="M 418 486 H 628" stroke="${c.darker}" stroke-width="3" opacity=".5"/>`);
    out.push(stitch(ctx, "M 420 498 H 626", 1.8));
    out.push(`<rect x="386" y="292" width="28" height="256" fill="url(#${p}-vol)"/>`);
    out.push(`<path d="M 400 292 V 548" stroke="${c.outline}" stroke-width="3" opacity=".45"/>`);
    out.push(stitch(ctx, "M 156 306 H 644 V 534 H 156 Z", 2));
    out.push(outline(ctx, body));
  }
  return out.join("");
}

// ---------------------------------------------------------------------------------------------------------
// Clothing (shown on a hanger)

function shirt(ctx: Ctx): string {
  const { c, style, view } = ctx;
  const s = style % 6;
  const body =
    "M 350 188 L 245 226 Q 215 236 205 270 L 168 535 L 226 548 L 272 338 L 278 652 Q 300 708 400 712 Q 500 708 522 652 L 528 338 L 574 548 L 632 535 L 595 270 Q 585 236 555 226 L 450 188 Q 400 206 350 188 Z";
  const pat = s === 2 ? pattern(ctx, "stripes") : s === 3 ? pattern(ctx, "check") : undefined;
  const out: string[] = [];
  out.push(hanger(160, 148));
  out.push(dropShadow(body));
  out.push(filled(ctx, body, pat));
  // Armhole seams and sleeve creases.
  out.push(seam(ctx, "M 245 226 Q 262 290 272 338"));
  out.push(seam(ctx, "M 555 226 Q 538 290 528 338"));
  out.push(sheen("M 214 300 L 192 480", 10, 0.14));
  out.push(seam(ctx, "M 236 330 L 214 470", 2, 0.25));
  out.push(seam(ctx, "M 564 330 L 586 470", 2, 0.25));
  // Cuffs.
  for (const cuff of [
    "M 174 490 L 236 504 L 226 548 L 168 535 Z",
    "M 626 490 L 564 504 L 574 548 L 632 535 Z",
  ]) {
    out.push(`<path d="${cuff}" fill="${c.dark}" opacity=".55"/>`);
  }
  const [bf, br] = buttonColours(c);
  out.push(button(199, 524, 6, bf, br), button(601, 524, 6, bf, br));
  out.push(seam(ctx, "M 282 640 Q 300 694 400 698 Q 500 694 518 640", 2, 0.3));
  if (view === "front") {
    // Inside of the back collar, then the two collar leaves.
    out.push(`<path d="M 348 188 Q 400 168 452 188 Q 400 204 348 188 Z" fill="${c.darker}"/>`);
    out.push(`<path d="M 388 214 H 412 V 712 H 388 Z" fill="${c.light}" opacity=".35"/>`);
    out.push(seam(ctx, "M 388 220 V 706 M 412 220 V 706", 2, 0.35));
    for (let y = 252; y <= 672; y += 70) out.push(button(400, y, 7, bf, br));
    if (s !== 4) {
      out.push(
        `<path d="M 346 182 Q 372 204 400 216 L 372 272 Q 352 244 332 208 Z" fill="${c.light}" stroke="${c.outline}" stroke-width="2.5" stroke-opacity=".5"/>`,
        `<path d="M 454 182 Q 428 204 400 216 L 428 272 Q 448 244 468 208 Z" fill="${c.light}" stroke="${c.outline}" stroke-width="2.5" stroke-opacity=".5"/>`,
      );
      if (s === 0) out.push(button(366, 256, 4, bf, br), button(434, 256, 4, bf, br));
    } else {
      out.push(
        `<path d="M 348 186 Q 400 214 452 186 L 454 200 Q 400 230 346 200 Z" fill="${c.light}" stroke="${c.outline}" stroke-width="2" stroke-opacity=".5"/>`,
      );
    }
    if (s !== 1) {
      out.push(
        `<path d="M 444 300 H 504 V 362 L 474 374 L 444 362 Z" fill="${c.base}" stroke="${c.outline}" stroke-width="2" stroke-opacity=".45"/>`,
      );
      if (pat) out.push(`<path d="M 444 300 H 504 V 362 L 474 374 L 444 362 Z" fill="url(#${pat})"/>`);
      out.push(seam(ctx, "M 444 312 H 504", 2, 0.35));
    }
  } else {
    out.push(
      `<path d="M 346 184 Q 400 204 454 184 L 456 204 Q 400 228 344 204 Z" fill="${c.light}" stroke="${c.outline}" stroke-width="2.5" stroke-opacity=".5"/>`,
    );
    out.push(seam(ctx, "M 262 272 Q 400 292 538 272", 3, 0.4));
    out.push(seam(ctx, "M 388 286 V 330 M 412 286 V 330", 2.5, 0.4));
    out.push(
      `<path d="M 392 288 Q 400 312 408 288" fill="none" stroke="${c.outline}" stroke-width="2.5" opacity=".5"/>`,
    );
  }
  out.push(outline(ctx, body, 2.5));
  return out.join("");
}

function kurta(ctx: Ctx): string {
  const { p, c, style, view } = ctx;
  const s = style % 6;
  const body =
    "M 360 172 L 255 204 Q 228 214 220 246 L 186 452 L 250 468 L 284 300 L 262 738 L 538 738 L 516 300 L 550 468 L 614 452 L 580 246 Q 572 214 545 204 L 440 172 Q 400 190 360 172 Z";
  const pat =
    s === 2
      ? pattern(ctx, "dots")
      : s === 4
        ? pattern(ctx, "butti")
        : s === 3
          ? pattern(ctx, "weave")
          : undefined;
  const thread = c.isLight ? (s === 2 ? "#f8f8f6" : "#8d3b33") : s === 2 ? "#ffffff" : "#e8c56e";
  const embroidered = s === 0 || s === 2 || s === 5;
  const out: string[] = [];
  out.push(hanger(146, 140));
  out.push(dropShadow(body));
  out.push(filled(ctx, body, pat));
  if (s === 5) out.push(`<path d="${body}" fill="url(#${p}-sheen)" opacity=".35"/>`);
  out.push(seam(ctx, "M 255 204 Q 274 256 284 300"));
  out.push(seam(ctx, "M 545 204 Q 526 256 516 300"));
  // Side slits.
  out.push(
    `<path d="M 262 738 L 267 646 L 280 738 Z M 538 738 L 533 646 L 520 738 Z" fill="#000" opacity=".2"/>`,
  );
  out.push(seam(ctx, "M 267 646 L 280 738 M 533 646 L 520 738", 2.5, 0.5));
  // Borders at the hem and sleeve ends.
  const border = (d: string) =>
    embroidered || s === 4
      ? `<path d="${d}" fill="none" stroke="${thread}" stroke-width="4" stroke-dasharray="2 7" stroke-linecap="round"/>`
      : "";
  out.push(border("M 284 714 L 516 714"), border("M 284 726 L 516 726"));
  out.push(border("M 194 430 L 254 444"), border("M 606 430 L 546 444"));
  out.push(seam(ctx, "M 192 420 L 256 436 M 608 420 L 544 436", 2, 0.35));
  if (view === "front") {
    out.push(
      `<path d="M 362 172 Q 400 192 438 172 L 438 156 Q 400 174 362 156 Z" fill="${c.dark}" stroke="${c.outline}" stroke-width="2" stroke-opacity=".5"/>`,
    );
    out.push(`<path d="M 392 186 H 408 V 340 H 392 Z" fill="${c.darker}" opacity=".35"/>`);
    for (const y of [212, 252, 292]) {
      out.push(
        `<circle cx="400" cy="${y}" r="6" fill="url(#${p}-hw)" stroke="${c.hw[2]}" stroke-width="1.2"/>`,
      );
    }
    if (embroidered) {
      out.push(
        `<path d="M 376 186 L 376 352 Q 400 372 424 352 L 424 186" fill="none" stroke="${thread}" stroke-width="3.5" stroke-dasharray="1 8" stroke-linecap="round"/>`,
        `<path d="M 362 182 Q 400 204 438 182" fill="none" stroke="${thread}" stroke-width="3" stroke-dasharray="6 4"/>`,
      );
      for (const y of [210, 250, 290, 330]) {
        out.push(
          `<path d="M 360 ${y} l 8 -6 l 8 6 l -8 6 Z M 424 ${y} l 8 -6 l 8 6 l -8 6 Z" fill="${thread}" opacity=".9"/>`,
        );
      }
    }
  } else {
    out.push(
      `<path d="M 360 172 Q 400 184 440 172 L 440 160 Q 400 170 360 160 Z" fill="${c.dark}" stroke="${c.outline}" stroke-width="2" stroke-opacity=".5"/>`,
    );
    out.push(seam(ctx, "M 400 184 V 720", 2, 0.22));
    if (embroidered) {
      out.push(
        `<g transform="translate(400 240)" fill="${thread}" opacity=".9"><path d="M 0 -22 Q 14 -8 0 6 Q -14 -8 0 -22 Z"/><circle cy="16" r="4"/><circle cx="-16" cy="4" r="3"/><circle cx="16" cy="4" r="3"/></g>`,
      );
    }
  }
  out.push(outline(ctx, body, 2.5));
  return out.join("");
}

function tshirt(ctx: Ctx): string {
  const { c, style, view } = ctx;
  const s = style % 6;
  const neckFront = "Q 400 238 352 190";
  const neckBack = "Q 400 208 352 190";
  const body = `M 352 190 L 262 218 L 170 302 L 216 386 L 282 352 L 284 692 Q 400 700 516 692 L 518 352 L 584 386 L 630 302 L 538 218 L 448 190 ${view === "front" ? neckFront : neckBack} Z`;
  const ink = c.isLight ? mix(c.base, "#1b2230", 0.75) : "#f6f1e6";
  const out: string[] = [];
  out.push(hanger(160, 132));
  out.push(dropShadow(body));
  out.push(filled(ctx, body));
  if (s === 2) {
    for (let y = 420; y < 690; y += 44)
      out.push(`<path d="M 283 ${y} H 517" stroke="${ink}" stroke-width="14" opacity=".8"/>`);
  }
  out.push(seam(ctx, "M 262 218 Q 276 292 282 352"));
  out.push(seam(ctx, "M 538 218 Q 524 292 518 352"));
  out.push(seam(ctx, "M 204 366 L 270 332 M 596 366 L 530 332", 2, 0.35));
  out.push(seam(ctx, "M 285 676 Q 400 684 515 676", 2, 0.35));
  out.push(sheen("M 300 380 L 304 640", 18, 0.08));
  if (view === "front") {
    out.push(`<path d="M 352 190 Q 400 206 448 190 Q 400 238 352 190 Z" fill="${c.darker}"/>`);
    out.push(`<path d="M 352 190 Q 400 238 448 190" fill="none" stroke="${c.dark}" stroke-width="14"/>`);
    out.push(
      `<path d="M 356 196 Q 400 236 444 196" fill="none" stroke="${c.light}" stroke-width="2" opacity=".5"/>`,
    );
    if (s === 1) {
      out.push(
        `<text x="400" y="340" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="50" font-weight="700" letter-spacing="3" fill="${ink}">LAHORE</text><path d="M 320 360 H 480" stroke="${ink}" stroke-width="5"/><text x="400" y="392" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="20" letter-spacing="8" fill="${ink}">EST. 1998</text>`,
      );
    } else if (s === 5) {
      out.push(
        `<g transform="translate(400 350)"><circle r="74" fill="none" stroke="${ink}" stroke-width="5"/><circle cx="28" cy="-26" r="16" fill="${ink}"/><path d="M -62 36 L -20 -22 L 6 10 L 28 -8 L 64 36 Z" fill="${ink}"/></g>`,
      );
    } else if (s === 4 || s === 0) {
      out.push(`<path d="M 454 292 l 10 -12 l 10 12 l -10 12 Z" fill="${ink}" opacity=".85"/>`);
    }
  } else {
    out.push(`<path d="M 352 190 Q 400 208 448 190" fill="none" stroke="${c.dark}" stroke-width="12"/>`);
    out.push(`<rect x="386" y="206" width="28" height="16" rx="2" fill="${ink}" opacity=".8"/>`);
  }
  out.push(outline(ctx, body, 2.5));
  return out.join("");
}

function jacket(ctx: Ctx): string {
  const { p, c, style, view } = ctx;
  const s = style % 6;
  const trucker = s === 1 || s === 3 || s === 5;
  const body =
    "M 350 186 L 240 222 Q 210 232 202 266 L 165 560 L 235 575 L 275 336 L 278 644 L 522 644 L 525 336 L 565 575 L 635 560 L 598 266 Q 590 232 560 222 L 450 186 Q 400 206 350 186 Z";
  const pat = s === 0 ? pattern(ctx, "quilt") : s === 5 ? pattern(ctx, "plaid") : undefined;
  const rib = c.darker;
  const out: string[] = [];
  out.push(hanger(158, 150));
  out.push(dropShadow(body));
  out.push(filled(ctx, body, pat));
  if (s === 4) {
    // Colour-blocked yoke.
    out.push(
      `<path d="M 350 186 L 240 222 Q 210 232 202 266 L 196 312 Q 400 336 604 312 L 598 266 Q 590 232 560 222 L 450 186 Q 400 206 350 186 Z" fill="${mix(c.base, c.isLight ? "#1b2230" : "#ffffff", 0.55)}" opacity=".9"/>`,
    );
  }
  out.push(seam(ctx, "M 240 222 Q 264 290 275 336"));
  out.push(seam(ctx, "M 560 222 Q 536 290 525 336"));
  out.push(sheen("M 212 300 L 186 520", 12, 0.15));
  // Rib waistband and cuffs.
  out.push(`<path d="M 278 636 H 522 V 684 Q 400 692 278 684 Z" fill="${rib}"/>`);
  out.push(
    `<path d="M 278 636 H 522 V 684 Q 400 692 278 684 Z" fill="url(#${pattern(ctx, "stripes")})" opacity=".35"/>`,
  );
  for (const cuff of [
    "M 170 522 L 240 536 L 235 575 L 165 560 Z",
    "M 630 522 L 560 536 L 565 575 L 635 560 Z",
  ]) {
    out.push(`<path d="${cuff}" fill="${rib}"/>`);
  }
  if (view === "front") {
    out.push(`<path d="M 350 186 Q 400 206 450 186 Q 400 176 350 186 Z" fill="${c.darker}"/>`);
    if (trucker) {
      out.push(
        `<path d="M 344 180 Q 372 210 400 226 L 362 290 Q 336 250 318 206 Z" fill="${c.light}" stroke="${c.outline}" stroke-width="2.5" stroke-opacity=".55"/>`,
        `<path d="M 456 180 Q 428 210 400 226 L 438 290 Q 464 250 482 206 Z" fill="${c.light}" stroke="${c.outline}" stroke-width="2.5" stroke-opacity=".55"/>`,
      );
      out.push(seam(ctx, "M 400 226 V 640", 3, 0.5));
      for (let y = 270; y < 640; y += 72)
        out.push(`<circle cx="412" cy="${y}" r="8" fill="url(#${p}-hw)" stroke="${c.hw[2]}"/>`);
      for (const x of [300, 440]) {
        out.push(
          `<path d="M ${x} 320 H ${x + 62} V 382 H ${x} Z" fill="${c.base}" opacity=".4"/><path d="M ${x - 2} 312 H ${x + 64} V 340 L ${x + 31} 352 L ${x - 2} 340 Z" fill="${c.light}" stroke="${c.outline}" stroke-width="2" stroke-opacity=".5"/><circle cx="${x + 31}" cy="340" r="5" fill="url(#${p}-hw)"/>`,
        );
      }
      if (s === 3) {
        for (const x of [296, 440]) {
          out.push(
            `<path d="M ${x} 480 H ${x + 66} V 580 H ${x} Z" fill="#000" opacity=".08"/>${stitch(ctx, `M ${x + 4} 486 H ${x + 62} V 576 H ${x + 4} Z`, 1.8)}`,
          );
        }
      }
    } else {
      out.push(`<path d="M 350 186 Q 400 214 450 186 L 452 168 Q 400 196 348 168 Z" fill="${rib}"/>`);
      out.push(zipper(ctx, "M 400 196 V 684", 6));
      out.push(zipPull(ctx, 400, 232, 0));
      out.push(
        `<path d="M 318 500 L 344 590 M 482 500 L 456 590" stroke="${c.darker}" stroke-width="8" stroke-linecap="round"/>`,
      );
      out.push(zipper(ctx, "M 216 350 L 254 356", 4));
    }
  } else {
    out.push(
      trucker
        ? `<path d="M 346 182 Q 400 206 454 182 L 458 210 Q 400 236 342 210 Z" fill="${c.light}" stroke="${c.outline}" stroke-width="2.5" stroke-opacity=".5"/>`
        : `<path d="M 350 186 Q 400 200 450 186 L 452 170 Q 400 186 348 170 Z" fill="${rib}"/>`,
    );
    out.push(seam(ctx, "M 252 300 Q 400 330 548 300", 3, 0.45));
    out.push(seam(ctx, "M 340 318 Q 330 480 344 636 M 460 318 Q 470 480 456 636", 2.5, 0.35));
    if (trucker) out.push(stitch(ctx, "M 256 312 Q 400 342 544 312", 1.8));
  }
  out.push(outline(ctx, body, 2.5));
  return out.join("");
}

function scarf(ctx: Ctx): string {
  const { p, c, style, view } = ctx;
  const s = style % 6;
  const pat =
    s === 3
      ? pattern(ctx, "plaid")
      : s === 2
        ? pattern(ctx, "ajrak")
        : s === 5
          ? pattern(ctx, "butti")
          : s === 1
            ? pattern(ctx, "dots")
            : undefined;
  const bandInk = c.isLight ? mix(c.base, "#6b2a25", 0.7) : mix(c.base, "#f4e3b8", 0.75);
  const fringe = (x0: number, x1: number, y: number, angle = 0) => {
    const lines: string[] = [];
    for (let x = x0 + 4; x <= x1 - 4; x += 9) lines.push(`M ${x} ${y} l ${angle} 34`);
    return `<path d="${lines.join(" ")}" stroke="${c.dark}" stroke-width="4" stroke-linecap="round"/>`;
  };
  const out: string[] = [];
  if (view === "front") {
    // Folded over a wooden rail: two tails hanging.
    const back = "M 318 206 L 452 206 L 470 640 L 336 650 Z";
    const front = "M 362 206 L 494 206 L 478 690 L 344 682 Z";
    out.push(
      `<path d="M 180 200 H 620" stroke="#a8733f" stroke-width="18" stroke-linecap="round"/><path d="M 186 195 H 614" stroke="#d9a873" stroke-width="4" stroke-linecap="round" opacity=".7"/>`,
    );
    out.push(
      `<circle cx="180" cy="200" r="14" fill="#8b5a2b"/><circle cx="620" cy="200" r="14" fill="#8b5a2b"/>`,
    );
    out.push(dropShadow(front, 12, 14));
    out.push(fringe(336, 470, 644, -2));
    out.push(`<path d="${back}" fill="${c.dark}"/>`);
    if (pat) out.push(`<path d="${back}" fill="url(#${pat})" opacity=".8"/>`);
    out.push(`<path d="M 332 600 L 468 592 L 469 612 L 333 620 Z" fill="${bandInk}" opacity=".8"/>`);
    out.push(fringe(344, 478, 684, 2));
    out.push(filled(ctx, front, pat));
    if (s === 1 || s === 4) out.push(`<path d="${front}" fill="url(#${p}-sheen)" opacity=".45"/>`);
    out.push(`<path d="M 346 628 L 480 634 L 479 652 L 345 646 Z" fill="${bandInk}" opacity=".85"/>`);
    out.push(`<path d="M 345 606 L 481 612 L 481 618 L 345 612 Z" fill="${bandInk}" opacity=".85"/>`);
    out.push(seam(ctx, "M 420 230 Q 410 420 424 670", 3, 0.18));
    out.push(seam(ctx, "M 386 230 Q 396 400 380 660", 2, 0.15));
    out.push(`<path d="M 310 212 Q 404 166 500 212 L 500 226 Q 404 190 310 226 Z" fill="${c.light}"/>`);
    out.push(outline(ctx, front, 2.5));
  } else {
    // Laid flat, on a diagonal, showing the whole print and both fringed ends.
    const rect = "M 120 0 H 680 V 220 H 120 Z";
    out.push(`<g transform="translate(400 430) rotate(-28) translate(-400 -110)">`);
    out.push(dropShadow(rect, 10, 18));
    const fr: string[] = [];
    for (let y = 6; y <= 214; y += 10) fr.push(`M 120 ${y} l -34 0 M 680 ${y} l 34 0`);
    out.push(`<path d="${fr.join(" ")}" stroke="${c.dark}" stroke-width="4" stroke-linecap="round"/>`);
    out.push(filled(ctx, rect, pat));
    if (s === 1 || s === 4) out.push(`<path d="${rect}" fill="url(#${p}-sheen)" opacity=".4"/>`);
    out.push(
      `<rect x="120" y="0" width="560" height="220" fill="none" stroke="${bandInk}" stroke-width="14" opacity=".8"/>`,
    );
    out.push(
      `<path d="M 160 0 V 220 M 176 0 V 220 M 640 0 V 220 M 624 0 V 220" stroke="${bandInk}" stroke-width="6" opacity=".85"/>`,
    );
    out.push(seam(ctx, "M 260 30 Q 400 60 560 20 M 240 190 Q 420 160 580 200", 2, 0.15));
    out.push(outline(ctx, rect, 2.5));
    out.push("</g>");
  }
  return out.join("");
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
// Banner slides

export type SlideLayout = "desktop" | "mobile";

export const SLIDE_SIZES: Record<SlideLayout, { width: number; height: number }> = {
  desktop: { width: 1600, height: 600 },
  mobile: { width: 800, height: 1000 },
};

interface SlideItem {
  kind: ItemKind;
  color: string;
  style: number;
  view?: ItemView;
  /** Centre and scale for each layout (item drawn in 800x800 space, centred at 400,420). */
  desktop: [number, number, number];
  mobile: [number, number, number];
}

export interface SlideDesign {
  title: string;
  eyebrow: string;
  headline: [string, string];
  subline: string;
  cta: string;
  background: [string, string];
  ink: string;
  accent: string;
  ctaInk: string;
  eyebrowInk: string;
  items: SlideItem[];
  decor: (layout: SlideLayout) => string;
}

const FONT = "Helvetica, Arial, sans-serif";

function leaf(x: number, y: number, angle: number, length: number, color: string): string {
  return `<path transform="translate(${x} ${y}) rotate(${angle})" d="M 0 0 Q ${length * 0.35} ${-length * 0.22} ${length} 0 Q ${length * 0.35} ${length * 0.22} 0 0 Z" fill="${color}"/>`;
}

function plant(x: number, y: number, scale: number): string {
  const leaves = [
    [-100, 150, "#5f7d4e"],
    [-80, 170, "#6f8f5a"],
    [-60, 140, "#587548"],
    [-120, 130, "#6f8f5a"],
    [-140, 110, "#5f7d4e"],
    [-40, 120, "#7a9a63"],
    [-95, 120, "#4f6b40"],
  ] as const;
  return `<g transform="translate(${x} ${y}) scale(${scale})">${leaves.map(([a, l, col]) => leaf(0, 0, a, l, col)).join("")}<path d="M -46 0 H 46 L 36 90 Q 34 100 24 100 H -24 Q -34 100 -36 90 Z" fill="#d98e5f"/><rect x="-52" y="-8" width="104" height="20" rx="6" fill="#c97c4d"/></g>`;
}

function lantern(x: number, y: number, scale: number, color: string): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})" fill="none" stroke="${color}" stroke-width="3"><path d="M 0 -200 V -40"/><path d="M -20 -40 H 20 L 30 -20 H -30 Z" fill="${color}"/><path d="M -30 -20 Q -44 30 -24 70 H 24 Q 44 30 30 -20" fill="${color}" fill-opacity=".18"/><path d="M 0 -20 V 70 M -16 -20 Q -24 25 -12 70 M 16 -20 Q 24 25 12 70"/><path d="M -24 70 H 24 L 14 86 H -14 Z" fill="${color}"/><circle cy="28" r="10" fill="#ffe8a3" stroke="none" opacity=".9"/></g>`;
}

/** A crescent moon: a disc with an offset disc cut out (a mask, so the sky gradient shows through). */
function crescent(x: number, y: number, r: number, color: string): string {
  const id = `moon-${x}-${y}`;
  return `<mask id="${id}"><rect x="${x - r}" y="${y - r}" width="${2 * r}" height="${2 * r}" fill="#fff"/><circle cx="${x + r * 0.45}" cy="${y - r * 0.32}" r="${r * 0.93}" fill="#000"/></mask><circle cx="${x}" cy="${y}" r="${r}" fill="${color}" mask="url(#${id})"/>`;
}

function star(x: number, y: number, r: number, color: string): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const rr = i % 2 === 0 ? r : r * 0.45;
    pts.push(`${(x + rr * Math.cos(a)).toFixed(1)},${(y + rr * Math.sin(a)).toFixed(1)}`);
  }
  return `<polygon points="${pts.join(" ")}" fill="${color}"/>`;
}

export const SLIDE_DESIGNS: SlideDesign[] = [
  {
    title: "New Season Bags",
    eyebrow: "JUST LANDED",
    headline: ["New Season", "Bags"],
    subline: "Structured leather, roomy totes and evening clutches.",
    cta: "SHOP BAGS",
    background: ["#f8e6d6", "#eec3a3"],
    ink: "#3d2418",
    accent: "#c8643b",
    ctaInk: "#fff7ef",
    eyebrowInk: "#fff8ef",
    items: [
      { kind: "tote", color: "#708238", style: 1, desktop: [1080, 350, 0.62], mobile: [250, 795, 0.5] },
      { kind: "handbag", color: "#c19a6b", style: 0, desktop: [1290, 368, 0.62], mobile: [520, 790, 0.58] },
      { kind: "clutch", color: "#e8b4b8", style: 0, desktop: [1170, 472, 0.42], mobile: [390, 898, 0.42] },
    ],
    decor: (layout) =>
      layout === "desktop"
        ? `<circle cx="1210" cy="250" r="260" fill="#f6d3b6"/><path d="M 1000 600 V 210 Q 1000 60 1180 60 Q 1360 60 1360 210 V 600 Z" fill="#fbeee2" opacity=".85"/><rect x="930" y="520" width="520" height="80" fill="#d98e5f" opacity=".45"/><rect x="930" y="512" width="520" height="14" rx="4" fill="#c8643b" opacity=".5"/>${plant(1500, 460, 1.1)}`
        : `<circle cx="400" cy="720" r="300" fill="#f6d3b6"/><path d="M 170 1000 V 620 Q 170 460 400 460 Q 630 460 630 620 V 1000 Z" fill="#fbeee2" opacity=".85"/><rect x="0" y="920" width="800" height="80" fill="#d98e5f" opacity=".45"/>${plant(700, 880, 0.9)}`,
  },
  {
    title: "Eid Collection",
    eyebrow: "FESTIVE EDIT",
    headline: ["Eid", "Collection"],
    subline: "Embroidered kurtas, lawn and festive scarves.",
    cta: "EXPLORE NOW",
    background: ["#12514d", "#0a302e"],
    ink: "#fbf3dc",
    accent: "#e5c067",
    ctaInk: "#12403c",
    eyebrowInk: "#12403c",
    items: [
      { kind: "kurta", color: "#800000", style: 0, desktop: [1060, 330, 0.72], mobile: [260, 700, 0.62] },
      { kind: "kurta", color: "#f5f1e6", style: 5, desktop: [1290, 330, 0.72], mobile: [540, 700, 0.62] },
    ],
    decor: (layout) => {
      const gold = "#e5c067";
      if (layout === "desktop") {
        return `<path d="M 900 600 V 170 Q 900 40 1030 20 Q 1160 40 1160 170 V 600 Z M 1160 600 V 170 Q 1160 40 1290 20 Q 1420 40 1420 170 V 600 Z" fill="#0d3f3c" stroke="${gold}" stroke-width="3" stroke-opacity=".35"/>${crescent(1500, 120, 62, gold)}${star(1410, 90, 14, gold)}${star(1570, 230, 9, gold)}${star(860, 80, 8, gold)}${lantern(1530, 470, 0.75, gold)}${lantern(860, 240, 0.8, gold)}`;
      }
      return `<path d="M 110 1000 V 560 Q 110 440 250 420 Q 390 440 390 560 V 1000 Z M 410 1000 V 560 Q 410 440 550 420 Q 690 440 690 560 V 1000 Z" fill="#0d3f3c" stroke="${gold}" stroke-width="3" stroke-opacity=".35"/>${crescent(680, 110, 54, gold)}${star(590, 70, 12, gold)}${star(740, 210, 8, gold)}${lantern(90, 240, 0.7, gold)}`;
    },
  },
  {
    title: "Up to 40% Off",
    eyebrow: "DAILY DEALS",
    headline: ["Up to", "40% Off"],
    subline: "Bags and clothing at their best prices, while stocks last.",
    cta: "SHOP DEALS",
    background: ["#f7d774", "#eba64a"],
    ink: "#3a1f0f",
    accent: "#b7410e",
    ctaInk: "#fff4e2",
    eyebrowInk: "#fff8ef",
    items: [
      { kind: "backpack", color: "#202a44", style: 0, desktop: [1090, 320, 0.6], mobile: [250, 720, 0.52] },
      { kind: "shirt", color: "#87ceeb", style: 2, desktop: [1300, 310, 0.62], mobile: [540, 700, 0.54] },
      { kind: "wallet", color: "#b7410e", style: 0, desktop: [1200, 480, 0.4], mobile: [400, 880, 0.36] },
    ],
    decor: (layout) => {
      if (layout === "desktop") {
        return `<path d="M 880 600 L 1120 0 H 1600 V 600 Z" fill="#f2bf5a" opacity=".7"/><path d="M 1040 600 L 1280 0 H 1380 L 1140 600 Z" fill="#fff" opacity=".18"/><g transform="translate(1480 120) rotate(18)"><path d="M -60 -40 H 40 L 80 0 L 40 40 H -60 Z" fill="#b7410e"/><circle cx="46" cy="0" r="9" fill="#f7d774"/><text x="-8" y="12" text-anchor="middle" font-family="${FONT}" font-size="32" font-weight="700" fill="#fff4e2">SALE</text></g>${[0, 1, 2, 3, 4].map((i) => `<circle cx="${920 + i * 34}" cy="60" r="6" fill="#b7410e" opacity=".5"/>`).join("")}`;
      }
      return `<path d="M 0 1000 L 0 560 L 800 420 V 1000 Z" fill="#f2bf5a" opacity=".7"/><path d="M 0 660 L 800 520 V 580 L 0 720 Z" fill="#fff" opacity=".18"/><g transform="translate(660 470) rotate(18)"><path d="M -60 -40 H 40 L 80 0 L 40 40 H -60 Z" fill="#b7410e"/><circle cx="46" cy="0" r="9" fill="#f7d774"/><text x="-8" y="12" text-anchor="middle" font-family="${FONT}" font-size="32" font-weight="700" fill="#fff4e2">SALE</text></g>`;
    },
  },
];

/** A banner slide (1-based index into SLIDE_DESIGNS). */
export function drawSlideSvg(slide: number, layout: SlideLayout): string {
  const design = SLIDE_DESIGNS[(slide - 1) % SLIDE_DESIGNS.length]!;
  const { width, height } = SLIDE_SIZES[layout];
  const defs: string[] = [
    `<linearGradient id="sbg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${design.background[0]}"/><stop offset="1" stop-color="${design.background[1]}"/></linearGradient>`,
  ];
  const items = design.items.map((item, index) => {
    const drawing = drawItem(item.kind, item.color, item.view ?? "front", {
      style: item.style,
      id: `s${index}`,
    });
    defs.push(drawing.defs);
    const [cx, cy, scale] = item[layout];
    return `<g transform="translate(${cx} ${cy}) scale(${scale}) translate(-400 -420)">${drawing.body}</g>`;
  });
  const text =
    layout === "desktop"
      ? {
          x: 120,
          anchor: "start",
          eyebrowY: 170,
          line1Y: 270,
          line2Y: 370,
          size: 96,
          subY: 430,
          subSize: 26,
          ctaX: 120,
          ctaY: 470,
        }
      : {
          x: 400,
          anchor: "middle",
          eyebrowY: 110,
          line1Y: 200,
          line2Y: 290,
          size: 84,
          subY: 350,
          subSize: design.subline.length > 44 ? 22 : 26,
          ctaX: 300,
          ctaY: 385,
        };
  const eyebrowWidth = design.eyebrow.length * 14 + 36;
  const eyebrowX = layout === "desktop" ? text.x : 400 - eyebrowWidth / 2;
  const textSvg = [
    `<rect x="${eyebrowX}" y="${text.eyebrowY - 30}" width="${eyebrowWidth}" height="42" rx="21" fill="${design.accent}" opacity=".95"/>`,
    `<text x="${eyebrowX + eyebrowWidth / 2}" y="${text.eyebrowY - 2}" text-anchor="middle" font-family="${FONT}" font-size="18" font-weight="700" letter-spacing="3" fill="${design.eyebrowInk}">${escapeXml(design.eyebrow)}</text>`,
    `<text x="${text.x}" y="${text.line1Y}" text-anchor="${text.anchor}" font-family="${FONT}" font-size="${text.size}" font-weight="700" fill="${design.ink}" letter-spacing="-1">${escapeXml(design.headline[0])}</text>`,
    `<text x="${text.x}" y="${text.line2Y}" text-anchor="${text.anchor}" font-family="${FONT}" font-size="${text.size}" font-weight="700" fill="${design.accent}" letter-spacing="-1">${escapeXml(design.headline[1])}</text>`,
    `<text x="${text.x}" y="${text.subY}" text-anchor="${text.anchor}" font-family="${FONT}" font-size="${text.subSize}" fill="${design.ink}" opacity=".85">${escapeXml(design.subline)}</text>`,
    `<rect x="${text.ctaX}" y="${text.ctaY}" width="200" height="58" rx="29" fill="${design.ink}"/>`,
    `<text x="${text.ctaX + 100}" y="${text.ctaY + 37}" text-anchor="middle" font-family="${FONT}" font-size="19" font-weight="700" letter-spacing="2" fill="${design.ctaInk}">${escapeXml(design.cta)}</text>`,
  ].join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs.join("")}</defs><rect width="${width}" height="${height}" fill="url(#sbg)"/>${design.decor(layout)}${items.join("")}${textSvg}</svg>`;
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
