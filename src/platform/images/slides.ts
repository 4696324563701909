import { drawItem, type ItemKind } from "./draw.ts";
import { escapeXml, type ItemView } from "./motifs/kit.ts";

/** The home page's banner slides: a headline, a call to action and a few drawn items on a coloured backdrop. */

export type SlideLayout = "desktop" | "mobile";

export const SLIDE_SIZES: Record<SlideLayout, { width: number; height: number }> = {
  desktop: { width: 1600, height: 600 },
  mobile: { width: 800, height: 1000 },
};

interface SlideItem {
  kind: ItemKind;
  color: string;
  style: number;
  view?: ItemView;
  /** Centre and scale for each layout (item drawn in 800x800 space, centred at 400,420). */
  desktop: [number, number, number];
  mobile: [number, number, number];
}

export interface SlideDesign {
  title: string;
  eyebrow: string;
  headline: [string, string];
  subline: string;
  cta: string;
  background: [string, string];
  ink: string;
  accent: string;
  ctaInk: string;
  eyebrowInk: string;
  items: SlideItem[];
  decor: (layout: SlideLayout) => string;
}

const FONT = "Helvetica, Arial, sans-serif";

function leaf(x: number, y: number, angle: number, length: number, color: string): string {
  return `<path transform="translate(${x} ${y}) rotate(${angle})" d="M 0 0 Q ${length * 0.35} ${-length * 0.22} ${length} 0 Q ${length * 0.35} ${length * 0.22} 0 0 Z" fill="${color}"/>`;
}

function plant(x: number, y: number, scale: number): string {
  const leaves = [
    [-100, 150, "#5f7d4e"],
    [-80, 170, "#6f8f5a"],
    [-60, 140, "#587548"],
    [-120, 130, "#6f8f5a"],
    [-140, 110, "#5f7d4e"],
    [-40, 120, "#7a9a63"],
    [-95, 120, "#4f6b40"],
  ] as const;
  return `<g transform="translate(${x} ${y}) scale(${scale})">${leaves.map(([a, l, col]) => leaf(0, 0, a, l, col)).join("")}<path d="M -46 0 H 46 L 36 90 Q 34 100 24 100 H -24 Q -34 100 -36 90 Z" fill="#d98e5f"/><rect x="-52" y="-8" width="104" height="20" rx="6" fill="#c97c4d"/></g>`;
}

function lantern(x: number, y: number, scale: number, color: string): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})" fill="none" stroke="${color}" stroke-width="3"><path d="M 0 -200 V -40"/><path d="M -20 -40 H 20 L 30 -20 H -30 Z" fill="${color}"/><path d="M -30 -20 Q -44 30 -24 70 H 24 Q 44 30 30 -20" fill="${color}" fill-opacity=".18"/><path d="M 0 -20 V 70 M -16 -20 Q -24 25 -12 70 M 16 -20 Q 24 25 12 70"/><path d="M -24 70 H 24 L 14 86 H -14 Z" fill="${color}"/><circle cy="28" r="10" fill="#ffe8a3" stroke="none" opacity=".9"/></g>`;
}

/** A crescent moon: a disc with an offset disc cut out (a mask, so the sky gradient shows through). */
function crescent(x: number, y: number, r: number, color: string): string {
  const id = `moon-${x}-${y}`;
  return `<mask id="${id}"><rect x="${x - r}" y="${y - r}" width="${2 * r}" height="${2 * r}" fill="#fff"/><circle cx="${x + r * 0.45}" cy="${y - r * 0.32}" r="${r * 0.93}" fill="#000"/></mask><circle cx="${x}" cy="${y}" r="${r}" fill="${color}" mask="url(#${id})"/>`;
}

function star(x: number, y: number, r: number, color: string): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const rr = i % 2 === 0 ? r : r * 0.45;
    pts.push(`${(x + rr * Math.cos(a)).toFixed(1)},${(y + rr * Math.sin(a)).toFixed(1)}`);
  }
  return `<polygon points="${pts.join(" ")}" fill="${color}"/>`;
}

