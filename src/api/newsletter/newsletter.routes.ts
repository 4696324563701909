import { Hono } from "hono";
import { operations } from "../../shared/contracts/operations.ts";
import { NEWSLETTER_MESSAGES } from "../../shared/newsletter.ts";
import { clientNetwork } from "../account/auth.ts";
import type { ApiEnv } from "../api-env.ts";
import { route } from "../contract/route.ts";
import type { Limits } from "../rate-limit.ts";
import type { NewsletterService } from "./newsletter.service.ts";

export function newsletterRoutes({
  newsletter,
  limits,
}: {
  newsletter: NewsletterService;
  limits: Limits;
}): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  // Limited per client address and per email, whatever the address's state, so a 429 tells nothing either.
  route(routes, operations.subscribeNewsletter, async (c, { body }) => {
    await limits.consumeAll([
      ["newsletter-signups-per-address", clientNetwork(c)],
      ["newsletter-signups-per-email", body.email],
    ]);
    await newsletter.subscribe(body);
    return { message: NEWSLETTER_MESSAGES.subscribed };
  });

  route(routes, operations.confirmNewsletter, async (_c, { body }) => {
    const { email } = await newsletter.confirm(body.token);
    return { message: NEWSLETTER_MESSAGES.confirmed, email };
  });

  route(routes, operations.unsubscribeNewsletter, async (_c, { body }) => {
    const { email } = await newsletter.unsubscribe(body.token);
    return { message: NEWSLETTER_MESSAGES.unsubscribed, email };
  });

  return routes;
}
