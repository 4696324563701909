import {
  type Ctx,
  dropShadow,
  filled,
  hanger,
  mix,
  outline,
  pattern,
  seam,
  sheen,
  stitch,
  zipPull,
  zipper,
} from "./kit.ts";

/** A jacket on a hanger, front or back view, in the variant's colour; `ctx.style` picks the design variation. */
export function jacket(ctx: Ctx): string {
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
