import { type Ctx, dropShadow, filled, mix, outline, pattern, seam } from "./kit.ts";

/** A scarf, front or back view, in the variant's colour; `ctx.style` picks the design variation. */
export function scarf(ctx: Ctx): string {
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
