import { data } from "react-router";
import { HONEYPOT_FIELD } from "../../../shared/honeypot.ts";
import { apiContext } from "../../lib/api.server.ts";
import pageStyles from "../../styles/pages.css?url";
import { failureStatus, firstErrors, formText } from "../../ui/forms/api-errors.ts";
import { FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { shopNameOf, useShopDetails } from "../../ui/site.ts";
import { NewsletterCard } from "../newsletter/newsletter-card.tsx";
import type { SubscribeResult } from "../newsletter/subscribe-result.ts";
import type { Route } from "./+types/newsletter";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Newsletter | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

const FALLBACK = "Something went wrong. Please try again.";

/**
 * The footer's Subscribe form posts here. The API answers the same whether or not the address was on the list
 * already; a refusal (a malformed address, too many tries) comes back with its message.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await readForm(request);
  const response = await context.get(apiContext).call("subscribeNewsletter", {
    body: {
      email: formText(form, "email"),
      source: formText(form, "source"),
      [HONEYPOT_FIELD]: formText(form, HONEYPOT_FIELD),
    },
  });
  if (response.ok) return { ok: true, message: response.data.message } satisfies SubscribeResult;
  const result: SubscribeResult = {
    ok: false,
    message: Object.values(firstErrors(response.data.errors))[0] ?? (response.data.message || FALLBACK),
  };
  return data(result, { status: failureStatus(response.status) });
}

/** A sign-up that gets no answer from the shop says why (spec section 8); the address stays in the field. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    (failure): SubscribeResult => ({ ok: false, message: submissionMessage(failure, FALLBACK) }),
  );
}

/** Without JavaScript the footer's form lands here, and this page says how it went. */
export default function Newsletter({ actionData }: Route.ComponentProps) {
  const { name } = useShopDetails();
  return (
    <NewsletterCard title={`The ${name} newsletter`}>
      {actionData ? (
        <FormAlert kind={actionData.ok ? "success" : "error"}>{actionData.message}</FormAlert>
      ) : (
        <p className="auth-card__intro">
          New collections, offers and styling ideas by email. Sign up with the Subscribe form at the bottom of
          this page; we send a link to confirm your address first.
        </p>
      )}
    </NewsletterCard>
  );
}
