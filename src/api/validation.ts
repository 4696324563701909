import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { z } from "zod";
import { CATALOG_CSV_BODY_MAX_BYTES, CATALOG_CSV_MESSAGES } from "../shared/catalogue-csv.ts";
import { PAYMENT_REPORT_BODY_MAX_BYTES, PAYMENT_REPORT_MESSAGES } from "../shared/cod-collections.ts";
import { MAX_ID } from "../shared/contracts/fields.ts";
import { IMAGE_UPLOAD_BODY_MAX_BYTES, IMAGE_UPLOAD_MAX_BYTES } from "../shared/product-admin.ts";
import { RETURN_BODY_MAX_BYTES, RETURN_PHOTO_MAX_BYTES, RETURN_PHOTOS_MAX } from "../shared/returns.ts";
import { BadRequest, type FieldErrors, NotFound, UnsupportedMediaType, ValidationFailed } from "./errors.ts";

/** The largest request body the shop reads (API and storefront forms alike); larger ones answer 413. */
export const MAX_BODY_BYTES = 1024 * 1024;
export const BODY_TOO_LARGE = "The request body is too large (at most 1 MB).";

/**
 * Refuses a body over MAX_BODY_BYTES with 413 before anything parses it: at once when Content-Length says so,
 * otherwise as soon as the streamed body passes the limit (the rest is never read). The operations that take a
 * file (`bodyType: "multipart"` in the contract) get their own limit, and only they: a photo's, a catalogue
 * CSV's, or a courier's payment report's.
 */
export function limitBody(uploads: readonly { method: string; path: string }[] = []): MiddlewareHandler {
  const standard = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ message: BODY_TOO_LARGE }, 413),
  });
  const photo = bodyLimit({
    maxSize: IMAGE_UPLOAD_BODY_MAX_BYTES,
    onError: (c) => c.json({ message: UPLOAD_TOO_LARGE }, 413),
  });
  const catalogueCsv = bodyLimit({
    maxSize: CATALOG_CSV_BODY_MAX_BYTES,
    onError: (c) => c.json({ message: CATALOG_CSV_MESSAGES.tooLarge }, 413),
  });
  const paymentReport = bodyLimit({
    maxSize: PAYMENT_REPORT_BODY_MAX_BYTES,
    onError: (c) => c.json({ message: PAYMENT_REPORT_MESSAGES.tooLarge }, 413),
  });
  const returnRequest = bodyLimit({
    maxSize: RETURN_BODY_MAX_BYTES,
    onError: (c) => c.json({ message: RETURN_TOO_LARGE }, 413),
  });
  const limitFor = (path: string) =>
    path.startsWith("/admin/catalogue/")
      ? catalogueCsv
      : path.startsWith("/admin/cod-collections/")
        ? paymentReport
        : path.endsWith("/returns")
          ? returnRequest
          : photo;
  // "/admin/products/:id/images" -> /^\/api\/admin\/products\/[^/]+\/images$/
  const routes = uploads.map(({ method, path }) => ({
    method,
    pattern: new RegExp(`^/api${path.replace(/:\w+/g, "[^/]+")}$`),
    limit: limitFor(path),
  }));
  return (c, next) => {
    if (bodiless(c.req.method)) return next();
    const upload = routes.find((route) => route.method === c.req.method && route.pattern.test(c.req.path));
    return (upload?.limit ?? standard)(c, next);
  };
}

/**
 * GET and HEAD requests have no body (the Fetch standard gives them none). Asking for one anyway costs a request
 * made in full from Node's (@hono/node-server builds its Request lazily): about 5% of a listing's answer.
 */
export function bodiless(method: string): boolean {
  return method === "GET" || method === "HEAD";
}

export const RETURN_TOO_LARGE = `The request is too large: send at most ${RETURN_PHOTOS_MAX} photos of ${RETURN_PHOTO_MAX_BYTES / 1024 / 1024} MB each.`;

export const UPLOAD_TOO_LARGE = `The request body is too large (a photo may be at most ${IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024} MB).`;

/** `application/json`, or a `+json` type, with any parameters. */
const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/**
 * Reads a JSON body and validates it; a non-empty body sent as another type is a 415, bad JSON a 400, failed
 * rules a 422 in the standard shape. An empty body counts as `{}`.
 */
export async function readJson<Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
): Promise<z.output<Schema>> {
  const text = await c.req.text().catch(() => "");
  if (text.trim() !== "" && !JSON_TYPE.test(c.req.header("content-type") ?? "")) {
    throw new UnsupportedMediaType("The request body must be JSON (Content-Type: application/json).");
  }
  let body: unknown = {};
  if (text.trim() !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      throw new BadRequest("The request body must be valid JSON.");
    }
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new BadRequest("The request body must be a JSON object.");
  }
  return validate(schema, body);
}

const MULTIPART_TYPE = /^multipart\/form-data\s*;/i;

/**
 * Reads a multipart/form-data body (a file upload) and validates it: files arrive as `File`s, other fields as
 * text. Another content type is a 415, a body that cannot be read as a form a 400, failed rules a 422.
 */
export async function readMultipart<Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
): Promise<z.output<Schema>> {
  if (!MULTIPART_TYPE.test(c.req.header("content-type") ?? "")) {
    throw new UnsupportedMediaType("The request body must be multipart/form-data.");
  }
  let body: Record<string, unknown>;
  try {
    // A field sent more than once (several photos) arrives as a list.
    body = await c.req.parseBody({ all: true });
  } catch {
    throw new BadRequest("The request body could not be read as multipart/form-data.");
  }
  return validate(schema, body);
}

/** Validates the query string against a schema (every value arrives as a string). */
export function readQuery<Schema extends z.ZodType>(c: Context, schema: Schema): z.output<Schema> {
  return validate(schema, c.req.query());
}

/** Validates the headers a schema names (an empty header counts as absent). */
export function readHeaders<Schema extends z.ZodObject>(c: Context, schema: Schema): z.output<Schema> {
  const headers: Record<string, string> = {};
  for (const name of Object.keys(schema.shape)) {
    const value = c.req.header(name);
    if (value !== undefined && value !== "") headers[name] = value;
  }
  return validate(schema, headers);
}

export function validate<Schema extends z.ZodType>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new ValidationFailed(fieldErrors(result.error));
}

export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join(".") : "body";
    const list = errors[field] ?? [];
    errors[field] = list;
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return errors;
}

/** A row id from the path: a positive whole number that fits PostgreSQL's integer, else nothing is there (404). */
export function idParam(value: string, message: string): number {
  if (!/^[1-9]\d{0,9}$/.test(value) || Number(value) > MAX_ID) throw new NotFound(message);
  return Number(value);
}
