import {
  button,
  buttonColours,
  type Ctx,
  dropShadow,
  filled,
  hanger,
  outline,
  pattern,
  seam,
  sheen,
} from "./kit.ts";

/** A shirt on a hanger, front or back view, in the variant's colour; `ctx.style` picks the design variation. */
export function shirt(ctx: Ctx): string {
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
