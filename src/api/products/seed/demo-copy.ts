import type { TagName } from "./demo-data.ts";

/**
 * The demo catalogue's sixty products as written by hand: names, tags and descriptions (the numbers come
 * from the PRNG in demo-data.ts).
 */

export interface ProductSeed {
  title: string;
  tags: TagName[];
  description: string;
}

/** Six products per category, in CATEGORIES order; the index within the category is the drawing style. */
export const PRODUCTS: Record<string, ProductSeed[]> = {
  handbags: [
    {
      title: "Mehr Structured Leather Satchel",
      tags: ["Leather", "Office"],
      description:
        "<p>A structured top-handle satchel in <strong>full-grain leather</strong> with a turn-lock flap. Fits a tablet, a diary and the day's essentials.</p>",
    },
    {
      title: "Noor Top-Handle Handbag",
      tags: ["Leather", "Festive"],
      description:
        "<p>A neat zip-top handbag with a front patch pocket and polished hardware.</p><ul><li>Detachable shoulder strap</li><li>Two inner slip pockets</li></ul>",
    },
    {
      title: "Saba Quilted Shoulder Bag",
      tags: ["Casual", "Festive"],
      description:
        "<p>Diamond-quilted and softly padded, with a flap that closes with a turn lock. Dresses up an evening outfit or a plain kurta.</p>",
    },
    {
      title: "Zoya Everyday Handbag",
      tags: ["Casual", "Office"],
      description:
        "<p>Clean lines and a straight flap make this the bag you reach for every morning. <strong>Lightweight</strong> and easy to wipe clean.</p>",
    },
    {
      title: "Anarkali Embroidered Handbag",
      tags: ["Handmade", "Festive", "Eid"],
      description:
        "<p>Hand-embroidered medallion on the flap, stitched by artisans in Multan. A festive bag that still holds a phone, wallet and keys.</p>",
    },
    {
      title: "Classic Office Satchel",
      tags: ["Leather", "Office"],
      description:
        "<p>A roomy work satchel with silver-tone hardware.</p><ul><li>Padded sleeve for a 13-inch laptop</li><li>Protective metal feet</li></ul>",
    },
  ],
  backpacks: [
    {
      title: "Trailhead 28L Travel Backpack",
      tags: ["Travel"],
      description:
        "<p>A <strong>28-litre</strong> rucksack with buckled straps, a zipped front pocket and padded shoulder straps for long days on the road.</p>",
    },
    {
      title: "Campus Everyday Backpack",
      tags: ["Casual"],
      description:
        "<p>Simple, sturdy and light: one main compartment, a quick-access front pocket and a grab handle.</p>",
    },
    {
      title: "Metro 15.6-inch Laptop Backpack",
      tags: ["Office", "Travel"],
      description:
        "<p>A padded laptop compartment for up to 15.6 inches and a water-resistant shell.</p><ul><li>Luggage pass-through</li><li>Breathable back panel</li></ul>",
    },
    {
      title: "Hunza Canvas Rucksack",
      tags: ["Travel", "Handmade"],
      description:
        "<p>Heavy cotton canvas with leather trims, built for weekend trips up north. Two buckled straps keep the load snug.</p>",
    },
    {
      title: "Mini Leather Backpack",
      tags: ["Leather", "Casual"],
      description:
        "<p>A small backpack in soft leather that carries the essentials hands-free. <strong>Adjustable straps</strong> and a zipped front pocket.</p>",
    },
    {
      title: "Commuter Roll-Top Backpack",
      tags: ["Travel", "Office"],
      description:
        "<p>A weatherproof commuter pack that expands when you need it, with buckled straps and a padded back.</p>",
    },
  ],
  totes: [
    {
      title: "Bazaar Canvas Tote",
      tags: ["Cotton", "Casual"],
      description:
        "<p>A thick cotton canvas tote with a stitched leather patch. Big enough for the weekly bazaar run.</p>",
    },
    {
      title: "Ajrak Block-Print Tote",
      tags: ["Cotton", "Handmade"],
      description:
        "<p>Hand block-printed with a <strong>Sindhi ajrak</strong> medallion. Every print is slightly different.</p>",
    },
    {
      title: "Market Jute Tote",
      tags: ["Handmade", "Casual"],
      description:
        "<p>Woven jute with a cotton lining and strong reinforced handles.</p><ul><li>Carries up to 10 kg</li><li>Folds flat</li></ul>",
    },
    {
      title: "Leather Work Tote",
      tags: ["Leather", "Office"],
      description:
        "<p>A clean-lined tote with a leather base panel and a zipped inner pocket. Holds a laptop, a notebook and lunch.</p>",
    },
    {
      title: "Lawn Print Shopper Tote",
      tags: ["Lawn", "Casual"],
      description:
        "<p>Light and washable, printed with a small floral butti. A cheerful everyday shopper.</p>",
    },
    {
      title: "Weekender Oversized Tote",
      tags: ["Travel", "Casual"],
      description:
        "<p>An <strong>oversized</strong> striped tote for a weekend away, with an outer slip pocket for tickets and a phone.</p>",
    },
  ],
  clutches: [
    {
      title: "Shagun Envelope Clutch",
      tags: ["Festive", "Eid"],
      description:
        "<p>An envelope clutch with a polished snap clasp and a slim wrist strap. Made for weddings and Eid dinners.</p>",
    },
    {
      title: "Mirror-Work Evening Clutch",
      tags: ["Handmade", "Festive"],
      description:
        "<p>Traditional <strong>shisha mirror-work</strong> on the flap, hand-set in Hyderabad. Fits a phone and a lipstick.</p>",
    },
    {
      title: "Velvet Wedding Clutch",
      tags: ["Festive"],
      description:
        "<p>Rich velvet with a soft sheen, a wrist strap and a satin lining.</p><ul><li>Magnetic clasp</li><li>Zipped back pocket</li></ul>",
    },
    {
      title: "Minimal Leather Clutch",
      tags: ["Leather"],
      description: "<p>Pared-back leather clutch with a slim metal bar. Goes from office to evening.</p>",
    },
    {
      title: "Chain-Strap Party Clutch",
      tags: ["Festive", "Casual"],
      description:
        "<p>Carry it as a clutch or on its <strong>detachable chain strap</strong>. Quilted back with a zipped pocket.</p>",
    },
    {
      title: "Tilla Embroidered Clutch",
      tags: ["Handmade", "Eid"],
      description:
        "<p>Gold tilla embroidery on a soft envelope flap. A festive finishing touch for Eid outfits.</p>",
    },
  ],
  wallets: [
    {
      title: "Classic Bifold Leather Wallet",
      tags: ["Leather"],
      description:
        "<p>A slim bifold in genuine leather.</p><ul><li>Six card slots</li><li>Two note compartments</li><li>ID window</li></ul>",
    },
    {
      title: "Slim Card Holder Wallet",
      tags: ["Leather", "Office"],
      description:
        "<p>Just the cards you need and a few notes, in a wallet <strong>under 1 cm</strong> thick.</p>",
    },
    {
      title: "Zip-Around Ladies Wallet",
      tags: ["Casual"],
      description:
        "<p>A zip-around wallet with room for cards, notes, coins and a phone. Everything stays in when it falls into a big bag.</p>",
    },
    {
      title: "Travel Passport Wallet",
      tags: ["Travel"],
      description:
        "<p>Keeps a passport, boarding passes, cards and a pen together. <strong>RFID-blocking</strong> lining.</p>",
    },
    {
      title: "Handstitched Long Wallet",
      tags: ["Leather", "Handmade"],
      description:
        "<p>Saddle-stitched by hand with waxed thread and closed with a snap tab. Gets better with age.</p>",
    },
    {
      title: "Coin Pouch Wallet",
      tags: ["Casual"],
      description: "<p>A compact zipped pouch for coins, cards and folded notes. Fits any pocket.</p>",
    },
  ],
  shirts: [
    {
      title: "Oxford Button-Down Shirt",
      tags: ["Cotton", "Office"],
      description:
        "<p>A classic <strong>100% cotton Oxford</strong> shirt with a button-down collar and a chest pocket. Smart with chinos, easy with jeans.</p>",
    },
    {
      title: "Linen Blend Summer Shirt",
      tags: ["Casual"],
      description:
        "<p>Breathable linen blend for Karachi summers. Relaxed fit, no pocket, soft-washed for comfort from day one.</p>",
    },
    {
      title: "Pinstripe Formal Shirt",
      tags: ["Cotton", "Office"],
      description:
        "<p>Fine pinstripes on crisp cotton poplin.</p><ul><li>Spread collar</li><li>Single-button cuffs</li><li>Easy iron</li></ul>",
    },
    {
      title: "Gingham Check Shirt",
      tags: ["Cotton", "Casual"],
      description:
        "<p>A weekend favourite in soft gingham check cotton, with a chest pocket and a curved hem.</p>",
    },
    {
      title: "Band-Collar Cotton Shirt",
      tags: ["Cotton", "Casual"],
      description:
        "<p>A collarless band-neck shirt that works under a waistcoat or on its own. <strong>Pre-shrunk</strong> cotton.</p>",
    },
    {
      title: "Poplin Slim-Fit Shirt",
      tags: ["Office"],
      description:
        "<p>Slim through the body with a sharp collar. A dependable office shirt that keeps its shape.</p>",
    },
  ],
  kurtas: [
    {
      title: "Embroidered Lawn Kurta",
      tags: ["Lawn", "Eid"],
      description:
        "<p>Fine <strong>lawn</strong> with thread embroidery around the placket, cuffs and hem. Cool enough for a summer Eid.</p>",
    },
    {
      title: "Classic Cotton Kurta",
      tags: ["Cotton", "Casual"],
      description:
        "<p>A straight-cut cotton kurta with a band collar and side slits, for every day of the week.</p>",
    },
    {
      title: "Chikankari Festive Kurta",
      tags: ["Handmade", "Eid", "Festive"],
      description:
        "<p>All-over hand-done <strong>chikankari</strong> work on soft cotton.</p><ul><li>Band collar with buttoned placket</li><li>Side slits</li></ul>",
    },
    {
      title: "Khaddar Winter Kurta",
      tags: ["Winter"],
      description:
        "<p>Warm, textured khaddar in a relaxed cut. Layers well under a shawl on cold evenings.</p>",
    },
    {
      title: "Printed Lawn Straight Kurta",
      tags: ["Lawn", "Casual"],
      description: "<p>Light lawn printed with a small floral butti, finished with a printed hem border.</p>",
    },
    {
      title: "Silk Blend Eid Kurta",
      tags: ["Eid", "Festive"],
      description:
        "<p>A <strong>silk blend</strong> kurta with a soft sheen and gold embroidery at the neckline. Pairs with a shalwar or churidar.</p>",
    },
  ],
  "t-shirts": [
    {
      title: "Essential Crew Neck T-Shirt",
      tags: ["Cotton", "Casual"],
      description:
        "<p>Soft combed cotton, a ribbed crew neck and a regular fit. The one you will wear every week.</p>",
    },
    {
      title: "Lahore Graphic T-Shirt",
      tags: ["Cotton", "Casual"],
      description:
        "<p>A love letter to the city of gardens, screen-printed on <strong>heavy cotton</strong>.</p>",
    },
    {
      title: "Breton Stripe T-Shirt",
      tags: ["Cotton", "Casual"],
      description:
        "<p>Bold stripes from the chest down, on a soft jersey that keeps its shape wash after wash.</p>",
    },
    {
      title: "Heavyweight Oversized T-Shirt",
      tags: ["Casual"],
      description:
        "<p>A dropped-shoulder, <strong>oversized</strong> fit in 240 gsm cotton.</p><ul><li>Thick ribbed collar</li><li>Boxy body</li></ul>",
    },
    {
      title: "Pique Cotton T-Shirt",
      tags: ["Cotton", "Office"],
      description:
        "<p>Textured pique cotton with a small embroidered emblem. Smart enough for casual Fridays.</p>",
    },
    {
      title: "Mountain Print T-Shirt",
      tags: ["Travel", "Casual"],
      description:
        "<p>A mountain-and-sun print for anyone dreaming of the Karakoram. Soft, breathable cotton.</p>",
    },
  ],
  jackets: [
    {
      title: "Quilted Bomber Jacket",
      tags: ["Winter"],
      description:
        "<p>A diamond-quilted bomber with ribbed collar, cuffs and hem. <strong>Light padding</strong> for chilly evenings.</p>",
    },
    {
      title: "Denim Trucker Jacket",
      tags: ["Casual"],
      description:
        "<p>The classic trucker: point collar, buttoned chest pockets and a boxy fit that works over a t-shirt or a kurta.</p>",
    },
    {
      title: "Suede Biker Jacket",
      tags: ["Leather", "Winter"],
      description:
        "<p>Soft suede with a full front zip and zipped sleeve pocket.</p><ul><li>Quilted lining</li><li>Ribbed cuffs</li></ul>",
    },
    {
      title: "Waxed Field Jacket",
      tags: ["Winter", "Travel"],
      description:
        "<p>Water-resistant waxed cotton with four pockets, made for northern treks and rainy Islamabad winters.</p>",
    },
    {
      title: "Lightweight Windbreaker",
      tags: ["Travel"],
      description:
        "<p>A <strong>packable</strong> windbreaker with a colour-blocked yoke and zipped pockets. Weighs next to nothing.</p>",
    },
    {
      title: "Wool Blend Overshirt Jacket",
      tags: ["Winter", "Office"],
      description:
        "<p>A checked wool-blend overshirt that layers over a shirt or a fine knit. Warm without bulk.</p>",
    },
  ],
  scarves: [
    {
      title: "Pashmina Wool Shawl Scarf",
      tags: ["Winter", "Handmade"],
      description:
        "<p>Hand-woven <strong>pashmina</strong> blend with a fringed finish. Soft, warm and light enough to wear all day.</p>",
    },
    {
      title: "Chiffon Dupatta Scarf",
      tags: ["Festive", "Eid"],
      description: "<p>A sheer chiffon dupatta with a fine dotted print and a woven border.</p>",
    },
    {
      title: "Ajrak Print Cotton Scarf",
      tags: ["Cotton", "Handmade"],
      description:
        "<p>Traditional <strong>ajrak</strong> motifs block-printed on soft cotton.</p><ul><li>Natural dyes</li><li>Fringed ends</li></ul>",
    },
    {
      title: "Tartan Winter Scarf",
      tags: ["Winter"],
      description: "<p>A brushed tartan scarf, long enough to loop twice. Keeps the December wind out.</p>",
    },
    {
      title: "Silk Twill Scarf",
      tags: ["Festive"],
      description:
        "<p>Smooth silk twill with a soft sheen and a contrast border. Wear it at the neck or on a bag.</p>",
    },
    {
      title: "Lawn Printed Stole",
      tags: ["Lawn", "Casual"],
      description:
        "<p>A light lawn stole with a floral butti print, for summer days and cool air-conditioned offices.</p>",
    },
  ],
};
