import { Hono } from "hono";
import { ISSUE_MESSAGES } from "../../../shared/contracts/newsletter-issues.ts";
import { operations } from "../../../shared/contracts/operations.ts";
import type { ApiEnv } from "../../api-env.ts";
import { pathId, route } from "../../contract/route.ts";
import { auditActor } from "../audit.ts";
import type { NewsletterIssuesService } from "./newsletter-issues.service.ts";

/** Newsletter issues (`/api/admin/newsletter/issues...`). */
export function newsletterIssuesRoutes(issues: NewsletterIssuesService): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();
  const id = (text: string) => pathId(text, ISSUE_MESSAGES.notFound);

  route(routes, operations.adminNewsletterIssues, (_c, { query }) => issues.list(query.page));
  route(routes, operations.adminCreateNewsletterIssue, (_c, { actor, body }) =>
    issues.create(auditActor(actor), body),
  );
  route(routes, operations.adminNewsletterIssue, (_c, { params }) => issues.get(id(params.id)));
  route(routes, operations.adminUpdateNewsletterIssue, (_c, { actor, params, body }) =>
    issues.update(auditActor(actor), id(params.id), body),
  );
  route(routes, operations.adminTestNewsletterIssue, async (_c, { actor, params, body }) => {
    const { email } = await issues.test(actor, id(params.id), body.email);
    return { message: `A test copy is on its way to ${email}.`, email };
  });
  route(routes, operations.adminSendNewsletterIssue, (_c, { actor, params }) =>
    issues.send(auditActor(actor), id(params.id)),
  );
  return routes;
}
