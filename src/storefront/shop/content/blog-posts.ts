import type { PageMeta } from "../../../shared/contracts/catalogue.ts";

/**
 * The blog's static sample content (spec: 9 records, 6 per page, not connected to data). The sidebar's
 * search, categories and tags filter these posts through the URL, so every control does what it says.
 */
export interface BlogPost {
  slug: string;
  title: string;
  category: string;
  tags: string[];
  date: string;
  author: string;
  minutes: number;
  tone: "sand" | "rose" | "sage" | "slate" | "clay";
  excerpt: string;
  body: string[];
}

export const BLOG_PER_PAGE = 6;

export const BLOG_POSTS: BlogPost[] = [
  {
    slug: "caring-for-leather-bags",
    title: "How to care for a leather bag so it lasts a decade",
    category: "Bag care",
    tags: ["Leather", "Care tips"],
    date: "2026-11-14",
    author: "Ayesha Khan",
    minutes: 4,
    tone: "clay",
    excerpt:
      "Leather loves a little attention. A soft cloth, a good conditioner and the right storage go a long way.",
    body: [
      "Wipe the bag with a dry, soft cloth once a week, and condition it every three months with a cream made for leather. Test any product on a hidden spot first.",
      "Store it stuffed with tissue paper in its dust bag, away from direct sun and damp cupboards, and never hang a heavy bag by its handles for long.",
    ],
  },
  {
    slug: "eid-edit",
    title: "The Eid edit: festive pieces that go beyond the day",
    category: "Style guide",
    tags: ["Eid", "Handbags"],
    date: "2026-11-07",
    author: "Sana Malik",
    minutes: 5,
    tone: "rose",
    excerpt:
      "Embellished clutches and soft lawn sets you will reach for long after the celebrations are over.",
    body: [
      "Choose one statement piece, an embroidered clutch or a jewel-toned dupatta, and keep the rest of the outfit calm so it can shine.",
      "Metallic hardware in gold or antique brass pairs with almost every festive colour, and a compact clutch fits everything you need for a day of visits.",
    ],
  },
  {
    slug: "packing-light-backpack",
    title: "Packing light: one backpack, five days in the north",
    category: "Travel",
    tags: ["Travel", "Backpacks"],
    date: "2026-10-30",
    author: "Bilal Ahmed",
    minutes: 6,
    tone: "sage",
    excerpt: "From Hunza to Skardu with a single 28-litre pack: what made the cut and what stayed at home.",
    body: [
      "Roll clothes instead of folding them, pack layers rather than bulky jackets, and keep a small pouch for chargers and documents at the top.",
      "A backpack with a padded laptop sleeve doubles as a day bag once you arrive, so you only ever carry one bag.",
    ],
  },
  {
    slug: "workwear-basics",
    title: "Five workwear basics that mix and match all week",
    category: "Style guide",
    tags: ["Workwear", "Cotton"],
    date: "2026-10-22",
    author: "Sana Malik",
    minutes: 4,
    tone: "slate",
    excerpt:
      "A crisp shirt, tailored trousers, a structured tote and two more pieces that make mornings easy.",
    body: [
      "Start from neutral colours, navy, white, camel and black, and add one colour you love. Everything then works with everything else.",
      "A structured tote that fits a laptop keeps you looking put together from the first meeting to the ride home.",
    ],
  },
  {
    slug: "summer-cotton",
    title: "Why breathable cotton is still the best choice for summer",
    category: "Behind the seams",
    tags: ["Cotton", "Summer"],
    date: "2026-10-15",
    author: "Hamza Qureshi",
    minutes: 3,
    tone: "sand",
    excerpt:
      "What makes a fabric cool to wear in 40 degrees, and how we choose the cotton for our summer range.",
    body: [
      "Long-staple cotton with an open weave lets air move and dries quickly, which is what keeps you comfortable on the hottest days.",
      "We wash every fabric before cutting, so the size you order is the size you keep after the first wash.",
    ],
  },
  {
    slug: "choosing-a-handbag",
    title: "Choosing a handbag for the way you actually live",
    category: "Style guide",
    tags: ["Handbags", "Leather"],
    date: "2026-10-08",
    author: "Ayesha Khan",
    minutes: 5,
    tone: "rose",
    excerpt: "Size, straps and pockets matter more than trends. A simple checklist before you buy.",
    body: [
      "Empty your current bag on the table: whatever is there is what the new one must carry. Then decide on shoulder, cross-body or hand-held.",
      "Inner pockets keep keys and phone apart, and a zip top matters more than you think on a crowded bus.",
    ],
  },
  {
    slug: "meet-the-workshop",
    title: "Meet the workshop: the hands behind every stitch",
    category: "Behind the seams",
    tags: ["Leather", "Handbags"],
    date: "2026-09-29",
    author: "Hamza Qureshi",
    minutes: 6,
    tone: "clay",
    excerpt: "A morning with the craftspeople in Lahore who cut, stitch and finish our bags by hand.",
    body: [
      "Most of our cutters and stitchers have been at their craft for more than fifteen years, and every bag passes through at least six pairs of hands.",
      "We pay above the market rate and buy our leather from tanneries that treat their water, because good bags should not cost the river.",
    ],
  },
  {
    slug: "travel-wallet-checklist",
    title: "The travel wallet checklist for your next trip abroad",
    category: "Travel",
    tags: ["Travel", "Care tips"],
    date: "2026-09-20",
    author: "Bilal Ahmed",
    minutes: 3,
    tone: "slate",
    excerpt: "Passport, cards, boarding passes and a little cash: how to keep them together and safe.",
    body: [
      "A travel wallet with a passport sleeve and a zip coin pocket keeps everything in one place at security and at the gate.",
      "Take a photo of your passport and cards and keep it in your email, in case the worst happens.",
    ],
  },
  {
    slug: "winter-layers",
    title: "Winter layers: staying warm without the bulk",
    category: "News",
    tags: ["Workwear", "Backpacks"],
    date: "2026-09-12",
    author: "Sana Malik",
    minutes: 4,
    tone: "sage",
    excerpt:
      "Our winter range arrives next month. A first look at knitwear, shawls and the bags to go with them.",
    body: [
      "Thin layers trap more warmth than one thick jumper, and they come off easily when you step into a heated office.",
      "The new range brings wool-blend shawls in five colours and a waxed-canvas backpack that shrugs off the rain.",
    ],
  },
];

