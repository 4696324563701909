import { data, Form } from "react-router";
import { NEWSLETTER_MESSAGES } from "../../../shared/newsletter.ts";
import { apiContext } from "../../lib/api.server.ts";
import pageStyles from "../../styles/pages.css?url";
import { failureStatus, formText } from "../../ui/forms/api-errors.ts";
import { FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { shopNameOf, useShopDetails } from "../../ui/site.ts";
import { NewsletterCard } from "../newsletter/newsletter-card.tsx";
import type { Route } from "./+types/newsletter-unsubscribe";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Unsubscribe | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

interface UnsubscribeOutcome {
  unsubscribed: boolean;
  message: string;
  email: string;
}

const FALLBACK = "Something went wrong. Please try again.";

/** The link in every newsletter mail: `/newsletter/unsubscribe?token=...`. Opening it changes nothing yet. */
export function loader({ url }: Route.LoaderArgs) {
  return { token: url.searchParams.get("token") ?? "" };
}

/**
 * Unsubscribes: the page's button, or a mail client's one-click unsubscribe (RFC 8058), which posts
 * `List-Unsubscribe=One-Click` to the link itself, so the token then comes from the address.
 */
export async function action({ context, request, url }: Route.ActionArgs) {
  const token = formText(await readForm(request), "token") || (url.searchParams.get("token") ?? "");
  const response = await context.get(apiContext).call("unsubscribeNewsletter", { body: { token } });
  if (response.ok) {
    const outcome: UnsubscribeOutcome = {
      unsubscribed: true,
      message: response.data.message,
      email: response.data.email,
    };
    return outcome;
  }
  const outcome: UnsubscribeOutcome = {
    unsubscribed: false,
    message: response.data.message || FALLBACK,
    email: "",
  };
  return data(outcome, { status: failureStatus(response.status) });
}

/** A request that gets no answer from the shop keeps the page, and says why (spec section 8). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    (failure): UnsubscribeOutcome => ({
      unsubscribed: false,
      message: submissionMessage(failure, FALLBACK),
      email: "",
    }),
  );
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { name } = useShopDetails();
  const submitting = useSubmitting();
  if (actionData?.unsubscribed) {
    return (
      <NewsletterCard title="You are unsubscribed">
        <FormAlert kind="success">{actionData.message}</FormAlert>
        <p className="auth-card__intro">
          <strong className="newsletter-email">{actionData.email}</strong> is off our list. Changed your mind?
          Sign up again with the Subscribe form at the bottom of this page.
        </p>
      </NewsletterCard>
    );
  }
  if (!loaderData.token) {
    return (
      <NewsletterCard title="Unsubscribe from our newsletter">
        <FormAlert kind="error">{NEWSLETTER_MESSAGES.unsubscribeInvalid}</FormAlert>
      </NewsletterCard>
    );
  }
  return (
    <NewsletterCard title="Unsubscribe from our newsletter">
      <p className="auth-card__intro">
        Press the button to stop getting the {name} newsletter at the address this link was mailed to.
      </p>
      {actionData && <FormAlert kind="error">{actionData.message}</FormAlert>}
      <Form method="post" className="form-stack" aria-busy={submitting}>
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" className="button button--block" disabled={submitting}>
          {submitting ? "Unsubscribing..." : "Unsubscribe"}
        </button>
      </Form>
    </NewsletterCard>
  );
}
