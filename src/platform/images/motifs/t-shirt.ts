import { type Ctx, dropShadow, filled, hanger, mix, outline, seam, sheen } from "./kit.ts";

/** A T-shirt on a hanger, front or back view, in the variant's colour; `ctx.style` picks the design variation. */
export function tshirt(ctx: Ctx): string {
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
