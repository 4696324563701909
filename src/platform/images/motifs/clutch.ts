import { type Ctx, filled, floorShadow, outline, pattern, stitch, zipPull, zipper } from "./kit.ts";

/** A clutch, front or back view, in the variant's colour; `ctx.style` picks the design variation. */
export function clutch(ctx: Ctx): string {
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