export const SLIDE_DESIGNS: SlideDesign[] = [
  {
    title: "New Season Bags",
    eyebrow: "JUST LANDED",
    headline: ["New Season", "Bags"],
    subline: "Structured leather, roomy totes and evening clutches.",
    cta: "SHOP BAGS",
    background: ["#f8e6d6", "#eec3a3"],
    ink: "#3d2418",
    accent: "#c8643b",
    ctaInk: "#fff7ef",
    eyebrowInk: "#fff8ef",
    items: [
      { kind: "tote", color: "#708238", style: 1, desktop: [1080, 350, 0.62], mobile: [250, 795, 0.5] },
      { kind: "handbag", color: "#c19a6b", style: 0, desktop: [1290, 368, 0.62], mobile: [520, 790, 0.58] },
      { kind: "clutch", color: "#e8b4b8", style: 0, desktop: [1170, 472, 0.42], mobile: [390, 898, 0.42] },
    ],
    decor: (layout) =>
      layout === "desktop"
        ? `<circle cx="1210" cy="250" r="260" fill="#f6d3b6"/><path d="M 1000 600 V 210 Q 1000 60 1180 60 Q 1360 60 1360 210 V 600 Z" fill="#fbeee2" opacity=".85"/><rect x="930" y="520" width="520" height="80" fill="#d98e5f" opacity=".45"/><rect x="930" y="512" width="520" height="14" rx="4" fill="#c8643b" opacity=".5"/>${plant(1500, 460, 1.1)}`
        : `<circle cx="400" cy="720" r="300" fill="#f6d3b6"/><path d="M 170 1000 V 620 Q 170 460 400 460 Q 630 460 630 620 V 1000 Z" fill="#fbeee2" opacity=".85"/><rect x="0" y="920" width="800" height="80" fill="#d98e5f" opacity=".45"/>${plant(700, 880, 0.9)}`,
  },
  {
    title: "Eid Collection",
    eyebrow: "FESTIVE EDIT",
    headline: ["Eid", "Collection"],
    subline: "Embroidered kurtas, lawn and festive scarves.",
    cta: "EXPLORE NOW",
    background: ["#12514d", "#0a302e"],
    ink: "#fbf3dc",
    accent: "#e5c067",
    ctaInk: "#12403c",
    eyebrowInk: "#12403c",
    items: [
      { kind: "kurta", color: "#800000", style: 0, desktop: [1060, 330, 0.72], mobile: [260, 700, 0.62] },
      { kind: "kurta", color: "#f5f1e6", style: 5, desktop: [1290, 330, 0.72], mobile: [540, 700, 0.62] },
    ],
    decor: (layout) => {
      const gold = "#e5c067";
      if (layout === "desktop") {
        return `<path d="M 900 600 V 170 Q 900 40 1030 20 Q 1160 40 1160 170 V 600 Z M 1160 600 V 170 Q 1160 40 1290 20 Q 1420 40 1420 170 V 600 Z" fill="#0d3f3c" stroke="${gold}" stroke-width="3" stroke-opacity=".35"/>${crescent(1500, 120, 62, gold)}${star(1410, 90, 14, gold)}${star(1570, 230, 9, gold)}${star(860, 80, 8, gold)}${lantern(1530, 470, 0.75, gold)}${lantern(860, 240, 0.8, gold)}`;
      }
      return `<path d="M 110 1000 V 560 Q 110 440 250 420 Q 390 440 390 560 V 1000 Z M 410 1000 V 560 Q 410 440 550 420 Q 690 440 690 560 V 1000 Z" fill="#0d3f3c" stroke="${gold}" stroke-width="3" stroke-opacity=".35"/>${crescent(680, 110, 54, gold)}${star(590, 70, 12, gold)}${star(740, 210, 8, gold)}${lantern(90, 240, 0.7, gold)}`;
    },
  },
  {
    title: "Up to 40% Off",
    eyebrow: "DAILY DEALS",
    headline: ["Up to", "40% Off"],
    subline: "Bags and clothing at their best prices, while stocks last.",
    cta: "SHOP DEALS",
    background: ["#f7d774", "#eba64a"],
    ink: "#3a1f0f",
    accent: "#b7410e",
    ctaInk: "#fff4e2",
    eyebrowInk: "#fff8ef",
    items: [
      { kind: "backpack", color: "#202a44", style: 0, desktop: [1090, 320, 0.6], mobile: [250, 720, 0.52] },
      { kind: "shirt", color: "#87ceeb", style: 2, desktop: [1300, 310, 0.62], mobile: [540, 700, 0.54] },
      { kind: "wallet", color: "#b7410e", style: 0, desktop: [1200, 480, 0.4], mobile: [400, 880, 0.36] },
    ],
    decor: (layout) => {
      if (layout === "desktop") {
        return `<path d="M 880 600 L 1120 0 H 1600 V 600 Z" fill="#f2bf5a" opacity=".7"/><path d="M 1040 600 L 1280 0 H 1380 L 1140 600 Z" fill="#fff" opacity=".18"/><g transform="translate(1480 120) rotate(18)"><path d="M -60 -40 H 40 L 80 0 L 40 40 H -60 Z" fill="#b7410e"/><circle cx="46" cy="0" r="9" fill="#f7d774"/><text x="-8" y="12" text-anchor="middle" font-family="${FONT}" font-size="32" font-weight="700" fill="#fff4e2">SALE</text></g>${[0, 1, 2, 3, 4].map((i) => `<circle cx="${920 + i * 34}" cy="60" r="6" fill="#b7410e" opacity=".5"/>`).join("")}`;
      }
      return `<path d="M 0 1000 L 0 560 L 800 420 V 1000 Z" fill="#f2bf5a" opacity=".7"/><path d="M 0 660 L 800 520 V 580 L 0 720 Z" fill="#fff" opacity=".18"/><g transform="translate(660 470) rotate(18)"><path d="M -60 -40 H 40 L 80 0 L 40 40 H -60 Z" fill="#b7410e"/><circle cx="46" cy="0" r="9" fill="#f7d774"/><text x="-8" y="12" text-anchor="middle" font-family="${FONT}" font-size="32" font-weight="700" fill="#fff4e2">SALE</text></g>`;
    },
  },
];

