import { z } from "zod";
import {
  authResultSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  updatePasswordSchema,
  updateProfileSchema,
  userSchema,
} from "./account.ts";
import {
  adminCustomerSchema,
  adminSessionSchema,
  adminUserSchema,
  auditPageSchema,
  auditQuerySchema,
  changeRoleSchema,
  confirmPasswordSchema,
  customerDetailSchema,
  customerOrdersQuerySchema,
  customerPageSchema,
  customersQuerySchema,
  dashboardSchema,
  invitedStaffSchema,
  inviteStaffSchema,
  staffListSchema,
} from "./admin.ts";
import { adminCatalogueOperations } from "./admin-catalogue.ts";
import {
  adminOrderListSchema,
  adminOrderQuerySchema,
  adminOrderSchema,
  updateOrderStatusSchema,
} from "./admin-orders.ts";
import {
  adminCreateProductSchema,
  adminDeleteProductSchema,
  adminImageOrderSchema,
  adminImageUpdateSchema,
  adminImageUploadSchema,
  adminProductListSchema,
  adminProductSchema,
  adminProductsQuerySchema,
  adminUpdateProductSchema,
  productImagesSchema,
} from "./admin-products.ts";
import {
  addToCartSchema,
  cartChangeSchema,
  cartSchema,
  removeFromCartSchema,
  updateCartSchema,
} from "./cart.ts";
import {
  categorySchema,
  filterColorSchema,
  filterSizeSchema,
  pageMetaSchema,
  productDetailSchema,
  productImageSchema,
  productListSchema,
  productQuerySchema,
  sizeOptionSchema,
  sliderSchema,
  tagSchema,
} from "./catalog.ts";
import { catalogueCsvSchema, catalogueImportReportSchema, catalogueImportSchema } from "./catalog-csv.ts";
import { checkoutSchema, orderSchema, placedOrderSchema } from "./checkout.ts";
import { contactFormSchema, contactMessageSchema } from "./contact.ts";
import { pageField } from "./fields.ts";
import {
  confirmSubscriptionSchema,
  subscriberCountsSchema,
  subscribersCsvSchema,
  subscribeSchema,
  subscriptionChangeSchema,
  unsubscribeSchema,
} from "./newsletter.ts";
import { guestOrderRequestSchema, orderLookupSchema } from "./orders.ts";
import {
  adminReviewPageSchema,
  adminReviewSchema,
  adminReviewsQuerySchema,
  moderateReviewSchema,
  myReviewSchema,
  reviewInputSchema,
  reviewListQuerySchema,
  reviewListSchema,
  reviewStandingSchema,
} from "./reviews.ts";
import { suggestionsQuerySchema, suggestionsSchema } from "./search.ts";
import {
  addToWishlistSchema,
  removeFromWishlistSchema,
  wishlistChangeSchema,
  wishlistIdsSchema,
  wishlistSchema,
} from "./wishlist.ts";

/**
 * The commerce API's contract: every operation with its path, input and answer. The API registers its routes
 * from this table (and validates with the same schemas), the OpenAPI document at /api/openapi.json is generated
 * from it, and the storefront's client is typed from it, so a changed endpoint breaks the client's build.
 */
/** The groups of operations, in the order the OpenAPI document lists them. */
export const OPERATION_TAGS = [
  "Catalogue",
  "Cart",
  "Wishlist",
  "Checkout",
  "Account",
  "Orders",
  "Reviews",
  "Contact",
  "Newsletter",
  "Admin",
] as const;
export type OperationTag = (typeof OPERATION_TAGS)[number];

export interface Operation {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** Relative to /api, Hono style: "/product/:slug". */
  path: `/${string}`;
  summary: string;
  tag: OperationTag;
  /**
   * "required": a bearer token must name a user; "optional": a token is used when sent. "staff" and "owner": the
   * back office (`/admin/...`): a bearer token or the storefront's session cookie must name an account with that
   * role (an owner may do what staff may); anonymous is a 401, anyone else a 403 (docs/decisions/0024).
   */
  auth: "none" | "optional" | "required" | "staff" | "owner";
  /** Whether the guest-cart cookie is read or set. */
  cartCookie?: boolean;
  /** Whether the guest-wishlist cookie is read or set. */
  wishlistCookie?: boolean;
  query?: z.ZodObject;
  /** Request headers the operation reads besides Cookie and Authorization (each optional); names as sent. */
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** How the body is sent: JSON unless "multipart" (multipart/form-data, e.g. a file upload). */
  bodyType?: "multipart";
  status: 200 | 201;
  response: z.ZodType;
  /**
   * The media type of a successful answer that is not JSON (a CSV download); its `response` is then `z.string()`
   * describing the content. Failures are JSON as everywhere.
   */
  produces?: "text/csv";
  /** The failure statuses this operation can answer, besides 500 and 503 (database unavailable). */
  errors: readonly ErrorStatus[];
}

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429;

