import { type Ctx, filled, floorShadow, outline, pattern, sheen, stitch, zipPull, zipper } from "./kit.ts";

/** A backpack, front or back view, in the variant's colour; `ctx.style` picks the design variation. */
export function backpack(ctx: Ctx): string {
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
