import { Hono } from "hono";
import { INBOX_MESSAGES } from "../../../shared/contracts/inbox.ts";
import { operations } from "../../../shared/contracts/operations.ts";
import type { ApiEnv } from "../../api-env.ts";
import { pathId, route } from "../../contract/route.ts";
import { auditActor } from "../audit.ts";
import type { InboxService } from "./inbox.service.ts";

/** The contact inbox (`/api/admin/messages...`). */
export function inboxRoutes(inbox: InboxService): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();
  const id = (text: string) => pathId(text, INBOX_MESSAGES.notFound);

  route(routes, operations.adminMessages, (_c, { query }) => inbox.list(query.status, query.page));
  route(routes, operations.adminMessage, (_c, { params }) => inbox.get(id(params.id)));
  route(routes, operations.adminReplyToMessage, (_c, { actor, params, body }) =>
    inbox.reply(auditActor(actor), id(params.id), body),
  );
  route(routes, operations.adminSetMessageStatus, (_c, { actor, params, body }) =>
    inbox.setStatus(auditActor(actor), id(params.id), body),
  );
  return routes;
}
