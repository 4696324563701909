import { type Ctx, filled, floorShadow, outline, sheen, stitch, zipPull, zipper } from "./kit.ts";

/** A wallet, front or back view, in the variant's colour; `ctx.style` picks the design variation. */
export function wallet(ctx: Ctx): string {
  const { p, c, style, view } = ctx;
  const s = style % 6;
  const out: string[] = [];
  const zip = s === 2 || s === 5;
  const passport = s === 3;
  if (view === "front") {
    const [x0, y0, w, h] = passport
      ? [280, 240, 240, 340]
      : s === 1
        ? [250, 300, 300, 200]
        : s === 4
          ? [190, 300, 420, 210]
          : [230, 290, 340, 230];
    const r = zip ? 34 : 18;
    const body = `M ${x0 + r} ${y0} H ${x0 + w - r} Q ${x0 + w} ${y0} ${x0 + w} ${y0 + r} V ${y0 + h - r} Q ${x0 + w} ${y0 + h} ${x0 + w - r} ${y0 + h} H ${x0 + r} Q ${x0} ${y0 + h} ${x0} ${y0 + h - r} V ${y0 + r} Q ${x0} ${y0} ${x0 + r} ${y0} Z`;
    out.push(floorShadow(ctx, 400, y0 + h + 14, w * 0.62, 26));
    out.push(`<path d="${body}" transform="translate(0 12)" fill="${c.darker}"/>`);
    out.push(filled(ctx, body));
    out.push(`<rect x="${x0}" y="${y0 + 4}" width="18" height="${h - 8}" rx="9" fill="#000" opacity=".12"/>`);
    out.push(sheen(`M ${x0 + 30} ${y0 + 22} H ${x0 + w * 0.45}`, 8, 0.25));
    if (zip) {
      const d = `M ${x0 + 14} ${y0 + r} Q ${x0 + 14} ${y0 + 14} ${x0 + r} ${y0 + 14} H ${x0 + w - r} Q ${x0 + w - 14} ${y0 + 14} ${x0 + w - 14} ${y0 + r} V ${y0 + h - r} Q ${x0 + w - 14} ${y0 + h - 14} ${x0 + w - r} ${y0 + h - 14}`;
      out.push(zipper(ctx, d, 6));
      out.push(zipPull(ctx, x0 + w - 16, y0 + h - 40, -30));
    } else {
      out.push(stitch(ctx, `M ${x0 + 16} ${y0 + 16} H ${x0 + w - 16} V ${y0 + h - 16} H ${x0 + 16} Z`, 2.2));
    }
    if (passport) {
      out.push(
        `<g transform="translate(400 400)" fill="none" stroke="${c.isLight ? c.darker : "#e8cf8e"}" stroke-width="4" opacity=".85"><circle r="38"/><path d="M -38 0 H 38 M 0 -38 Q 22 0 0 38 Q -22 0 0 -38"/></g><text x="400" y="480" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="22" letter-spacing="6" font-weight="700" fill="${c.isLight ? c.darker : "#e8cf8e"}" opacity=".85">PASSPORT</text>`,
      );
    } else if (s === 4) {
      out.push(
        `<path d="M 610 372 H 520 Q 500 372 500 392 V 420 Q 500 440 520 440 H 610 Z" fill="${c.dark}"/><circle cx="530" cy="406" r="12" fill="url(#${p}-hw)" stroke="${c.hw[2]}"/>`,
      );
    } else {
      out.push(
        `<rect x="${400 - 32}" y="${y0 + h / 2 - 18}" width="64" height="36" rx="6" fill="none" stroke="${c.isLight ? c.dark : c.darker}" stroke-width="3"/><path d="M 388 ${y0 + h / 2} L 400 ${y0 + h / 2 - 9} L 412 ${y0 + h / 2} L 400 ${y0 + h / 2 + 9} Z" fill="${c.isLight ? c.dark : c.darker}"/>`,
      );
    }
    out.push(outline(ctx, body));
  } else {
    // Opened: card slots on the left, note pocket and ID window on the right.
    const body =
      "M 162 290 H 638 Q 660 290 660 312 V 528 Q 660 550 638 550 H 162 Q 140 550 140 528 V 312 Q 140 290 162 290 Z";
    out.push(floorShadow(ctx, 400, 564, 300, 26));
    out.push(`<path d="${body}" transform="translate(0 10)" fill="${c.darker}"/>`);
    out.push(filled(ctx, body));
    const cards = ["#2f6fd6", "#d9a441", "#3a3a3c", "#c94a4a"];
    for (let i = 0; i < 3; i++) {
      const y = 330 + i * 52;
      out.push(
        `<rect x="${186 + i * 4}" y="${y - 18}" width="180" height="60" rx="6" fill="${cards[(i + style) % cards.length]}"/>`,
      );
      out.push(`<path d="M 168 ${y} H 384 V 534 H 168 Z" fill="${i % 2 ? c.base : c.light}"/>`);
      out.push(`<path d="M 168 ${y} H 384" stroke="${c.darker}" stroke-width="3" opacity=".5"/>`);
      out.push(stitch(ctx, `M 176 ${y + 9} H 376`, 1.8));
    }
    out.push(
      `<rect x="418" y="324" width="210" height="140" rx="10" fill="#dfe7ec" opacity=".55" stroke="${c.darker}" stroke-width="3"/>`,
    );
    out.push(`<rect x="432" y="338" width="72" height="86" rx="6" fill="#b9c4cc" opacity=".7"/>`);
    out.push(
      `<path d="M 520 350 H 608 M 520 374 H 590 M 520 398 H 600" stroke="#8a96a0" stroke-width="6" stroke-linecap="round" opacity=".7"/>`,
    );
    out.push(`<path d="M 418 486 H 628" stroke="${c.darker}" stroke-width="3" opacity=".5"/>`);
    out.push(stitch(ctx, "M 420 498 H 626", 1.8));
    out.push(`<rect x="386" y="292" width="28" height="256" fill="url(#${p}-vol)"/>`);
    out.push(`<path d="M 400 292 V 548" stroke="${c.outline}" stroke-width="3" opacity=".45"/>`);
    out.push(stitch(ctx, "M 156 306 H 644 V 534 H 156 Z", 2));
    out.push(outline(ctx, body));
  }
  return out.join("");
}
