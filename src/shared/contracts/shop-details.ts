import { z } from "zod";
import { PHONE_NOT_PAKISTANI, toE164 } from "../phone.ts";
import { emailField, hasNul, optionalText, requiredText } from "./fields.ts";

/**
 * The shop's own details and content pages (docs/decisions/0066-shop-details-and-content-pages.md): what the
 * header, footer, contact page, mails and JSON-LD say about the shop, and the About, Terms and Privacy pages with
 * their returns, delivery and FAQ sections, edited in the back office.
 */

/** The social networks the footer links to, in the order it shows them, with the hosts each link may be on. */
export const SOCIAL_NETWORKS = {
  facebook: { label: "Facebook", hosts: ["facebook.com", "fb.com"] },
  instagram: { label: "Instagram", hosts: ["instagram.com"] },
  tiktok: { label: "TikTok", hosts: ["tiktok.com"] },
  x: { label: "X", hosts: ["x.com", "twitter.com"] },
  youtube: { label: "YouTube", hosts: ["youtube.com", "youtu.be"] },
  pinterest: { label: "Pinterest", hosts: ["pinterest.com"] },
} as const;
export type SocialNetwork = keyof typeof SOCIAL_NETWORKS;
export const SOCIAL_ORDER = Object.keys(SOCIAL_NETWORKS) as SocialNetwork[];

export const SHOP_DETAILS_LIMITS = {
  name: 80,
  tagline: 160,
  address: 200,
  city: 80,
  hoursLines: 7,
  hoursLine: 80,
};

/** What a shop that never saved its details shows: the texts the storefront had as constants. */
export const SHOP_DETAILS_DEFAULTS: ShopDetails = {
  name: "Bags & Threads",
  tagline: "Bags and clothing, delivered across Pakistan",
  phone: "+92 42 3500 0000",
  whatsapp: "",
  email: "hello@bagsandthreads.pk",
  address: "14 Main Boulevard, Gulberg III",
  city: "Lahore",
  opening_hours: ["Monday to Saturday, 10am to 7pm"],
  social: {
    facebook: "https://www.facebook.com/",
    instagram: "https://www.instagram.com/",
    tiktok: "",
    x: "https://x.com/",
    youtube: "https://www.youtube.com/",
    pinterest: "https://www.pinterest.com/",
  },
};

const pakistaniPhone = (label: string, required: boolean) =>
  (required ? requiredText(label, `The ${label} is required.`, 40) : optionalText(label, 40)).refine(
    (value) => value === "" || toE164(value) !== undefined,
    PHONE_NOT_PAKISTANI.replace(/^Phone/, label.charAt(0).toUpperCase() + label.slice(1)),
  );

