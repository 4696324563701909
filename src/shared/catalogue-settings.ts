/**
 * The back office's catalogue settings (docs/decisions/0031-catalogue-settings.md): limits and the sentences the
 * API answers and the screens show. Zod-free, so the storefront can use it as it is.
 */

export const CATEGORY_NAME_MAX = 100;
export const CATEGORY_SLUG_MAX = 120;
export const COLOR_NAME_MAX = 50;
export const SIZE_NAME_MAX = 30;
export const TAG_NAME_MAX = 50;
export const SLIDER_TITLE_MAX = 150;
export const SLIDER_URL_MAX = 500;
/** How deep categories may nest (a top category is depth 0): menus stay readable on a phone. */
export const CATEGORY_DEPTH_MAX = 3;
/** The most rows a reorder may name (the whole list of siblings, sizes or slides). */
export const REORDER_MAX = 500;

/** A colour's swatch: `#rrggbb`, stored in lower case. */
export const SWATCH_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** "Used by 1 product" / "3 products". */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;

export const CATALOGUE_MESSAGES = {
  categoryNotFound: "No Category Found",
  colorNotFound: "No Colour Found",
  sizeNotFound: "No Size Found",
  tagNotFound: "No Tag Found",
  sliderNotFound: "No Slide Found",
  nameRequired: "The name field is required.",
  categoryNameTaken: (name: string) => `There is already a category named “${name}” here.`,
  colorNameTaken: (name: string) => `There is already a colour named “${name}”.`,
  sizeNameTaken: (name: string) => `There is already a size named “${name}”.`,
  tagNameTaken: (name: string) => `There is already a tag named “${name}”.`,
  slugTaken: "Another category already uses this slug.",
  slugFormat: "The slug may only contain lower-case letters, digits and single hyphens (like evening-bags).",
  parentMissing: "The category to put it under does not exist.",
  parentCycle: "A category cannot sit under itself or under one of its own subcategories.",
  tooDeep: `Categories can be nested at most ${CATEGORY_DEPTH_MAX} levels deep.`,
  swatchRequired: "The swatch field is required.",
  swatch: "The swatch must be a colour code like #1f2a44.",
  urlRequired: "The link field is required.",
  url: "The link must start with https://, http:// or / (a page of this shop).",
  date: "The date must look like 2026-12-01 09:00.",
  endsBeforeStart: "The end must be after the start.",
  imageRequired: "Choose a picture for the slide.",
  imageType: "The picture must be a JPEG, PNG or WebP image.",
  imageTooLarge: "The picture may be at most 10 MB.",
  imageTooSmall: "The picture must be at least 200 pixels wide and high.",
  orderMismatch: "The order must name each of the rows exactly once. Reload the page and try again.",
  categoryInUse: (products: number) =>
    `This category has ${plural(products, "product")}. Move ${products === 1 ? "it" : "them"} to another category first.`,
  categoryHasChildren: (children: number) =>
    `This category has ${plural(children, "subcategory", "subcategories")}. Move or delete ${children === 1 ? "it" : "them"} first.`,
  colorInUse: (variants: number, products: number) =>
    `This colour is used by ${plural(variants, "variant")} of ${plural(products, "product")}. Remove it from ${products === 1 ? "that product" : "those products"} first.`,
  sizeInUse: (variants: number, products: number) =>
    `This size is used by ${plural(variants, "variant")} of ${plural(products, "product")}. Remove it from ${products === 1 ? "that product" : "those products"} first.`,
  busy: "Other changes to the catalogue were being saved at the same moment. Please try again.",
} as const;
