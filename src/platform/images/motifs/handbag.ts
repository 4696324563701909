import { type Ctx, filled, floorShadow, outline, pattern, sheen, stitch, zipPull, zipper } from "./kit.ts";

/** A handbag, front or back view, in the variant's colour; `ctx.style` picks the design variation. */
export function handbag(ctx: Ctx): string {
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
