import { Hono } from "hono";
import { CONTACT_MESSAGES } from "../../shared/contact-form.ts";
import { operations } from "../../shared/contracts/operations.ts";
import { type Authenticator, clientNetwork } from "../account/auth.ts";
import type { ApiEnv } from "../api-env.ts";
import { route } from "../contract/route.ts";
import type { Limits } from "../rate-limit.ts";
import type { ContactService } from "./contact.service.ts";

export function contactRoutes({
  contact,
  auth,
  limits,
}: {
  contact: ContactService;
  auth: Authenticator;
  limits: Limits;
}): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  route(routes, operations.getContactForm, async () => ({ form_token: contact.formToken() }));

  // A message a robot sent is answered exactly like a person's (and counts against the same limits), so the
  // answer never tells it which of its tricks gave it away.
  route(routes, operations.sendContactMessage, async (c, { body }) => {
    const identity = await auth.optionalIdentity(c);
    const issuedAt = contact.issuedAt(body.form_token);
    await limits.consumeAll([
      ["contact-messages-per-address", clientNetwork(c)],
      ["contact-messages-per-email", body.email.toLowerCase()],
    ]);
    const spam = contact.spamSign(body, issuedAt);
    if (spam) contact.drop(spam, issuedAt);
    else await contact.receive(body, identity?.user.id ?? null);
    return { message: CONTACT_MESSAGES.sent };
  });

  return routes;
}
