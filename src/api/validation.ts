import type { Context } from "hono";
import type { z } from "zod";
import { BadRequest, type FieldErrors, ValidationFailed } from "./errors.ts";

const MAX_BODY_BYTES = 64 * 1024;

/** Reads a JSON body and validates it; bad JSON is a 400, failed rules a 422 in the standard shape. */
export async function readJson<Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
): Promise<z.output<Schema>> {
  const text = await c.req.text().catch(() => "");
  if (text.length > MAX_BODY_BYTES) throw new BadRequest("The request body is too large.");
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