/** Every failure: a message for people; a 422 adds each failing field's messages. */
export const errorSchema = z.object({
  message: z.string(),
  errors: z
    .record(z.string(), z.array(z.string()))
    .optional()
    .describe('For 422: field -> messages, nested fields joined with "." (e.g. "shipping_address.city").'),
});
export type ApiError = z.output<typeof errorSchema>;

export const messageSchema = z.object({ message: z.string() });

export const orderPageSchema = z.object({ data: z.array(orderSchema), meta: pageMetaSchema });

export const orderHistoryQuerySchema = z.object({ page: pageField() });

const WRITE_ERRORS = [400, 401, 422] as const;

/** `Idempotency-Key`: what a client sends to make a retried checkout safe (docs/decisions/0014). */
export const checkoutHeadersSchema = z.object({
  "Idempotency-Key": z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, "Idempotency-Key must be 1 to 255 visible ASCII characters.")
    .optional()
    .describe(
      "A key of the client's choosing (a UUID) for one checkout attempt. Sending the same request again with " +
        "the same key (same shopper) answers the first answer again and places no second order, also when " +
        "both arrive at once; the same key with a different body answers 422. Keys are kept 24 hours. A " +
        "refused attempt (409, 422) stores nothing, so its key may be used again.",
    ),
});

