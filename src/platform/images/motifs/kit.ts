/**
 * What every motif draws with: colour maths, the palette a variant colour becomes, and the shared pieces
 * (stitching, seams, shading, shadows, zips, buttons, the clothes hanger, small repeating patterns).
 * Pure string code; the motifs in this folder compose these into one item each.
 */

export type ItemView = "front" | "back";

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

export interface Palette {
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

export function palette(color: string, hardware: "gold" | "silver"): Palette {
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

export interface Ctx {
  p: string;
  c: Palette;
  style: number;
  view: ItemView;
  defs: string[];
}

/** The usual gradients every item uses, registered once per item. */
export function commonDefs(ctx: Ctx): void {
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

export function stitch(ctx: Ctx, d: string, width = 2.6, opacity = 0.85): string {
  return `<path d="${d}" fill="none" stroke="${ctx.c.stitch}" stroke-width="${width}" stroke-dasharray="9 7" stroke-linecap="round" opacity="${opacity}"/>`;
}

export function seam(ctx: Ctx, d: string, width = 3, opacity = 0.45): string {
  return `<path d="${d}" fill="none" stroke="${ctx.c.outline}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" opacity="${opacity}"/>`;
}

/** Base fill, optional pattern, then the volume shading, for a silhouette path. */
export function filled(ctx: Ctx, d: string, pattern?: string): string {
  const { p } = ctx;
  return [
    `<path d="${d}" fill="url(#${p}-fill)"/>`,
    pattern ? `<path d="${d}" fill="url(#${pattern})"/>` : "",
    `<path d="${d}" fill="url(#${p}-vol)"/>`,
    `<path d="${d}" fill="url(#${p}-base)"/>`,
  ].join("");
}

export function outline(ctx: Ctx, d: string, width = 3): string {
  return `<path d="${d}" fill="none" stroke="${ctx.c.outline}" stroke-width="${width}" stroke-linejoin="round" opacity=".55"/>`;
}

/**
 * A soft shadow behind the item, offset down-right: a few translucent copies of the silhouette stepping away
 * (much cheaper to render than a Gaussian blur, and at this opacity the steps read as a soft edge).
 */
export function dropShadow(d: string, dx = 10, dy = 16): string {
  const steps = [0.25, 0.5, 0.75, 1, 1.3];
  return steps
    .map(
      (f) =>
        `<path d="${d}" transform="translate(${(dx * f).toFixed(1)} ${(dy * f).toFixed(1)})" fill="#3b3026" opacity=".045"/>`,
    )
    .join("");
}

/** Contact shadow on the floor under a standing item. */
export function floorShadow(ctx: Ctx, cx: number, cy: number, rx: number, ry: number): string {
  const id = `${ctx.p}-floor`;
  ctx.defs.push(
    `<radialGradient id="${id}"><stop offset="0" stop-color="#3b3026" stop-opacity=".34"/><stop offset=".6" stop-color="#3b3026" stop-opacity=".12"/><stop offset="1" stop-color="#3b3026" stop-opacity="0"/></radialGradient>`,
  );
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#${id})"/>`;
}

export function zipper(ctx: Ctx, d: string, width = 7): string {
  return [
    `<path d="${d}" fill="none" stroke="${ctx.c.darker}" stroke-width="${width + 4}" stroke-linecap="round" opacity=".55"/>`,
    `<path d="${d}" fill="none" stroke="url(#${ctx.p}-hw)" stroke-width="${width}" stroke-dasharray="3 3"/>`,
  ].join("");
}

export function zipPull(ctx: Ctx, x: number, y: number, angle = 0): string {
  return `<g transform="translate(${x} ${y}) rotate(${angle})"><circle r="7" fill="url(#${ctx.p}-hw)" stroke="${ctx.c.hw[2]}" stroke-width="1.5"/><rect x="-7" y="4" width="14" height="34" rx="6" fill="url(#${ctx.p}-hw)" stroke="${ctx.c.hw[2]}" stroke-width="1.5"/><rect x="-3" y="12" width="6" height="18" rx="3" fill="${ctx.c.hw[2]}" opacity=".5"/></g>`;
}

export function button(x: number, y: number, r: number, fill: string, rim: string): string {
  return `<g><circle cx="${x}" cy="${y}" r="${r}" fill="${fill}" stroke="${rim}" stroke-width="1.6"/><circle cx="${x - r * 0.32}" cy="${y}" r="${r * 0.17}" fill="${rim}"/><circle cx="${x + r * 0.32}" cy="${y}" r="${r * 0.17}" fill="${rim}"/></g>`;
}

export function buttonColours(c: Palette): [string, string] {
  return c.isLight ? [mix(c.base, "#5a4632", 0.35), mix(c.base, "#2a2018", 0.6)] : ["#f6f1e7", "#a89a86"];
}

export function hanger(barY: number, halfWidth: number): string {
  const top = barY - 58;
  return [
    `<path d="M 400 ${barY + 40} L 400 ${top + 24} Q 400 ${top} 422 ${top} Q 444 ${top} 444 ${top + 20} Q 444 ${top + 34} 430 ${top + 40}" fill="none" stroke="#9aa0a8" stroke-width="8" stroke-linecap="round"/>`,
    `<path d="M 400 ${barY} L 400 ${top + 24} Q 400 ${top} 422 ${top}" fill="none" stroke="#e9ecef" stroke-width="3" stroke-linecap="round" opacity=".8"/>`,
    `<path d="M ${400 - halfWidth} ${barY + 76} Q 400 ${barY} ${400 + halfWidth} ${barY + 76}" fill="none" stroke="#a8733f" stroke-width="16" stroke-linecap="round"/>`,
    `<path d="M ${400 - halfWidth + 6} ${barY + 70} Q 400 ${barY - 6} ${400 + halfWidth - 6} ${barY + 70}" fill="none" stroke="#d9a873" stroke-width="4" stroke-linecap="round" opacity=".7"/>`,
  ].join("");
}

/** Small repeating fills, tinted from the palette. Returns the pattern id. */
export function pattern(
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

export function sheen(d: string, width = 16, opacity = 0.2): string {
  return `<path d="${d}" fill="none" stroke="#fff" stroke-width="${width}" stroke-linecap="round" opacity="${opacity}"/>`;
}
