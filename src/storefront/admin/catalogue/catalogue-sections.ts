/** The catalogue screens' sections (/admin/catalogue/<section>), in the overview's order. */
export const CATALOGUE_SECTIONS = [
  {
    slug: "categories",
    label: "Categories",
    lead: "Nested and ordered: the shop's menu and /shop/<slug> pages.",
  },
  { slug: "colours", label: "Colours", lead: "A name and a swatch for each colour a product comes in." },
  { slug: "sizes", label: "Sizes", lead: "The order sizes are offered in on every product." },
  { slug: "tags", label: "Tags", lead: "Words shoppers filter the shop by." },
  {
    slug: "sliders",
    label: "Home slides",
    lead: "The home page's banner: pictures, links, order and dates.",
  },
] as const;

export type CatalogueSection = (typeof CATALOGUE_SECTIONS)[number]["slug"];

export function isCatalogueSection(value: string | undefined): value is CatalogueSection {
  return CATALOGUE_SECTIONS.some((section) => section.slug === value);
}

/** What the page says after a change (the action redirects to `?done=<intent>`). */
export const DONE_NOTICES: Record<string, string> = {
  create: "Added.",
  update: "Saved.",
  delete: "Deleted.",
  move: "Moved.",
};

/** A failed form: which one (intent and row), the API's sentence, each field's first message, what was typed. */
export interface CatalogueFailure {
  intent: string;
  id: string;
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
}