/** A banner slide (1-based index into SLIDE_DESIGNS). */
export function drawSlideSvg(slide: number, layout: SlideLayout): string {
  const design = SLIDE_DESIGNS[(slide - 1) % SLIDE_DESIGNS.length]!;
  const { width, height } = SLIDE_SIZES[layout];
  const defs: string[] = [
    `<linearGradient id="sbg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${design.background[0]}"/><stop offset="1" stop-color="${design.background[1]}"/></linearGradient>`,
  ];
  const items = design.items.map((item, index) => {
    const drawing = drawItem(item.kind, item.color, item.view ?? "front", {
      style: item.style,
      id: `s${index}`,
    });
    defs.push(drawing.defs);
    const [cx, cy, scale] = item[layout];
    return `<g transform="translate(${cx} ${cy}) scale(${scale}) translate(-400 -420)">${drawing.body}</g>`;
  });
  const text =
    layout === "desktop"
      ? {
          x: 120,
          anchor: "start",
          eyebrowY: 170,
          line1Y: 270,
          line2Y: 370,
          size: 96,
          subY: 430,
          subSize: 26,
          ctaX: 120,
          ctaY: 470,
        }
      : {
          x: 400,
          anchor: "middle",
          eyebrowY: 110,
          line1Y: 200,
          line2Y: 290,
          size: 84,
          subY: 350,
          subSize: design.subline.length > 44 ? 22 : 26,
          ctaX: 300,
          ctaY: 385,
        };
  const eyebrowWidth = design.eyebrow.length * 14 + 36;
  const eyebrowX = layout === "desktop" ? text.x : 400 - eyebrowWidth / 2;
  const textSvg = [
    `<rect x="${eyebrowX}" y="${text.eyebrowY - 30}" width="${eyebrowWidth}" height="42" rx="21" fill="${design.accent}" opacity=".95"/>`,
    `<text x="${eyebrowX + eyebrowWidth / 2}" y="${text.eyebrowY - 2}" text-anchor="middle" font-family="${FONT}" font-size="18" font-weight="700" letter-spacing="3" fill="${design.eyebrowInk}">${escapeXml(design.eyebrow)}</text>`,
    `<text x="${text.x}" y="${text.line1Y}" text-anchor="${text.anchor}" font-family="${FONT}" font-size="${text.size}" font-weight="700" fill="${design.ink}" letter-spacing="-1">${escapeXml(design.headline[0])}</text>`,
    `<text x="${text.x}" y="${text.line2Y}" text-anchor="${text.anchor}" font-family="${FONT}" font-size="${text.size}" font-weight="700" fill="${design.accent}" letter-spacing="-1">${escapeXml(design.headline[1])}</text>`,
    `<text x="${text.x}" y="${text.subY}" text-anchor="${text.anchor}" font-family="${FONT}" font-size="${text.subSize}" fill="${design.ink}" opacity=".85">${escapeXml(design.subline)}</text>`,
    `<rect x="${text.ctaX}" y="${text.ctaY}" width="200" height="58" rx="29" fill="${design.ink}"/>`,
    `<text x="${text.ctaX + 100}" y="${text.ctaY + 37}" text-anchor="middle" font-family="${FONT}" font-size="19" font-weight="700" letter-spacing="2" fill="${design.ctaInk}">${escapeXml(design.cta)}</text>`,
  ].join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs.join("")}</defs><rect width="${width}" height="${height}" fill="url(#sbg)"/>${design.decor(layout)}${items.join("")}${textSvg}</svg>`;
}