/** An https address on the network's own site ("https://www.instagram.com/yourshop"), or "" for none. */
function socialLink(network: SocialNetwork) {
  const { label, hosts } = SOCIAL_NETWORKS[network];
  const message = `The ${label} link must be an https address on ${hosts[0]}, such as https://www.${hosts[0]}/yourshop.`;
  return optionalText(`${label} link`, 300).refine((value) => {
    if (value === "") return true;
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    const host = url.hostname.toLowerCase();
    return (
      url.protocol === "https:" &&
      url.username === "" &&
      url.password === "" &&
      hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`))
    );
  }, message);
}

const hoursMessage = `Give at most ${SHOP_DETAILS_LIMITS.hoursLines} lines of opening hours, each at most ${SHOP_DETAILS_LIMITS.hoursLine} characters.`;

export const shopDetailsSchema = z.object({
  name: requiredText("shop's name", "The shop's name is required.", SHOP_DETAILS_LIMITS.name),
  tagline: optionalText("tagline", SHOP_DETAILS_LIMITS.tagline),
  phone: pakistaniPhone("phone", true),
  whatsapp: pakistaniPhone("WhatsApp number", false).describe("A Pakistani number, or empty for none."),
  email: emailField({
    required: "The shop's email is required.",
    invalid: "The shop's email must be one email address, such as hello@yourshop.pk.",
  }),
  address: requiredText("address", "The address is required.", SHOP_DETAILS_LIMITS.address),
  city: requiredText("city", "The city is required.", SHOP_DETAILS_LIMITS.city),
  opening_hours: z
    .array(
      z
        .string({ error: hoursMessage })
        .trim()
        .max(SHOP_DETAILS_LIMITS.hoursLine, hoursMessage)
        .refine((line) => !hasNul(line), hoursMessage),
      { error: hoursMessage },
    )
    .max(SHOP_DETAILS_LIMITS.hoursLines, hoursMessage)
    .transform((lines) => lines.filter((line) => line !== ""))
    .describe('Free text lines, e.g. "Monday to Saturday, 10 am to 8 pm"; empty for none shown.'),
  social: z
    .object(
      Object.fromEntries(SOCIAL_ORDER.map((network) => [network, socialLink(network)])) as {
        [N in SocialNetwork]: ReturnType<typeof socialLink>;
      },
      { error: "The social links must be an object of https addresses." },
    )
    .describe("An https address on each network's own site, or empty for none."),
});
export type ShopDetails = z.output<typeof shopDetailsSchema>;

/** The phone as a tel: link ("tel:+924235000000"). */
export const telHref = (phone: string) => `tel:${toE164(phone) ?? phone.replace(/[^\d+]/g, "")}`;

/** The WhatsApp chat link of a number ("https://wa.me/923001234567"), or undefined for none. */
export const whatsappHref = (phone: string) => {
  const e164 = toE164(phone);
  return e164 ? `https://wa.me/${e164.slice(1)}` : undefined;
};

/** The address on one line, as the footer and mails show it. */
export const addressLine = (details: Pick<ShopDetails, "address" | "city">) =>
  `${details.address}, ${details.city}, Pakistan`;

/** The content pages, each with the storefront page it shows on (the spec's routes and the footer's targets). */
export const CONTENT_PAGES = {
  about: { label: "About", path: "/about" },
  terms: { label: "Terms and conditions", path: "/terms-and-conditions" },
  delivery: { label: "Delivery (a section of the terms)", path: "/terms-and-conditions" },
  privacy: { label: "Privacy policy", path: "/privacy-policy" },
  returns: { label: "Returns (a section of the privacy page)", path: "/privacy-policy" },
  faq: { label: "FAQs (a section of the privacy page)", path: "/privacy-policy" },
} as const;
export type PageSlug = keyof typeof CONTENT_PAGES;
export const PAGE_SLUGS = Object.keys(CONTENT_PAGES) as PageSlug[];
export const isPageSlug = (slug: string): slug is PageSlug => Object.hasOwn(CONTENT_PAGES, slug);

export const PAGE_LIMITS = { title: 120, body: 60_000, seoTitle: 70, seoDescription: 300 };

export const pageUpdateSchema = z.object({
  title: requiredText("title", "The title is required.", PAGE_LIMITS.title),
  body_html: requiredText("text", "The text is required.", PAGE_LIMITS.body).describe(
    "HTML: paragraphs, headings, lists, bold, italic, links and quotes are kept; everything else is removed.",
  ),
  seo_title: optionalText("search title", PAGE_LIMITS.seoTitle).describe(
    "The title search engines show; empty uses the page's title.",
  ),
  seo_description: optionalText("search description", PAGE_LIMITS.seoDescription).describe(
    "The description search engines show; empty leaves it to them.",
  ),
});
export type PageUpdate = z.output<typeof pageUpdateSchema>;

export const contentPageSchema = z.object({
  slug: z.enum(PAGE_SLUGS as [PageSlug, ...PageSlug[]]),
  path: z.string().describe("The storefront page it shows on."),
  title: z.string(),
  body_html: z.string().describe("Sanitised HTML."),
  seo_title: z.string(),
  seo_description: z.string(),
  updated_at: z.string().nullable().describe("When it was last saved; null while it shows the default text."),
  updated_by: z.string().nullable(),
});
export type ContentPage = z.output<typeof contentPageSchema>;

export const contentPageListSchema = z.object({ data: z.array(contentPageSchema) });

export const pagePreviewSchema = z.object({
  body_html: requiredText("text", "The text is required.", PAGE_LIMITS.body),
});
