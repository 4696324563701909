import { type Ctx, filled, floorShadow, mix, outline, pattern, sheen, stitch } from "./kit.ts";

/** A tote, front or back view, in the variant's colour; `ctx.style` picks the design variation. */
export function tote(ctx: Ctx): string {
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