export const operations = {
  listSliders: {
    method: "GET",
    path: "/sliders",
    summary: "Home-page banner slides",
    tag: "Catalogue",
    auth: "none",
    status: 200,
    response: z.array(sliderSchema),
    errors: [],
  },
  listProducts: {
    method: "GET",
    path: "/products",
    summary: "One page of product cards, filtered and sorted",
    tag: "Catalogue",
    auth: "none",
    query: productQuerySchema,
    status: 200,
    response: productListSchema,
    errors: [422],
  },
  getProduct: {
    method: "GET",
    path: "/product/:slug",
    summary: "A product's detail",
    tag: "Catalogue",
    auth: "none",
    status: 200,
    response: productDetailSchema,
    errors: [404, 410],
  },
  listSizes: {
    method: "GET",
    path: "/product-sizes/:productId/:colorId/sizes",
    summary: "The size options (variants) of one colour of a product",
    tag: "Catalogue",
    auth: "none",
    status: 200,
    response: z.array(sizeOptionSchema),
    errors: [404],
  },
  listCategories: {
    method: "GET",
    path: "/categories",
    summary: "Categories",
    tag: "Catalogue",
    auth: "none",
    status: 200,
    response: z.array(categorySchema),
    errors: [],
  },
  listColors: {
    method: "GET",
    path: "/colors",
    summary: "Colours for the shop filter",
    tag: "Catalogue",
    auth: "none",
    status: 200,
    response: z.array(filterColorSchema),
    errors: [],
  },
  listSizeNames: {
    method: "GET",
    path: "/sizes",
    summary: "Sizes for the shop filter",
    tag: "Catalogue",
    auth: "none",
    status: 200,
    response: z.array(filterSizeSchema),
    errors: [],
  },
  listTags: {
    method: "GET",
    path: "/tags",
    summary: "Tags for the shop filter",
    tag: "Catalogue",
    auth: "none",
    status: 200,
    response: z.array(tagSchema),
    errors: [],
  },
  searchSuggestions: {
    method: "GET",
    path: "/search/suggestions",
    summary: "Search-as-you-type: the best product matches and matching categories for a typed text",
    tag: "Catalogue",
    auth: "none",
    query: suggestionsQuerySchema,
    status: 200,
    response: suggestionsSchema,
    errors: [422],
  },
  getCart: {
    method: "GET",
    path: "/cart",
    summary: "The caller's cart (the signed-in user's, or the guest cart its cookie names)",
    tag: "Cart",
    auth: "optional",
    cartCookie: true,
    status: 200,
    response: cartSchema,
    errors: [401],
  },
  addToCart: {
    method: "POST",
    path: "/cart/add",
    summary: "Add a variant to the cart (adds to the line's quantity when it is already there)",
    tag: "Cart",
    auth: "optional",
    cartCookie: true,
    body: addToCartSchema,
    status: 200,
    response: cartChangeSchema,
    errors: [...WRITE_ERRORS, 404, 409],
  },
  removeFromCart: {
    method: "POST",
    path: "/cart/remove",
    summary: "Remove a line from the cart",
    tag: "Cart",
    auth: "optional",
    cartCookie: true,
    body: removeFromCartSchema,
    status: 200,
    response: cartChangeSchema,
    errors: [...WRITE_ERRORS, 404],
  },
  clearCart: {
    method: "POST",
    path: "/cart/clear",
    summary: "Empty the cart",
    tag: "Cart",
    auth: "optional",
    cartCookie: true,
    status: 200,
    response: cartChangeSchema,
    errors: [401],
  },
  clearCartViaGet: {
    method: "GET",
    path: "/cart/clear",
    summary:
      "Empty the cart: the spec's GET form, kept for same-site pages and non-browser clients; refused (403) " +
      "when a browser sends it from another site (Sec-Fetch-Site: cross-site, or a foreign Origin). Prefer POST.",
    tag: "Cart",
    auth: "optional",
    cartCookie: true,
    status: 200,
    response: cartChangeSchema,
    errors: [401, 403],
  },
  updateCart: {
    method: "POST",
    path: "/update-cart",
    summary: "Set a cart line's quantity",
    tag: "Cart",
    auth: "optional",
    cartCookie: true,
    body: updateCartSchema,
    status: 200,
    response: cartChangeSchema,
    errors: [...WRITE_ERRORS, 404, 409],
  },
  getWishlist: {
    method: "GET",
    path: "/wishlist",
    summary:
      "The caller's wishlist (the signed-in user's, or the guest wishlist its cookie names), newest first, with " +
      "each product's price, stock and colour and size options",
    tag: "Wishlist",
    auth: "optional",
    wishlistCookie: true,
    status: 200,
    response: wishlistSchema,
    errors: [401],
  },
  getWishlistIds: {
    method: "GET",
    path: "/wishlist/ids",
    summary: "Which products the caller's wishlist holds (for a count and the hearts on product cards)",
    tag: "Wishlist",
    auth: "optional",
    wishlistCookie: true,
    status: 200,
    response: wishlistIdsSchema,
    errors: [401],
  },
  addToWishlist: {
    method: "POST",
    path: "/wishlist/add",
    summary:
      "Save a product (once; saving it again only updates its variant). Refused when the wishlist is full " +
      "(409) or when a browser sends it from another site (403)",
    tag: "Wishlist",
    auth: "optional",
    wishlistCookie: true,
    body: addToWishlistSchema,
    status: 200,
    response: wishlistChangeSchema,
    errors: [...WRITE_ERRORS, 403, 404, 409],
  },
  removeFromWishlist: {
    method: "POST",
    path: "/wishlist/remove",
    summary:
      "Remove a product (a product that is not there is not an error). Refused when a browser sends it from " +
      "another site (403)",
    tag: "Wishlist",
    auth: "optional",
    wishlistCookie: true,
    body: removeFromWishlistSchema,
    status: 200,
    response: wishlistChangeSchema,
    errors: [...WRITE_ERRORS, 403],
  },
  checkout: {
    method: "POST",
    path: "/checkout",
    summary: "Place an order for the caller's cart (prices, totals and stock are the server's)",
    tag: "Checkout",
    auth: "optional",
    cartCookie: true,
    headers: checkoutHeadersSchema,
    body: checkoutSchema,
    status: 201,
    response: placedOrderSchema,
    errors: [...WRITE_ERRORS, 409, 429],
  },
  register: {
    method: "POST",
    path: "/register",
    summary: "Create an account; the guest cart and wishlist move into it",
    tag: "Account",
    auth: "none",
    cartCookie: true,
    wishlistCookie: true,
    body: registerSchema,
    status: 201,
    response: authResultSchema,
    errors: [400, 422, 429],
  },
  login: {
    method: "POST",
    path: "/login",
    summary: "Sign in; the guest cart and wishlist merge into the account's",
    tag: "Account",
    auth: "none",
    cartCookie: true,
    wishlistCookie: true,
    body: loginSchema,
    status: 200,
    response: authResultSchema,
    errors: [400, 422, 429],
  },
  currentUser: {
    method: "GET",
    path: "/user",
    summary: "The signed-in user",
    tag: "Account",
    auth: "required",
    status: 200,
    response: userSchema,
    errors: [401],
  },
  updateProfile: {
    method: "POST",
    path: "/update-profile",
    summary: "Change the signed-in user's name, email and phone",
    tag: "Account",
    auth: "required",
    body: updateProfileSchema,
    status: 200,
    response: userSchema,
    errors: WRITE_ERRORS,
  },
  updatePassword: {
    method: "POST",
    path: "/password/update",
    summary: "Change the signed-in user's password (other sessions are signed out)",
    tag: "Account",
    auth: "required",
    body: updatePasswordSchema,
    status: 200,
    response: userSchema,
    errors: [...WRITE_ERRORS, 429],
  },
  requestPasswordReset: {
    method: "POST",
    path: "/password/forgot",
    summary:
      "Email a single-use link (valid one hour) to reset the account's password; the same answer whether or not the account exists",
    tag: "Account",
    auth: "none",
    body: forgotPasswordSchema,
    status: 200,
    response: messageSchema,
    errors: [400, 422, 429],
  },
  resetPassword: {
    method: "POST",
    path: "/password/reset",
    summary:
      "Set a new password with a reset link's token; signs in, signs out every other session and uses up the link",
    tag: "Account",
    auth: "none",
    cartCookie: true,
    wishlistCookie: true,
    body: resetPasswordSchema,
    status: 200,
    response: authResultSchema,
    errors: [400, 422, 429],
  },
  logout: {
    method: "POST",
    path: "/logout",
    summary: "Revoke the bearer token",
    tag: "Account",
    auth: "required",
    status: 200,
    response: messageSchema,
    errors: [401],
  },
  orderHistory: {
    method: "GET",
    path: "/orders",
    summary: "The signed-in user's orders, newest first",
    tag: "Orders",
    auth: "required",
    query: orderHistoryQuerySchema,
    status: 200,
    response: orderPageSchema,
    errors: [401, 422],
  },
  getOrder: {
    method: "GET",
    path: "/orders/:number",
    summary: "One of the signed-in user's orders, by its number",
    tag: "Orders",
    auth: "required",
    status: 200,
    response: orderSchema,
    errors: [401, 404],
  },
  getGuestOrder: {
    method: "POST",
    path: "/guest-order",
    summary:
      "An order read with the access token its checkout answered (a POST, so the token stays out of URLs and logs)",
    tag: "Orders",
    auth: "none",
    body: guestOrderRequestSchema,
    status: 200,
    response: orderSchema,
    errors: [400, 404, 422],
  },
  lookupOrder: {
    method: "POST",
    path: "/order-lookup",
    summary: "An order found by its number and the email it was placed with (rate-limited)",
    tag: "Orders",
    auth: "none",
    body: orderLookupSchema,
    status: 200,
    response: orderSchema,
    errors: [400, 404, 422, 429],
  },
  getContactForm: {
    method: "GET",
    path: "/contact/form",
    summary:
      "A fresh contact form token: send it back with the message (a message sent within seconds of it is taken for a robot's)",
    tag: "Contact",
    auth: "none",
    status: 200,
    response: contactFormSchema,
    errors: [],
  },
  sendContactMessage: {
    method: "POST",
    path: "/contact",
    summary:
      "Send a message to the shop: stored, mailed to the shop's inbox and acknowledged to the sender by email (rate-limited per client address and per email)",
    tag: "Contact",
    auth: "optional",
    body: contactMessageSchema,
    status: 201,
    response: messageSchema,
    errors: [400, 401, 422, 429],
  },
  subscribeNewsletter: {
    method: "POST",
    path: "/newsletter/subscribe",
    summary:
      "Sign an address up for the newsletter: a link to confirm it is mailed (at most one an hour); the same answer whether or not it was already subscribed",
    tag: "Newsletter",
    auth: "none",
    body: subscribeSchema,
    status: 200,
    response: messageSchema,
    errors: [400, 422, 429],
  },
  confirmNewsletter: {
    method: "POST",
    path: "/newsletter/confirm",
    summary:
      "Confirm a sign-up with the token of its emailed link (valid 7 days; confirming again answers the same)",
    tag: "Newsletter",
    auth: "none",
    body: confirmSubscriptionSchema,
    status: 200,
    response: subscriptionChangeSchema,
    errors: [400, 422],
  },
  unsubscribeNewsletter: {
    method: "POST",
    path: "/newsletter/unsubscribe",
    summary: "Take an address off the newsletter with the token of the unsubscribe link in its mail",
    tag: "Newsletter",
    auth: "none",
    body: unsubscribeSchema,
    status: 200,
    response: subscriptionChangeSchema,
    errors: [400, 422],
  },
  adminSession: {
    method: "GET",
    path: "/admin/session",
    summary: "The signed-in staff member or owner, with their role (the back office's guard)",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: adminSessionSchema,
    errors: [401, 403],
  },
  adminListProducts: {
    method: "GET",
    path: "/admin/products",
    summary:
      "Products of every status: search (title, category, colours, tags, description, or an exact SKU), filters, sorting, 25 a page",
    tag: "Admin",
    auth: "staff",
    query: adminProductsQuerySchema,
    status: 200,
    response: adminProductListSchema,
    errors: [401, 403, 422],
  },
  adminCreateProduct: {
    method: "POST",
    path: "/admin/products",
    summary: "Creates a product with its colour x size grid (a draft unless a status is given)",
    tag: "Admin",
    auth: "staff",
    body: adminCreateProductSchema,
    status: 201,
    response: adminProductSchema,
    errors: [...WRITE_ERRORS, 403, 409],
  },
  adminGetProduct: {
    method: "GET",
    path: "/admin/products/:id",
    summary: "A product as the back office edits it: fields, variants, photos, old slugs and latest changes",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: adminProductSchema,
    errors: [401, 403, 404],
  },
  adminUpdateProduct: {
    method: "PATCH",
    path: "/admin/products/:id",
    summary: "Changes a product; fields left out stay as they are, `variants` replaces the whole grid",
    tag: "Admin",
    auth: "staff",
    body: adminUpdateProductSchema,
    status: 200,
    response: adminProductSchema,
    errors: [...WRITE_ERRORS, 403, 404, 409],
  },
  adminDeleteProduct: {
    method: "DELETE",
    path: "/admin/products/:id",
    summary: "Deletes a product nobody ordered; archives one that has orders (`outcome` says which)",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: adminDeleteProductSchema,
    errors: [401, 403, 404],
  },
  adminUploadProductImage: {
    method: "POST",
    path: "/admin/products/:id/images",
    summary:
      "Uploads a photo (multipart/form-data, at most 10 MB, JPEG, PNG or WebP by content) at the end of the product's photos",
    tag: "Admin",
    auth: "staff",
    body: adminImageUploadSchema,
    bodyType: "multipart",
    status: 201,
    response: productImageSchema,
    errors: [...WRITE_ERRORS, 403, 404, 413, 415],
  },
  adminReorderProductImages: {
    method: "PUT",
    path: "/admin/products/:id/images/order",
    summary:
      "Puts the product's photos in a new order (the first two are the listing's card and hover pictures)",
    tag: "Admin",
    auth: "staff",
    body: adminImageOrderSchema,
    status: 200,
    response: productImagesSchema,
    errors: [...WRITE_ERRORS, 403, 404],
  },
  adminUpdateProductImage: {
    method: "PATCH",
    path: "/admin/products/:id/images/:imageId",
    summary: "Changes a photo's alt text or colour",
    tag: "Admin",
    auth: "staff",
    body: adminImageUpdateSchema,
    status: 200,
    response: productImageSchema,
    errors: [...WRITE_ERRORS, 403, 404],
  },
  adminDeleteProductImage: {
    method: "DELETE",
    path: "/admin/products/:id/images/:imageId",
    summary: "Removes a photo (and an uploaded photo's files)",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: messageSchema,
    errors: [401, 403, 404],
  },
  adminImportCatalogue: {
    method: "POST",
    path: "/admin/catalogue/import",
    summary:
      "Imports a catalogue CSV (multipart/form-data, at most 10 MB): products created, updated or left as they " +
      "are by Handle and SKU, in batches; answers the report with every refused row's reason. `dry_run` checks " +
      "without saving",
    tag: "Admin",
    auth: "staff",
    body: catalogueImportSchema,
    bodyType: "multipart",
    status: 200,
    response: catalogueImportReportSchema,
    errors: [...WRITE_ERRORS, 403, 413, 415],
  },
  adminExportCatalogue: {
    method: "GET",
    path: "/admin/catalogue/export.csv",
    summary: "The whole catalogue (every status) as a CSV download that imports back as it is",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: catalogueCsvSchema,
    produces: "text/csv",
    errors: [401, 403],
  },
  listProductReviews: {
    method: "GET",
    path: "/product/:slug/reviews",
    summary: "A product's approved reviews, newest first, with their average rating and count",
    tag: "Reviews",
    auth: "none",
    query: reviewListQuerySchema,
    status: 200,
    response: reviewListSchema,
    errors: [404, 422],
  },
  myProductReview: {
    method: "GET",
    path: "/product/:slug/reviews/mine",
    summary:
      "Whether the signed-in shopper may review the product (a delivered order holds it), and their review of it",
    tag: "Reviews",
    auth: "required",
    status: 200,
    response: reviewStandingSchema,
    errors: [401, 404],
  },
  createProductReview: {
    method: "POST",
    path: "/product/:slug/reviews",
    summary:
      "Review a product the shopper has received (once per product; it waits for the shop's approval). " +
      "403 without a delivered order holding it, 409 when the shopper has reviewed it already (edit instead)",
    tag: "Reviews",
    auth: "required",
    body: reviewInputSchema,
    status: 201,
    response: myReviewSchema,
    errors: [...WRITE_ERRORS, 403, 404, 409, 429],
  },
  updateProductReview: {
    method: "PUT",
    path: "/product/:slug/reviews/mine",
    summary:
      "Change the shopper's review of a product; a changed review goes back to the shop for approval and " +
      "leaves the product's average until it is approved again",
    tag: "Reviews",
    auth: "required",
    body: reviewInputSchema,
    status: 200,
    response: myReviewSchema,
    errors: [...WRITE_ERRORS, 404, 429],
  },
  listAdminReviews: {
    method: "GET",
    path: "/admin/reviews",
    summary: "The reviews moderation queue: reviews in one status (pending unless asked), oldest first",
    tag: "Admin",
    auth: "staff",
    query: adminReviewsQuerySchema,
    status: 200,
    response: adminReviewPageSchema,
    errors: [401, 403, 422],
  },
  moderateReview: {
    method: "PATCH",
    path: "/admin/reviews/:id",
    summary:
      "Approve a review (it shows on the product page and counts in its average) or hide it; audit-logged, " +
      "the product's average and count change in the same transaction",
    tag: "Admin",
    auth: "staff",
    body: moderateReviewSchema,
    status: 200,
    response: adminReviewSchema,
    errors: [400, 401, 403, 404, 422],
  },
  newsletterSubscriberCounts: {
    method: "GET",
    path: "/admin/newsletter",
    summary: "How many newsletter sign-ups are confirmed, waiting for confirmation and unsubscribed",
    tag: "Admin",
    auth: "owner",
    status: 200,
    response: subscriberCountsSchema,
    errors: [401, 403],
  },
  exportNewsletterSubscribers: {
    method: "GET",
    path: "/admin/newsletter/subscribers.csv",
    summary:
      "The confirmed newsletter subscribers as a CSV download (each export is written to the audit log)",
    tag: "Admin",
    auth: "owner",
    status: 200,
    response: subscribersCsvSchema,
    produces: "text/csv",
    errors: [401, 403],
  },
  adminDashboard: {
    method: "GET",
    path: "/admin/dashboard",
    summary:
      "Sales and orders today, 7 and 30 days; daily sales; orders waiting by status; low-stock variants",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: dashboardSchema,
    errors: [401, 403],
  },
  adminCustomers: {
    method: "GET",
    path: "/admin/customers",
    summary: "Customer accounts, newest first, found by name, email or phone (20 a page)",
    tag: "Admin",
    auth: "staff",
    query: customersQuerySchema,
    status: 200,
    response: customerPageSchema,
    errors: [401, 403, 422],
  },
  adminCustomer: {
    method: "GET",
    path: "/admin/customers/:id",
    summary: "A customer account with its orders (newest first, 20 a page)",
    tag: "Admin",
    auth: "staff",
    query: customerOrdersQuerySchema,
    status: 200,
    response: customerDetailSchema,
    errors: [401, 403, 404, 422],
  },
  adminDisableCustomer: {
    method: "POST",
    path: "/admin/customers/:id/disable",
    summary:
      "Disable a customer account: it is signed out everywhere and cannot sign in (asks for your password again; audited)",
    tag: "Admin",
    auth: "staff",
    body: confirmPasswordSchema,
    status: 200,
    response: adminCustomerSchema,
    errors: [400, 401, 403, 404, 422, 429],
  },
  adminEnableCustomer: {
    method: "POST",
    path: "/admin/customers/:id/enable",
    summary: "Enable a disabled customer account again (asks for your password again; audited)",
    tag: "Admin",
    auth: "staff",
    body: confirmPasswordSchema,
    status: 200,
    response: adminCustomerSchema,
    errors: [400, 401, 403, 404, 422, 429],
  },
  adminStaff: {
    method: "GET",
    path: "/admin/staff",
    summary: "The shop's owners and staff (owner only)",
    tag: "Admin",
    auth: "owner",
    status: 200,
    response: staffListSchema,
    errors: [401, 403],
  },
  adminInviteStaff: {
    method: "POST",
    path: "/admin/staff",
    summary:
      "Add someone to the staff: a new account with a password, or an existing customer promoted (owner only; asks for your password again; audited)",
    tag: "Admin",
    auth: "owner",
    body: inviteStaffSchema,
    status: 201,
    response: invitedStaffSchema,
    errors: [400, 401, 403, 409, 422, 429],
  },
  adminChangeRole: {
    method: "PATCH",
    path: "/admin/staff/:id",
    summary:
      "Change a staff member's or owner's role; the last owner stays owner (owner only; asks for your password again; audited)",
    tag: "Admin",
    auth: "owner",
    body: changeRoleSchema,
    status: 200,
    response: adminUserSchema,
    errors: [400, 401, 403, 404, 409, 422, 429],
  },
  adminRemoveStaff: {
    method: "DELETE",
    path: "/admin/staff/:id",
    summary:
      "Take someone off the staff: the account stays, as a customer's; the last owner stays (owner only; asks for your password again; audited)",
    tag: "Admin",
    auth: "owner",
    body: confirmPasswordSchema,
    status: 200,
    response: adminUserSchema,
    errors: [400, 401, 403, 404, 409, 422, 429],
  },
  adminAudit: {
    method: "GET",
    path: "/admin/audit",
    summary:
      "The audit log, newest first (50 a page): who changed what and when, before and after; by record and by who",
    tag: "Admin",
    auth: "staff",
    query: auditQuerySchema,
    status: 200,
    response: auditPageSchema,
    errors: [401, 403, 422],
  },
  adminListOrders: {
    method: "GET",
    path: "/admin/orders",
    summary:
      "The shop's orders, newest first: by status, by day placed (from/to) and by search (number, email or phone)",
    tag: "Admin",
    auth: "staff",
    query: adminOrderQuerySchema,
    status: 200,
    response: adminOrderListSchema,
    errors: [401, 403, 422],
  },
  adminGetOrder: {
    method: "GET",
    path: "/admin/orders/:number",
    summary: "One order by its number: lines, totals, address, the customer's account and the status history",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: adminOrderSchema,
    errors: [401, 403, 404],
  },
  adminUpdateOrder: {
    method: "PATCH",
    path: "/admin/orders/:number",
    summary:
      "Move an order on: pending → processing → shipped → delivered, or cancelled while pending or processing " +
      "(its stock goes back). The customer is emailed; the change is kept in the order's history and the audit " +
      "log. Any other change answers 422 saying why.",
    tag: "Admin",
    auth: "staff",
    body: updateOrderStatusSchema,
    status: 200,
    response: adminOrderSchema,
    errors: [400, 401, 403, 404, 422],
  },
  ...adminCatalogueOperations,
} as const satisfies Record<string, Operation>;

export type Operations = typeof operations;
export type OperationId = keyof Operations;

/** ":slug" in "/product/:slug" becomes { slug: string }. */
export type PathParams<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

/** The successful answer's body of an operation. */
export type Answer<Id extends OperationId> = z.output<Operations[Id]["response"]>;
