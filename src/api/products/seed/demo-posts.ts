/**
 * The demo shop's blog posts (docs/decisions/0064-blog.md): real-looking posts about bags and clothing, published at
 * noon shop time on their day, so a new shop's blog is not empty. Data only; demo-catalogue.ts writes them.
 */
export interface DemoPost {
  slug: string;
  title: string;
  category: string;
  tags: string[];
  /** The shop's day it was published (YYYY-MM-DD). */
  day: string;
  author: string;
  excerpt: string;
  /** Sanitised HTML. */
  body: string;
}

export const DEMO_POSTS: DemoPost[] = [
  {
    slug: "caring-for-leather-bags",
    title: "How to care for a leather bag so it lasts a decade",
    category: "Bag care",
    tags: ["leather", "care tips"],
    day: "2026-11-14",
    author: "Ayesha Khan",
    excerpt:
      "Leather loves a little attention. A soft cloth, a good conditioner and the right storage go a long way.",
    body: "<p>Wipe the bag with a dry, soft cloth once a week, and condition it every three months with a cream made for leather. Test any product on a hidden spot first.</p><p>Store it stuffed with tissue paper in its dust bag, away from direct sun and damp cupboards, and never hang a heavy bag by its handles for long.</p>",
  },
  {
    slug: "eid-edit",
    title: "The Eid edit: festive pieces that go beyond the day",
    category: "Style guide",
    tags: ["eid", "handbags"],
    day: "2026-11-07",
    author: "Sana Malik",
    excerpt:
      "Embellished clutches and soft lawn sets you will reach for long after the celebrations are over.",
    body: "<p>Choose one statement piece, an embroidered clutch or a jewel-toned dupatta, and keep the rest of the outfit calm so it can shine.</p><p>Metallic hardware in gold or antique brass pairs with almost every festive colour, and a compact clutch fits everything you need for a day of visits.</p>",
  },
  {
    slug: "packing-light-backpack",
    title: "Packing light: one backpack, five days in the north",
    category: "Travel",
    tags: ["travel", "backpacks"],
    day: "2026-10-30",
    author: "Bilal Ahmed",
    excerpt: "From Hunza to Skardu with a single 28-litre pack: what made the cut and what stayed at home.",
    body: "<p>Roll clothes instead of folding them, pack layers rather than bulky jackets, and keep a small pouch for chargers and documents at the top.</p><p>A backpack with a padded laptop sleeve doubles as a day bag once you arrive, so you only ever carry one bag.</p>",
  },
  {
    slug: "workwear-basics",
    title: "Five workwear basics that mix and match all week",
    category: "Style guide",
    tags: ["workwear", "cotton"],
    day: "2026-10-22",
    author: "Sana Malik",
    excerpt:
      "A crisp shirt, tailored trousers, a structured tote and two more pieces that make mornings easy.",
    body: "<p>Start from neutral colours, navy, white, camel and black, and add one colour you love. Everything then works with everything else.</p><p>A structured tote that fits a laptop keeps you looking put together from the first meeting to the ride home.</p>",
  },
  {
    slug: "summer-cotton",
    title: "Why breathable cotton is still the best choice for summer",
    category: "Behind the seams",
    tags: ["cotton", "summer"],
    day: "2026-10-15",
    author: "Hamza Qureshi",
    excerpt:
      "What makes a fabric cool to wear in 40 degrees, and how we choose the cotton for our summer range.",
    body: "<p>Long-staple cotton with an open weave lets air move and dries quickly, which is what keeps you comfortable on the hottest days.</p><p>We wash every fabric before cutting, so the size you order is the size you keep after the first wash.</p>",
  },
  {
    slug: "choosing-a-handbag",
    title: "Choosing a handbag for the way you actually live",
    category: "Style guide",
    tags: ["handbags", "leather"],
    day: "2026-10-08",
    author: "Ayesha Khan",
    excerpt: "Size, straps and pockets matter more than trends. A simple checklist before you buy.",
    body: "<p>Empty your current bag on the table: whatever is there is what the new one must carry. Then decide on shoulder, cross-body or hand-held.</p><p>Inner pockets keep keys and phone apart, and a zip top matters more than you think on a crowded bus.</p>",
  },
  {
    slug: "meet-the-workshop",
    title: "Meet the workshop: the hands behind every stitch",
    category: "Behind the seams",
    tags: ["leather", "handbags"],
    day: "2026-09-29",
    author: "Hamza Qureshi",
    excerpt: "A morning with the craftspeople in Lahore who cut, stitch and finish our bags by hand.",
    body: "<p>Most of our cutters and stitchers have been at their craft for more than fifteen years, and every bag passes through at least six pairs of hands.</p><p>We pay above the market rate and buy our leather from tanneries that treat their water, because good bags should not cost the river.</p>",
  },
  {
    slug: "travel-wallet-checklist",
    title: "The travel wallet checklist for your next trip abroad",
    category: "Travel",
    tags: ["travel", "care tips"],
    day: "2026-09-20",
    author: "Bilal Ahmed",
    excerpt: "Passport, cards, boarding passes and a little cash: how to keep them together and safe.",
    body: "<p>A travel wallet with a passport sleeve and a zip coin pocket keeps everything in one place at security and at the gate.</p><p>Take a photo of your passport and cards and keep it in your email, in case the worst happens.</p>",
  },
  {
    slug: "winter-layers",
    title: "Winter layers: staying warm without the bulk",
    category: "News",
    tags: ["workwear", "backpacks"],
    day: "2026-09-12",
    author: "Sana Malik",
    excerpt:
      "Our winter range arrives next month. A first look at knitwear, shawls and the bags to go with them.",
    body: "<p>Thin layers trap more warmth than one thick jumper, and they come off easily when you step into a heated office.</p><p>The new range brings wool-blend shawls in five colours and a waxed-canvas backpack that shrugs off the rain.</p>",
  },
];
