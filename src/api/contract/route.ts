import type { Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { MAX_ID } from "../../shared/contracts/fields.ts";
import type { Operation, PathParams } from "../../shared/contracts/operations.ts";
import type { Identity } from "../account/auth.ts";
import { requireRole } from "../admin/admin-auth.ts";
import type { ApiContext, ApiEnv } from "../api-env.ts";
import { NotFound } from "../errors.ts";
import { readHeaders, readJson, readMultipart, readQuery } from "../validation.ts";

type Input<Op extends Operation> = {
  /** The signed-in staff member or owner, for the back office's operations (auth "staff" or "owner"). */
  actor: Op["auth"] extends "staff" | "owner" ? Identity : undefined;
  params: PathParams<Op["path"]>;
  query: Op["query"] extends z.ZodType ? z.output<Op["query"]> : undefined;
  headers: Op["headers"] extends z.ZodType ? z.output<Op["headers"]> : undefined;
  body: Op["body"] extends z.ZodType ? z.output<Op["body"]> : undefined;
};

/**
 * A CSV may also be answered as it is made (chunks of text), so a large one is never whole in memory; a PDF is
 * answered as its bytes.
 */
type Answer<Op extends Operation> =
  | z.input<Op["response"]>
  | (Op["produces"] extends "application/pdf" ? Uint8Array : never)
  | (Op["produces"] extends "text/csv" ? AsyncIterable<string> : never);

type Handler<Op extends Operation> = (c: ApiContext, input: Input<Op>) => Promise<Answer<Op>>;

/**
 * Registers one operation of the contract (`shared/contracts/operations.ts`) on a router: the path and method
 * come from the contract, a back-office operation's role is checked first (401 or 403, `admin/admin-auth.ts`), the
 * query, headers and body are validated with its schemas before the handler runs (a 400, 415 or 422 otherwise; a
 * path parameter with a NUL byte is a 404), and the handler's answer must have the contract's shape (checked by
 * the compiler): JSON, or the text of the contract's `produces` media type (a CSV).
 */
export function route<Op extends Operation>(router: Hono<ApiEnv>, operation: Op, handler: Handler<Op>): void {
  router.on(operation.method, operation.path, async (c) => {
    const actor =
      operation.auth === "staff" || operation.auth === "owner"
        ? await requireRole(c, operation.auth, { beforeSecondFactor: operation.beforeSecondFactor === true })
        : undefined;
    const params: Record<string, string> = c.req.param();
    // No slug, id or order number holds a NUL byte, and PostgreSQL cannot even compare text with one.
    if (Object.values(params).some((value) => value.includes("\u0000"))) throw new NotFound("Not found.");
    const input = {
      actor,
      params: params as PathParams<Op["path"]>,
      query: operation.query ? readQuery(c, operation.query) : undefined,
      headers: operation.headers ? readHeaders(c, operation.headers) : undefined,
      body: !operation.body
        ? undefined
        : operation.bodyType === "multipart"
          ? await readMultipart(c, operation.body)
          : await readJson(c, operation.body),
    } as Input<Op>;
    const answer = await handler(c, input);
    if (answer instanceof Uint8Array) {
      return c.body(answer as Uint8Array<ArrayBuffer>, operation.status as ContentfulStatusCode, {
        "Content-Type": operation.produces ?? "application/octet-stream",
      });
    }
    if (operation.produces) {
      const body = typeof answer === "string" ? answer : streamOf(answer as AsyncIterable<string>);
      return c.body(body, operation.status as ContentfulStatusCode, {
        "Content-Type": `${operation.produces}; charset=utf-8`,
      });
    }
    return c.json(answer as object, operation.status as ContentfulStatusCode);
  });
}

function streamOf(chunks: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = chunks[Symbol.asyncIterator]();
  return new ReadableStream({
    async pull(controller) {
      const { value, done } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** A row's id from the address (`/admin/coupons/:id`); anything else is a row that does not exist (`notFound`). */
export function pathId(text: string, notFound: string): number {
  const id = Number(text);
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw new NotFound(notFound);
  return id;
}