export const BLOG_CATEGORIES = [...new Set(BLOG_POSTS.map((post) => post.category))].sort();
export const BLOG_TAGS = [...new Set(BLOG_POSTS.flatMap((post) => post.tags))].sort();

export interface BlogQuery {
  search: string;
  category: string;
  tag: string;
  page: number;
}

export function readBlogQuery(params: URLSearchParams): BlogQuery {
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    search: (params.get("search") ?? "").trim().slice(0, 100),
    category: params.get("category") ?? "",
    tag: params.get("tag") ?? "",
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** The URL of the listing with `changes` applied; any filter change goes back to page 1. */
export function blogHref(query: BlogQuery, changes: Partial<BlogQuery>): string {
  const next = { ...query, ...changes };
  if (!("page" in changes)) next.page = 1;
  const params = new URLSearchParams();
  if (next.search) params.set("search", next.search);
  if (next.category) params.set("category", next.category);
  if (next.tag) params.set("tag", next.tag);
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return search ? `/blogs?${search}` : "/blogs";
}

/** One page of the posts that match the query, newest first, with the spec's page meta. */
export function blogPage(query: BlogQuery): { posts: BlogPost[]; meta: PageMeta } {
  const needle = query.search.toLowerCase();
  const matching = BLOG_POSTS.filter(
    (post) =>
      (!query.category || post.category === query.category) &&
      (!query.tag || post.tags.includes(query.tag)) &&
      (!needle || `${post.title} ${post.excerpt}`.toLowerCase().includes(needle)),
  );
  const lastPage = Math.max(1, Math.ceil(matching.length / BLOG_PER_PAGE));
  const page = Math.min(query.page, lastPage);
  const offset = (page - 1) * BLOG_PER_PAGE;
  const posts = matching.slice(offset, offset + BLOG_PER_PAGE);
  return {
    posts,
    meta: {
      from: posts.length > 0 ? offset + 1 : 0,
      to: offset + posts.length,
      total: matching.length,
      per_page: BLOG_PER_PAGE,
      current_page: page,
      last_page: lastPage,
    },
  };
}
