import { type Ctx, dropShadow, filled, hanger, outline, pattern, seam } from "./kit.ts";

/** A kurta on a hanger, front or back view, in the variant's colour; `ctx.style` picks the design variation. */
export function kurta(ctx: Ctx): string {
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
