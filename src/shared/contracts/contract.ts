import { z } from "zod";

/**
 * What one row of the commerce API's contract is, and what the features' rows share: the tags, the error and
 * message answers. The table itself is put together in operations.ts from each feature's `*.operations.ts`.
 */
/** The groups of operations, in the order the OpenAPI document lists them. */
export const OPERATION_TAGS = [
  "Catalogue",
  "Cart",
  "Wishlist",
  "Checkout",
  "Account",
  "Orders",
  "Payments",
  "Reviews",
  "Contact",
  "Newsletter",
  "Blog",
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
  /**
   * For "staff" and "owner": the operation is also open to a session whose second factor is still due (a code to
   * enter, or a set-up the owner requires; docs/decisions/0039). Every other back-office operation refuses it.
   */
  beforeSecondFactor?: true;
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
  /** 303: a browser navigation the API answers with a redirect (a payment provider's return). */
  status: 200 | 201 | 303;
  response: z.ZodType;
  /**
   * The media type of a successful answer that is not JSON (a CSV download, a PDF); its `response` is then
   * `z.string()` describing the content. Failures are JSON as everywhere.
   */
  produces?: "text/csv" | "application/pdf";
  /** The failure statuses this operation can answer, besides 500 and 503 (database unavailable). */
  errors: readonly ErrorStatus[];
}

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502;

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

/** The failures every write may answer: a malformed body, no valid bearer token, a failed validation. */
export const WRITE_ERRORS = [400, 401, 422] as const;
