import { z } from "zod";
import {
  errorSchema,
  OPERATION_TAGS,
  type Operation,
  operations,
} from "../../shared/contracts/operations.ts";
import { SESSION_COOKIE } from "../../shared/cookies.server.ts";

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "The request is malformed (bad JSON, not an object).",
  401: "No valid bearer token (a token that expired or was revoked also answers 401: sign out; so does a staff or owner session idle for longer than the back office allows, and a disabled account).",
  403: "Refused: a change (a wishlist change, say, or a state-changing GET) sent by a browser from another site, a back-office operation for an account without the role it needs, a back-office write sent with the session cookie from another site, or a review of a product the caller has not received.",
  404: "Not found.",
  409: "The request conflicts with the shop's state (e.g. not enough stock).",
  410: "Gone for good: the product was withdrawn from sale (archived).",
  413: "The request body is over 1 MB (an image upload: over its own limit).",
  415: "The request body is not JSON (send Content-Type: application/json), or for an upload not multipart/form-data.",
  422: "Validation failed: `errors` names each failing field.",
  429: "Too many attempts (or orders) in a while; `Retry-After` says when to try again.",
  500: "Something went wrong on the server; the body never holds internals.",
  502: "A payment provider refused or did not answer; the message says which and what to do.",
  503: "The database cannot answer now (down, restarting, or a lock or statement timeout); `Retry-After` says when to try again.",
};

type JsonSchema = Record<string, unknown>;

/**
 * A schema as JSON Schema, described by the value it yields: inputs are accepted leniently (numbers as strings,
 * blanks as absent), which JSON Schema can only say by the result, with its required fields and bounds.
 */
function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io: "output",
    unrepresentable: "any",
  }) as JsonSchema;
  return rest;
}

function queryParameters(query: z.ZodObject): object[] {
  return Object.entries(query.shape).map(([name, schema]) => ({
    name,
    in: "query",
    required: false,
    schema: jsonSchema(schema as z.ZodType),
  }));
}

function headerParameters(headers: z.ZodObject): object[] {
  return Object.entries(headers.shape).map(([name, schema]) => {
    const { description, ...rest } = jsonSchema(schema as z.ZodType);
    return {
      name,
      in: "header",
      required: !(schema as z.ZodType).safeParse(undefined).success,
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

function pathParameters(path: string): object[] {
  return [...path.matchAll(/:(\w+)/g)].map((match) => ({
    name: match[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
}

function operationObject(id: string, operation: Operation): object {
  const json = (schema: z.ZodType) => ({ "application/json": { schema: jsonSchema(schema) } });
  const success = operation.produces
    ? { [operation.produces]: { schema: jsonSchema(operation.response) } }
    : json(operation.response);
  const responses: Record<string, object> = {
    [operation.status]:
      operation.status === 303
        ? { description: operation.summary, headers: { Location: { schema: { type: "string" } } } }
        : { description: operation.summary, content: success },
  };
  // Any request may be too large; one with a body may also be of the wrong type.
  const always = operation.body ? [413, 415, 500, 503] : [413, 500, 503];
  for (const status of [...operation.errors, ...always]) {
    responses[status] = { description: ERROR_DESCRIPTIONS[status], content: json(errorSchema) };
  }
  const parameters = [
    ...pathParameters(operation.path),
    ...(operation.query ? queryParameters(operation.query) : []),
    ...(operation.headers ? headerParameters(operation.headers) : []),
  ];
  return {
    operationId: id,
    summary: operation.summary,
    tags: [operation.tag],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            content:
              operation.bodyType === "multipart"
                ? { "multipart/form-data": { schema: jsonSchema(operation.body) } }
                : json(operation.body),
          },
        }
      : {}),
    ...(operation.auth === "required" ? { security: [{ bearer: [] }] } : {}),
    ...(operation.auth === "optional" ? { security: [{}, { bearer: [] }] } : {}),
    ...(operation.auth === "staff" || operation.auth === "owner"
      ? {
          description: `${
            operation.auth === "owner"
              ? "Owner only: a staff account answers 403."
              : "Staff and owners; a customer account answers 403."
          } ${
            operation.beforeSecondFactor
              ? "Open to a session that still owes its two-factor code (or a set-up the owner requires)."
              : "A session that still owes its two-factor code, or a set-up the owner requires, answers 403."
          }`,
          security: [{ bearer: [] }, { session: [] }],
        }
      : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of the commerce API, generated from the contract table. */
export function openApiDocument(serverUrl: string): object {
  const paths: Record<string, Record<string, object>> = {};
  for (const [id, operation] of Object.entries(operations) as [string, Operation][]) {
    const path = `/api${operation.path.replace(/:(\w+)/g, "{$1}")}`;
    paths[path] ??= {};
    paths[path][operation.method.toLowerCase()] = operationObject(id, operation);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Bags & Threads commerce API",
      version: "1.0.0",
      description:
        "Catalogue, cart, wishlist, checkout, account, orders, reviews, contact and newsletter. Money is in rupees " +
        "with at most 2 decimals. Guests are recognised by the httpOnly `cart_key` (cart) and `wishlist_key` " +
        "(wishlist) cookies; signed-in callers send `Authorization: Bearer <token>`.",
    },
    servers: [{ url: serverUrl }],
    tags: OPERATION_TAGS.map((name) => ({ name })),
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer" },
        session: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE.name,
          description:
            "The storefront's signed session cookie; accepted by the back office (`/api/admin/...`) only, and there " +
            "a write must come from the shop's own origin.",
        },
      },
    },
    paths,
  };
}
