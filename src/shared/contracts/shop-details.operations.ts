import { type Operation, WRITE_ERRORS } from "./contract.ts";
import {
  contentPageListSchema,
  contentPageSchema,
  pagePreviewSchema,
  pageUpdateSchema,
  shopDetailsSchema,
} from "./shop-details.ts";

/** The shop's details and content pages (decision 0066). Spread into `operations` (operations.ts). */
export const shopDetailsOperations = {
  getShopDetails: {
    method: "GET",
    path: "/shop",
    summary: "The shop's name, phone, email, address, opening hours and social links",
    tag: "Contact",
    auth: "none",
    status: 200,
    response: shopDetailsSchema,
    errors: [],
  },
  getContentPage: {
    method: "GET",
    path: "/pages/:slug",
    summary:
      "A content page (about, terms, privacy, returns, delivery, faq): its title, sanitised HTML and SEO fields",
    tag: "Contact",
    auth: "none",
    status: 200,
    response: contentPageSchema,
    errors: [404],
  },
} as const satisfies Record<string, Operation>;

export const adminShopDetailsOperations = {
  adminShopDetails: {
    method: "GET",
    path: "/admin/settings/shop",
    summary: "The shop's details as the storefront and mails show them; the defaults until first saved",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: shopDetailsSchema,
    errors: [401, 403],
  },
  adminUpdateShopDetails: {
    method: "PUT",
    path: "/admin/settings/shop",
    summary:
      "Replace the shop's details (owner; the storefront and mails follow at once on every instance; audited)",
    tag: "Admin",
    auth: "owner",
    body: shopDetailsSchema,
    status: 200,
    response: shopDetailsSchema,
    errors: [...WRITE_ERRORS, 403],
  },
  adminContentPages: {
    method: "GET",
    path: "/admin/pages",
    summary: "The content pages, each with where it shows and when it was last saved",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: contentPageListSchema,
    errors: [401, 403],
  },
  adminContentPage: {
    method: "GET",
    path: "/admin/pages/:slug",
    summary: "One content page as the editor shows it",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: contentPageSchema,
    errors: [401, 403, 404],
  },
  adminUpdateContentPage: {
    method: "PUT",
    path: "/admin/pages/:slug",
    summary: "Save a content page (staff; its HTML is sanitised; the storefront follows at once; audited)",
    tag: "Admin",
    auth: "staff",
    body: pageUpdateSchema,
    status: 200,
    response: contentPageSchema,
    errors: [...WRITE_ERRORS, 403, 404],
  },
  adminPreviewContentPage: {
    method: "POST",
    path: "/admin/pages/:slug/preview",
    summary:
      "A content page's text as it would be saved (sanitised), for the editor's preview; saves nothing",
    tag: "Admin",
    auth: "staff",
    body: pagePreviewSchema,
    status: 200,
    response: pagePreviewSchema,
    errors: [...WRITE_ERRORS, 403, 404],
  },
} as const satisfies Record<string, Operation>;
